import { describe, expect, it } from 'vitest'
import { defaultLobbySettings, type GameEvent } from '../../../../server/contract/game'
import { buildTimeline } from '../../../../renderer/features/statistics/timeline'

/** An event before the record numbers and times it. */
type Unnumbered = GameEvent extends infer Event ? (Event extends GameEvent ? Omit<Event, 'version' | 'at'> : never) : never

/** A short game's record: the deal, the zero night, one day with a vote, one night with a shot and checks, and the end. */
function events(): GameEvent[] {
  const list: Unnumbered[] = [
    { type: 'game_created', deckId: 1, settings: defaultLobbySettings, seats: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], judge: 11 },
    { type: 'roles_dealt', roles: ['Don', 'Mafia', 'Mafia', 'Sheriff', 'Civil', 'Civil', 'Civil', 'Civil', 'Civil', 'Civil'] },
    { type: 'zero_night_started', deadline: 1 },
    { type: 'day_started', day: 1, firstSeat: 1 },
    { type: 'speech_started', seat: 1, speech: 'day', deadline: 2, shortened: false },
    { type: 'nomination_proposed', by: 1, target: 2 },
    { type: 'nominated', by: 1, target: 2 },
    { type: 'microphone', seat: 1, open: false },
    { type: 'foul', seat: 3, fouls: 1 },
    { type: 'speech_skipped', seat: 2, speech: 'day' },
    { type: 'nomination_rejected', by: 4, target: 4 },
    { type: 'voting_started', round: 1, candidates: [2, 5], votingType: 0, deadline: 3 },
    { type: 'vote_cast', voter: 1, candidate: 2 },
    { type: 'voting_closed', round: 1, votes: [{ voter: 1, candidate: 2, automatic: false }], counts: [{ candidate: 2, votes: 1 }, { candidate: 5, votes: 0 }] },
    { type: 'tie', seats: [2, 5] },
    { type: 'speech_started', seat: 2, speech: 'defence', deadline: 4, shortened: true },
    { type: 'lift_vote_closed', votes: [], yes: 6, needed: 6, passed: true },
    { type: 'player_left', seat: 2, reason: 'vote' },
    { type: 'speech_started', seat: 2, speech: 'last_words', deadline: 5, shortened: false },
    { type: 'night_started', night: 1 },
    { type: 'night_step_started', step: 'shooting', deadline: 6 },
    { type: 'night_action', step: 'shooting', seat: 1, target: 7, result: null },
    { type: 'night_action', step: 'don', seat: 1, target: 4, result: 'sheriff' },
    { type: 'night_action', step: 'sheriff', seat: 4, target: 1, result: 'black' },
    { type: 'night_result', night: 1, killed: [7] },
    { type: 'best_move_named', seat: 7, targets: [1, 3] },
    { type: 'day_started', day: 2, firstSeat: 3 },
    { type: 'no_elimination', reason: 'no_nominees' },
    { type: 'game_ended', outcome: 'red', reason: 'judge', roles: [], losingTeam: null },
    { type: 'points_awarded', seat: 4, points: 0.3, reason: 'Fine checks' },
  ]
  return list.map((event, index) => ({ ...event, version: index + 1, at: index }) as GameEvent)
}

describe('the game record timeline', () => {
  it('puts every speech, nomination, vote, shot, check and foul into its day or night, in order', () => {
    const timeline = buildTimeline(events())
    expect(timeline.map((period) => `${period.kind} ${period.number}`)).toEqual(['night 0', 'day 1', 'night 1', 'day 2'])
    expect(timeline[0]?.entries).toEqual([])
    expect(timeline[1]?.entries).toEqual([
      { kind: 'speech', seat: 1, speech: 'day', shortened: false },
      { kind: 'nomination', by: 1, target: 2 },
      { kind: 'foul', seat: 3, fouls: 1 },
      { kind: 'speech_skipped', seat: 2, speech: 'day' },
      { kind: 'nomination_rejected', by: 4, target: 4 },
      { kind: 'vote', round: 1, counts: [{ candidate: 2, votes: 1 }, { candidate: 5, votes: 0 }], votes: [{ voter: 1, candidate: 2, automatic: false }] },
      { kind: 'tie', seats: [2, 5] },
      { kind: 'speech', seat: 2, speech: 'defence', shortened: true },
      { kind: 'lift', yes: 6, needed: 6, passed: true },
      { kind: 'left', seat: 2, reason: 'vote' },
      { kind: 'speech', seat: 2, speech: 'last_words', shortened: false },
    ])
    expect(timeline[2]?.entries).toEqual([
      { kind: 'night_action', step: 'shooting', seat: 1, target: 7, result: null },
      { kind: 'night_action', step: 'don', seat: 1, target: 4, result: 'sheriff' },
      { kind: 'night_action', step: 'sheriff', seat: 4, target: 1, result: 'black' },
      { kind: 'night_result', killed: [7] },
      { kind: 'best_move', seat: 7, targets: [1, 3] },
    ])
    // The end and the judge's points given after it close the last period.
    expect(timeline[3]?.entries).toEqual([
      { kind: 'no_elimination', reason: 'no_nominees' },
      { kind: 'ended', outcome: 'red', reason: 'judge' },
      { kind: 'award', seat: 4, points: 0.3, reason: 'Fine checks' },
    ])
  })

  it('leaves out what only steers the table: the deal, timers, microphones, pending nominations, single votes', () => {
    const kinds = buildTimeline(events()).flatMap((period) => period.entries.map((entry) => entry.kind))
    expect(kinds).not.toContain('microphone')
    expect(kinds.filter((kind) => kind === 'vote')).toHaveLength(1)
    expect(kinds.filter((kind) => kind === 'nomination')).toHaveLength(1)
  })

  it('is empty for a game that never got past the deal', () => {
    expect(buildTimeline(events().slice(0, 2))).toEqual([])
  })
})

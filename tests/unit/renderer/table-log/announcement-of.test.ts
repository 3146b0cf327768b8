import { describe, expect, it } from 'vitest'
import type { NoEliminationReason, TableEvent } from '../../../../server/contract/game'
import { announcementOf, announcementsOf, announcementText, type SeatCard } from '../../../../renderer/features/table/announcements/announcement-of'
import { createShellI18n } from '../shell/support'

const i18n = await createShellI18n('en')
const cards: SeatCard[] = [
  { seat: 1, user: { nickname: 'Ihor' } },
  { seat: 3, user: { nickname: 'Olena' } },
  { seat: 4, user: { nickname: 'Marta' } },
  { seat: 6, user: { nickname: 'Taras' } },
  { seat: 7, user: { nickname: 'Oleh' } },
]
const at = 1_000

/** The announcement of one event in English, with its kind: what a viewer would read. */
function said(event: TableEvent, speaker: number | null = null): { kind: string; text: string } | null {
  const announcement = announcementOf(event, cards, { speaker, deadline: null, remaining: null })
  return announcement ? { kind: announcement.kind, text: announcementText(i18n.t, announcement) } : null
}

describe('the host announces what the server decided', () => {
  it('a confirmed nomination names the nominee and who nominated them', () => {
    expect(said({ type: 'nominated', at, by: 1, target: 4 })).toEqual({ kind: 'nomination', text: '#4 Marta is nominated (by #1 Ihor)' })
  })

  it("a vote's counts, every candidate's; a tie; the lift vote either way", () => {
    expect(said({ type: 'voting_closed', at, round: 1, votes: null, counts: [{ candidate: 4, votes: 6 }, { candidate: 7, votes: 3 }] })).toEqual({
      kind: 'vote',
      text: 'Votes: #4 Marta: 6 · #7 Oleh: 3',
    })
    expect(said({ type: 'tie', at, seats: [4, 7] })).toEqual({ kind: 'vote', text: 'Tie between #4, #7: defence speeches, then a re-vote' })
    expect(said({ type: 'lift_vote_closed', at, votes: null, yes: 6, needed: 5, passed: true })?.text).toContain('They leave the table')
    expect(said({ type: 'lift_vote_closed', at, votes: null, yes: 3, needed: 5, passed: false })?.text).toContain('They stay')
  })

  it('who leaves by vote, and a removal with its cause', () => {
    expect(said({ type: 'player_left', at, seat: 4, reason: 'vote' })).toEqual({ kind: 'leaves', text: '#4 Marta leaves the table' })
    expect(said({ type: 'player_left', at, seat: 6, reason: 'fouls' })).toEqual({ kind: 'removal', text: '#6 Taras is removed: fourth foul' })
    expect(said({ type: 'player_left', at, seat: 6, reason: 'disqualified' })).toEqual({ kind: 'removal', text: '#6 Taras is removed: disqualified' })
    expect(said({ type: 'player_left', at, seat: 6, reason: 'disconnected' })?.kind).toBe('removal')
    // The morning's result already says who was killed: the leaving itself is not called out twice.
    expect(said({ type: 'player_left', at, seat: 7, reason: 'night' })).toBeNull()
  })

  const reasons: Record<NoEliminationReason, string> = {
    no_nominees: 'Nobody leaves: nobody was nominated',
    single_nominee_first_day: 'Nobody leaves: a single nominee on the first day is not voted on',
    first_day: 'Nobody leaves: nobody is voted out on the first day',
    split_three_in_nine: 'Nobody leaves: three tied among nine',
    lift_failed: 'Nobody leaves: the vote to remove all tied players failed',
  }
  for (const [reason, text] of Object.entries(reasons)) {
    it(`nobody leaves, and why: ${reason}`, () => {
      expect(said({ type: 'no_elimination', at, reason: reason as NoEliminationReason })).toEqual({ kind: 'no_elimination', text })
    })
  }

  it("the night's kill or miss", () => {
    expect(said({ type: 'night_result', at, night: 1, killed: [7] })).toEqual({ kind: 'kill', text: 'Night 1: #7 Oleh was killed' })
    expect(said({ type: 'night_result', at, night: 2, killed: [] })).toEqual({ kind: 'miss', text: 'Night 2: the shot missed' })
  })

  it('a best move and its picks, or none', () => {
    expect(said({ type: 'best_move_named', at, seat: 1, targets: [3, 5, 8] })).toEqual({ kind: 'best_move', text: '#1 Ihor names a best move: #3, #5, #8' })
    expect(said({ type: 'best_move_named', at, seat: 1, targets: [] })).toEqual({ kind: 'best_move', text: '#1 Ihor names no best move' })
  })

  it('a foul with the count, pauses and resumes', () => {
    expect(said({ type: 'foul', at, seat: 6, fouls: 2 })).toEqual({ kind: 'foul', text: 'Foul for #6 Taras (2)' })
    expect(said({ type: 'paused', at, remaining: 20_000 })).toEqual({ kind: 'pause', text: 'The game is paused' })
    expect(said({ type: 'resumed', at, deadline: 30_000 })).toEqual({ kind: 'resume', text: 'The game goes on' })
  })

  it("time up names the speaker whose time ran out (from the log's speeches)", () => {
    expect(said({ type: 'time_up', at }, 3)).toEqual({ kind: 'time_up', text: 'Time is up for #3 Olena' })
    expect(said({ type: 'time_up', at })).toEqual({ kind: 'time_up', text: 'Time is up' })
    const log: TableEvent[] = [
      { type: 'speech_started', at, seat: 3, speech: 'day', deadline: at + 60_000, shortened: false },
      { type: 'time_up', at },
      { type: 'voting_started', at, round: 1, candidates: [4], votingType: 0, deadline: at },
      { type: 'time_up', at },
    ]
    expect(announcementsOf(log, cards).map((item) => [item.index, announcementText(i18n.t, item.announcement)])).toEqual([
      [1, 'Time is up for #3 Olena'],
      [3, 'Time is up'],
    ])
  })

  it("the judge's timer: +30 s, or a restart, with the time left (running or paused)", () => {
    const speech: TableEvent = { type: 'speech_started', at: 0, seat: 3, speech: 'day', deadline: 60_000, shortened: false }
    const texts = (log: TableEvent[]) => announcementsOf(log, cards).map((item) => [item.announcement.kind, announcementText(i18n.t, item.announcement)])
    expect(texts([speech, { type: 'timer_changed', at: 50_000, deadline: 90_000, remaining: null }])).toEqual([['timer', '+30 s: 0:40 left']])
    expect(texts([speech, { type: 'timer_changed', at: 50_000, deadline: 110_000, remaining: null }])).toEqual([['timer', 'The timer starts again: 1:00 left']])
    const paused: TableEvent = { type: 'paused', at: 40_000, remaining: 20_000 }
    expect(texts([speech, paused, { type: 'timer_changed', at: 45_000, deadline: null, remaining: 50_000 }]).at(-1)).toEqual(['timer', '+30 s: 0:50 left'])
  })

  it('the end: the winner and why, or the team that lost for cheating', () => {
    expect(said({ type: 'game_ended', at, outcome: 'red', reason: 'all_black_left', roles: [], losingTeam: null })).toEqual({
      kind: 'end',
      text: 'The city wins. Every black player has left the table.',
    })
    expect(said({ type: 'game_ended', at, outcome: 'red', reason: 'team_loss', roles: [], losingTeam: 'black' })?.text).toBe('The black team loses for breaking the rules. The city wins')
  })

  it('events the host does not call out give no announcement; an empty seat is named by its number', () => {
    expect(said({ type: 'speech_started', at, seat: 3, speech: 'day', deadline: at, shortened: false })).toBeNull()
    expect(said({ type: 'microphone', at, seat: 3, open: true })).toBeNull()
    expect(said({ type: 'foul', at, seat: 9, fouls: 1 })?.text).toBe('Foul for #9 (1)')
  })
})

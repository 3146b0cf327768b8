import { describe, expect, it } from 'vitest'
import { gameResult, nextDeadline, projectEvent, sameSeatResults, timings } from '../../../server/modules/game/engine'
import { Table, autoTable, userOf } from './support/table'

const fouls = (table: Table, seat: number, count: number) => {
  for (let index = 0; index < count; index++) table.act('judge', { type: 'foul', seat })
}

describe('fouls', () => {
  it('are shown to everyone', () => {
    const table = new Table()
    const events = table.act('judge', { type: 'foul', seat: 5 })
    expect(events[0]).toMatchObject({ type: 'foul', seat: 5, fouls: 1 })
    expect(projectEvent(events[0]!, { kind: 'spectator' }, table.state)).toEqual(events[0])
    expect(table.view({ kind: 'spectator' }).seats[4]?.fouls).toBe(1)
    expect(table.view({ kind: 'player', seat: 1 }).seats[4]?.fouls).toBe(1)
  })

  it('only the judge gives them, and a table without a judge has none', () => {
    const table = new Table()
    table.refuse(3, { type: 'foul', seat: 5 }, 'errors.game.judge_only')
    table.refuse('host', { type: 'foul', seat: 5 }, 'errors.game.judge_only')
    const auto = autoTable()
    auto.refuse(3, { type: 'foul', seat: 5 }, 'errors.game.no_judge')
    auto.refuse('judge', { type: 'foul', seat: 5 }, 'errors.game.no_judge')
  })

  it('the third foul costs the player their next speech', () => {
    const table = new Table()
    fouls(table, 3, 3)
    expect(table.seat(3).losesNextSpeech).toBe(true)
    expect(table.view({ kind: 'spectator' }).seats[2]?.losesNextSpeech).toBe(true)
    table.toFirstDay()
    table.act('judge', { type: 'next' })
    table.act('judge', { type: 'next' })
    expect(table.eventsOfType('speech_skipped')).toEqual([expect.objectContaining({ seat: 3, speech: 'day' })])
    expect(table.state.speaker).toBe(4)
    expect(table.seat(3).losesNextSpeech).toBe(false)
  })

  it('a third foul during the player\'s own speech costs the next one, not the current one', () => {
    const table = new Table()
    table.toFirstDay()
    fouls(table, 1, 3)
    expect(table.state.speaker).toBe(1)
    table.act(1, { type: 'nominate', target: 5 })
    table.speeches()
    table.vote({})
    table.night()
    expect(table.state.day).toBe(2)
    expect(table.state.speaker).toBe(2)
    table.speeches()
    expect(table.eventsOfType('speech_skipped').map((event) => event.seat)).toEqual([1])
  })

  it('the lost speech includes a defence speech', () => {
    const table = new Table()
    table.toFirstDay()
    table.quietDay()
    table.night()
    table.speeches({ 2: 5, 3: 7 })
    fouls(table, 5, 3)
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 })
    expect(table.state.phase).toBe('defence_speech')
    expect(table.state.speaker).toBe(7)
    expect(table.eventsOfType('speech_skipped').at(-1)).toMatchObject({ seat: 5, speech: 'defence' })
  })

  it('with three or four players left, the speech is shortened to 30 seconds instead', () => {
    const table = new Table()
    for (const seat of [1, 2, 4, 5, 6, 7]) table.act('judge', { type: 'disqualify', seat })
    expect(table.state.phase).toBe('zero_night')
    fouls(table, 9, 3)
    table.toFirstDay()
    expect(table.state.speaker).toBe(3)
    table.act('judge', { type: 'next' })
    table.act('judge', { type: 'next' })
    expect(table.state.speaker).toBe(9)
    expect(table.eventsOfType('speech_started').at(-1)).toMatchObject({ seat: 9, shortened: true, deadline: table.now + timings.shortenedSpeech })
    expect(timings.shortenedSpeech).toBe(30_000)
    expect(table.eventsOfType('speech_skipped')).toEqual([])
  })

  it('fourthFoul false: fouls stop counting at three', () => {
    const table = new Table()
    fouls(table, 5, 3)
    table.refuse('judge', { type: 'foul', seat: 5 }, 'errors.game.foul_limit')
    expect(table.seat(5).left).toBeNull()
  })

  it('fourthFoul true: the fourth foul removes the player at once, without last words, for -0.5', () => {
    const table = new Table({ settings: { fourthFoul: true } })
    table.toFirstDay()
    fouls(table, 1, 4)
    expect(table.seat(1).left).toBe('fouls')
    expect(table.eventsOfType('player_left').at(-1)).toMatchObject({ seat: 1, reason: 'fouls' })
    // The speaker was removed: the word passes on, and there are no last words.
    expect(table.state.phase).toBe('day_speech')
    expect(table.state.speaker).toBe(2)
    table.refuse('judge', { type: 'foul', seat: 1 }, 'errors.game.seat_left')
    table.act('judge', { type: 'end_game', outcome: 'black' })
    expect(gameResult(table.state)?.seats[0]?.breakdown.removal).toBe(-0.5)
    expect(gameResult(table.state)?.seats[0]?.points).toBe(-0.5)
  })

  it('fourthFoul true: removing a nominee cancels the vote on them; the vote is held again without them', () => {
    const table = new Table({ settings: { fourthFoul: true } })
    table.toFirstDay()
    table.quietDay()
    table.night()
    table.speeches({ 2: 5, 3: 7, 4: 9 })
    table.act(1, { type: 'vote', target: 5 })
    fouls(table, 5, 4)
    expect(table.state.phase).toBe('voting')
    expect(table.state.vote?.candidates).toEqual([7, 9])
    expect(table.state.vote?.votes).toEqual([])
    table.vote({ 1: 7, 2: 7, 3: 7, 4: 7, 6: 7 })
    expect(table.seat(7).left).toBe('vote')
  })
})

describe('disqualification and team loss', () => {
  it('disqualification removes the player at once, without last words, for -0.5', () => {
    const table = new Table()
    table.toFirstDay()
    table.act('judge', { type: 'disqualify', seat: 5 })
    expect(table.seat(5).left).toBe('disqualified')
    expect(table.state.phase).toBe('day_speech')
    expect(table.state.farewellQueue).toEqual([])
    table.refuse(5, { type: 'end_speech' }, 'errors.game.seat_left')
    table.refuse('judge', { type: 'disqualify', seat: 5 }, 'errors.game.seat_left')
    table.act('judge', { type: 'end_game', outcome: 'red' })
    expect(gameResult(table.state)?.seats[4]).toMatchObject({ won: true, points: 0.5, breakdown: { win: 1, removal: -0.5 } })
  })

  it('a team loss for cheating ends the game: the other team wins', () => {
    const table = new Table()
    table.toFirstDay()
    table.refuse(3, { type: 'team_loss', team: 'black' }, 'errors.game.judge_only')
    table.act('judge', { type: 'team_loss', team: 'black' })
    expect(table.state.outcome).toEqual({ outcome: 'red', reason: 'team_loss', losingTeam: 'black' })
    expect(gameResult(table.state)?.seats.filter((seat) => seat.won).map((seat) => seat.seat)).toEqual([1, 2, 3, 5, 7, 9, 10])
  })

  it('the judge ends the game with a verdict; the Maniac cannot win a classic game', () => {
    const table = new Table()
    table.refuse('judge', { type: 'end_game', outcome: 'maniac' }, 'errors.game.invalid_target')
    table.act('judge', { type: 'end_game', outcome: 'draw' })
    expect(table.state.phase).toBe('ended')
    expect(gameResult(table.state)?.seats.every((seat) => seat.points === 0)).toBe(true)
  })
})

describe('disconnection', () => {
  it('a seated player disconnected for three minutes is removed as if disqualified', () => {
    const table = autoTable()
    table.toFirstDay()
    table.act('host', { type: 'connection', user: userOf(5), connected: false })
    expect(table.view({ kind: 'spectator' }).seats[4]?.connected).toBe(false)
    expect(nextDeadline(table.state)).toBe(table.state.deadline)
    table.act(1, { type: 'end_speech' })
    table.now += timings.disconnectLimit
    table.act('host', { type: 'tick' })
    expect(table.seat(5).left).toBe('disconnected')
    expect(timings.disconnectLimit).toBe(180_000)
    expect(table.state.farewellQueue).toEqual([])
  })

  it('at the exact limit, and for -0.5 like a disqualification', () => {
    const table = new Table()
    table.act('host', { type: 'connection', user: userOf(5), connected: false })
    table.wait(timings.disconnectLimit - 1)
    expect(table.seat(5).left).toBeNull()
    expect(nextDeadline(table.state)).toBe(table.now + 1)
    table.wait(1)
    expect(table.seat(5).left).toBe('disconnected')
    table.act('judge', { type: 'end_game', outcome: 'black' })
    expect(gameResult(table.state)?.seats[4]?.breakdown.removal).toBe(-0.5)
  })

  it('coming back in time keeps the seat', () => {
    const table = new Table()
    table.act('host', { type: 'connection', user: userOf(5), connected: false })
    table.now += 170_000
    table.act('host', { type: 'connection', user: userOf(5), connected: true })
    table.wait(60_000)
    expect(table.seat(5).left).toBeNull()
    expect(table.seat(5).connected).toBe(true)
  })

  it('only the server reports connections, and only of seated users', () => {
    const table = new Table()
    table.refuse(5, { type: 'connection', user: userOf(5), connected: false }, 'errors.game.host_only')
    table.refuse('host', { type: 'connection', user: 4242, connected: false }, 'errors.game.not_at_table')
    expect(table.act('host', { type: 'connection', user: userOf(5), connected: true })).toEqual([])
  })

  it('removing a disconnected speaker passes the word on', () => {
    const table = new Table()
    table.toFirstDay()
    table.act('host', { type: 'connection', user: userOf(1), connected: false })
    table.now += timings.disconnectLimit
    table.act('host', { type: 'tick' })
    expect(table.seat(1).left).toBe('disconnected')
    expect(table.state.speaker).toBe(2)
  })
})

describe('pause', () => {
  it('freezes the timers and refuses play until the judge resumes', () => {
    const table = new Table()
    table.toFirstDay()
    table.now += 20_000
    table.act('judge', { type: 'pause' })
    expect(table.view({ kind: 'spectator' })).toMatchObject({ paused: true, remaining: 40_000, deadline: null })
    table.refuse('judge', { type: 'pause' }, 'errors.game.paused')
    table.refuse(1, { type: 'nominate', target: 5 }, 'errors.game.paused')
    table.refuse('judge', { type: 'next' }, 'errors.game.paused')
    expect(table.wait(600_000)).toEqual([])
    table.act('judge', { type: 'resume' })
    expect(table.state.deadline).toBe(table.now + 40_000)
    table.refuse('judge', { type: 'resume' }, 'errors.game.not_paused')
    table.refuse(2, { type: 'pause' }, 'errors.game.judge_only')
  })

  it('a judge-less table cannot be paused', () => {
    autoTable().refuse('judge', { type: 'pause' }, 'errors.game.no_judge')
  })
})

describe('extra points', () => {
  it('between -1 and +1 in steps of 0.05, with a reason, per player in total too', () => {
    const table = new Table()
    table.act('judge', { type: 'award_points', seat: 3, points: 0.35, reason: 'fine play' })
    table.act('judge', { type: 'award_points', seat: 3, points: 0.65, reason: 'more' })
    table.refuse('judge', { type: 'award_points', seat: 3, points: 0.05, reason: 'too much' }, 'errors.game.invalid_points')
    table.refuse('judge', { type: 'award_points', seat: 4, points: 0.33, reason: 'odd step' }, 'errors.game.invalid_points')
    table.refuse('judge', { type: 'award_points', seat: 4, points: -1.05, reason: 'too low' }, 'errors.game.invalid_points')
    table.refuse('judge', { type: 'award_points', seat: 4, points: 0.1, reason: '  ' }, 'errors.game.invalid_points')
    table.refuse('judge', { type: 'award_points', seat: 11, points: 0.1, reason: 'no seat' }, 'errors.game.invalid_target')
    table.refuse(4, { type: 'award_points', seat: 4, points: 0.1, reason: 'self' }, 'errors.game.judge_only')
    table.act('judge', { type: 'award_points', seat: 4, points: -1, reason: 'rude' })
    table.act('judge', { type: 'team_loss', team: 'red' })
    const result = gameResult(table.state)
    expect(result?.seats[2]).toMatchObject({ points: 1, breakdown: { extra: 1, win: 0 } })
    expect(result?.seats[3]).toMatchObject({ points: 0, breakdown: { extra: -1, win: 1 } })
  })

  it("after the end, a closed protocol keeps every seat's result; extra points change the seat they go to", () => {
    const table = new Table()
    table.act('judge', { type: 'end_game', outcome: 'red' })
    const ended = gameResult(table.state)?.seats ?? []
    table.act('judge', { type: 'finalise' })
    expect(sameSeatResults(ended, gameResult(table.state)?.seats ?? [])).toBe(true)

    const again = new Table()
    again.act('judge', { type: 'end_game', outcome: 'red' })
    const before = gameResult(again.state)?.seats ?? []
    again.act('judge', { type: 'award_points', seat: 3, points: 0.5, reason: 'fine play' })
    expect(sameSeatResults(before, gameResult(again.state)?.seats ?? [])).toBe(false)
    expect(sameSeatResults(before, before.slice(0, 9))).toBe(false)
  })

  it('are hidden from the table until the game ends (a reason may hint at a role)', () => {
    const table = new Table()
    const [award] = table.act('judge', { type: 'award_points', seat: 3, points: 0.3, reason: 'a good Sheriff' })
    expect(projectEvent(award!, { kind: 'spectator' }, table.state)).toBeNull()
    expect(projectEvent(award!, { kind: 'player', seat: 3 }, table.state)).toBeNull()
    expect(projectEvent(award!, { kind: 'judge' }, table.state)).toEqual(award)
    expect(table.view({ kind: 'spectator' }).awards).toBeNull()
    expect(table.view({ kind: 'judge' }).awards).toEqual([{ seat: 3, points: 0.3, reason: 'a good Sheriff' }])
    table.act('judge', { type: 'end_game', outcome: 'red' })
    expect(projectEvent(award!, { kind: 'spectator' }, table.state)).toEqual(award)
    expect(table.view({ kind: 'spectator' }).awards).toHaveLength(1)
  })

  it('can still be given after the end until the judge closes the protocol', () => {
    const table = new Table()
    table.act('judge', { type: 'end_game', outcome: 'red' })
    expect(gameResult(table.state)?.finalised).toBe(false)
    table.act('judge', { type: 'award_points', seat: 1, points: 0.2, reason: 'leader' })
    table.refuse('judge', { type: 'next' }, 'errors.game.game_over')
    table.act('judge', { type: 'finalise' })
    expect(gameResult(table.state)).toMatchObject({ finalised: true })
    expect(gameResult(table.state)?.seats[0]?.points).toBe(1.2)
    table.refuse('judge', { type: 'award_points', seat: 1, points: 0.2, reason: 'again' }, 'errors.game.game_over')
    table.refuse('judge', { type: 'finalise' }, 'errors.game.game_over')
  })

  it('the protocol can only be closed once the game has ended', () => {
    new Table().refuse('judge', { type: 'finalise' }, 'errors.game.phase')
  })
})

import { describe, expect, it } from 'vitest'
import { defaultLobbySettings, gameErrorCodes, isGameErrorCode } from '../../../server/contract/game'
import { createGame, decide, type GameState } from '../../../server/modules/game/engine'
import { Table, autoTable, classicRoles, judgeUser, outsiderUser, userOf, type TestPayload } from './support/table'

/** Freezes the whole state, so any attempt to change it in place throws. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

describe('error codes', () => {
  it('are a closed list of translation keys under errors.game', () => {
    expect(gameErrorCodes.length).toBeGreaterThan(10)
    for (const code of gameErrorCodes) expect(code).toMatch(/^errors\.game\.[a-z_]+$/)
    for (const code of ['errors.game.not_your_turn', 'errors.game.seat_left', 'errors.game.already_voted', 'errors.game.phase', 'errors.game.not_at_table', 'errors.game.game_over', 'errors.game.judge_only', 'errors.game.invalid_target']) {
      expect(isGameErrorCode(code)).toBe(true)
    }
    expect(isGameErrorCode('errors.game.nope')).toBe(false)
  })
})

describe('illegal commands change nothing', () => {
  it('out of turn', () => {
    const table = autoTable()
    table.toFirstDay()
    table.refuse(5, { type: 'nominate', target: 2 }, 'errors.game.not_your_turn')
    table.refuse(5, { type: 'end_speech' }, 'errors.game.not_your_turn')
    table.refuse(5, { type: 'vote', target: 2 }, 'errors.game.phase')
    table.refuse(5, { type: 'lift_vote', leave: true }, 'errors.game.phase')
    table.refuse(5, { type: 'best_move', targets: [1] }, 'errors.game.phase')
    table.quietDay()
    table.refuse(3, { type: 'night_action', target: 4 }, 'errors.game.not_your_turn')
    table.refuse(6, { type: 'nominate', target: 4 }, 'errors.game.phase')
  })

  it('by someone not at the table', () => {
    const table = autoTable()
    table.toFirstDay()
    const outsider = { user: outsiderUser }
    table.refuse(outsider, { type: 'nominate', target: 2 }, 'errors.game.not_at_table')
    table.refuse(outsider, { type: 'end_speech' }, 'errors.game.not_at_table')
    table.refuse('host', { type: 'end_speech' }, 'errors.game.not_at_table')
    table.speeches({ 1: 5, 2: 7 })
    table.refuse(outsider, { type: 'vote', target: 5 }, 'errors.game.not_at_table')
    table.vote({})
    table.refuse(outsider, { type: 'night_action', target: 5 }, 'errors.game.not_at_table')
  })

  it('for a seat that left', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 4, 2: 7 })
    table.vote({ 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4 })
    expect(table.seat(4).left).toBe('vote')
    table.farewells()
    table.refuse(4, { type: 'night_action', target: 1 }, 'errors.game.seat_left')
    table.night({ shots: { 6: 1, 8: 1 } })
    table.farewells()
    table.refuse(1, { type: 'end_speech' }, 'errors.game.seat_left')
    table.refuse(4, { type: 'nominate', target: 2 }, 'errors.game.seat_left')
    table.speeches({ 2: 5, 3: 7 })
    table.refuse(1, { type: 'vote', target: 5 }, 'errors.game.seat_left')
  })

  it('twice in one phase', () => {
    const table = autoTable()
    table.toFirstDay()
    table.act(1, { type: 'nominate', target: 5 })
    table.refuse(1, { type: 'nominate', target: 6 }, 'errors.game.nomination_used')
    table.speeches({ 2: 7 })
    table.act(1, { type: 'vote', target: 5 })
    table.refuse(1, { type: 'vote', target: 5 }, 'errors.game.already_voted')
    table.vote({})
    table.act(4, { type: 'night_action', target: 2 })
    table.refuse(4, { type: 'night_action', target: 3 }, 'errors.game.already_acted')
  })

  it('after the game ended', () => {
    const commands: [Parameters<Table['refuse']>[0], TestPayload][] = [
      [1, { type: 'nominate', target: 2 }],
      [1, { type: 'end_speech' }],
      [1, { type: 'vote', target: 2 }],
      [1, { type: 'lift_vote', leave: true }],
      [4, { type: 'night_action', target: 2 }],
      [1, { type: 'best_move', targets: [4] }],
      ['judge', { type: 'next' }],
      ['judge', { type: 'foul', seat: 1 }],
      ['judge', { type: 'award_points', seat: 1, points: 0.1, reason: 'late' }],
      ['judge', { type: 'finalise' }],
      ['host', { type: 'tick' }],
      ['host', { type: 'connection', user: userOf(2), connected: true }],
      [{ user: outsiderUser }, { type: 'vote', target: 2 }],
    ]
    const judged = new Table()
    judged.act('judge', { type: 'end_game', outcome: 'red' })
    judged.act('judge', { type: 'finalise' })
    for (const [sender, payload] of commands) judged.refuse(sender, payload, 'errors.game.game_over')
    // A judge-less game is final the moment it ends.
    const auto = autoTable({ settings: { voteIn0: true } })
    auto.toFirstDay()
    auto.speeches({ 1: 4 })
    auto.farewells()
    auto.night()
    auto.speeches({ 2: 6 })
    auto.farewells()
    auto.night()
    auto.speeches({ 3: 8 })
    expect(auto.state.phase).toBe('ended')
    for (const [sender, payload] of commands) auto.refuse(sender, payload, 'errors.game.game_over')
  })

  it('the judge cannot also play', () => {
    const seats = classicRoles.map((_, index) => userOf(index + 1))
    seats[4] = judgeUser
    expect(createGame({ deckId: 1, settings: defaultLobbySettings, seats, judge: judgeUser }, 0)).toEqual({ ok: false, error: 'errors.game.judge_playing' })
    const table = new Table()
    table.toFirstDay()
    table.refuse('judge', { type: 'nominate', target: 5 }, 'errors.game.not_at_table')
    table.refuse('judge', { type: 'end_speech' }, 'errors.game.not_at_table')
    table.speeches({ 2: 5, 3: 7 })
    table.refuse('judge', { type: 'vote', target: 5 }, 'errors.game.not_at_table')
  })

  it('a player cannot use the judge\'s powers', () => {
    const table = new Table()
    for (const payload of [
      { type: 'next' },
      { type: 'foul', seat: 2 },
      { type: 'disqualify', seat: 2 },
      { type: 'pause' },
      { type: 'microphone', seat: 2, open: true },
      { type: 'end_game', outcome: 'black' },
      { type: 'team_loss', team: 'red' },
    ] satisfies TestPayload[]) {
      table.refuse(6, payload, 'errors.game.judge_only')
    }
  })
})

describe('purity', () => {
  const frozenDay = (): GameState => {
    const table = autoTable()
    table.toFirstDay()
    table.act(1, { type: 'nominate', target: 5 })
    return deepFreeze(table.state)
  }

  it('deciding never changes the given state, accepted or refused', () => {
    const state = frozenDay()
    const at = state.clock
    expect(decide(state, { type: 'end_speech', by: userOf(1), at }).ok).toBe(true)
    expect(decide(state, { type: 'tick', by: 'host', at: at + 10 * 60_000 }).ok).toBe(true)
    expect(decide(state, { type: 'vote', by: userOf(1), at, target: 5 }).ok).toBe(false)
  })

  it('the same state and command always give the same events', () => {
    const state = frozenDay()
    const command = { type: 'tick', by: 'host', at: state.clock + 30 * 60_000 } as const
    expect(decide(state, command)).toEqual(decide(state, command))
  })
})

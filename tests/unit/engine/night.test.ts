import { describe, expect, it } from 'vitest'
import { gameResult, timings } from '../../../server/modules/game/engine'
import { Table, autoTable } from './support/table'

/** A judge-less table at the first night's shooting. */
function firstNight(options: ConstructorParameters<typeof Table>[0] = {}): Table {
  const table = autoTable(options)
  table.toFirstDay()
  table.quietDay()
  expect(table.state.phase).toBe('night_shooting')
  return table
}

describe('the night\'s shot', () => {
  it('every black player picks a seat within 10 seconds; the same seat for all kills', () => {
    const table = firstNight()
    expect(table.state.deadline).toBe(table.now + timings.nightStep)
    expect(timings.nightStep).toBe(10_000)
    for (const black of [4, 6, 8]) table.act(black, { type: 'night_action', target: 2 })
    table.night()
    expect(table.eventsOfType('night_result').at(-1)).toMatchObject({ night: 1, killed: [2] })
    expect(table.seat(2).left).toBe('night')
  })

  it('different seats are a miss, and the table is told nobody died', () => {
    const table = firstNight()
    table.night({ shots: { 4: 2, 6: 2, 8: 5 } })
    expect(table.eventsOfType('night_result').at(-1)?.killed).toEqual([])
    expect(table.state.seats.every((seat) => seat.left === null)).toBe(true)
    expect(table.state.phase).toBe('day_speech')
  })

  it('a black player who does not shoot makes it a miss', () => {
    const table = firstNight()
    table.night({ shots: { 4: 2, 6: 2 } })
    expect(table.eventsOfType('night_result').at(-1)?.killed).toEqual([])
  })

  it('only the black players still at the table need to agree', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 8 })
    table.farewells()
    table.night({ shots: { 4: 2, 6: 2 } })
    expect(table.eventsOfType('night_result').at(-1)?.killed).toEqual([2])
  })

  it('black players may shoot anyone at the table, themselves too, but not a player who left', () => {
    const table = firstNight()
    table.act(4, { type: 'night_action', target: 4 })
    table.refuse(6, { type: 'night_action', target: 11 }, 'errors.game.invalid_target')
    table.refuse(4, { type: 'night_action', target: 5 }, 'errors.game.already_acted')
  })

  it('red players do not shoot, and the shot is over after its 10 seconds', () => {
    const table = firstNight()
    table.refuse(1, { type: 'night_action', target: 2 }, 'errors.game.not_your_turn')
    table.refuse(3, { type: 'night_action', target: 2 }, 'errors.game.not_your_turn')
    table.finish()
    expect(table.state.phase).toBe('night_don')
    table.refuse(4, { type: 'night_action', target: 2 }, 'errors.game.not_your_turn')
  })

  it('every step runs its full time even when its player already acted, so its length tells nothing', () => {
    const table = firstNight()
    for (const black of [4, 6, 8]) table.act(black, { type: 'night_action', target: 2 })
    expect(table.state.phase).toBe('night_shooting')
  })

  it('with a judge, a late click after the time is up is refused', () => {
    const table = new Table()
    table.toFirstDay()
    table.quietDay()
    table.wait(10_000)
    table.refuse(4, { type: 'night_action', target: 2 }, 'errors.game.time_up')
    table.act('judge', { type: 'next' })
    expect(table.state.phase).toBe('night_don')
  })
})

describe('the checks', () => {
  it('then the Don checks a seat: is it the Sheriff? Only the Don (and the judge) learn the answer', () => {
    const table = firstNight()
    table.finish()
    expect(table.state.phase).toBe('night_don')
    table.refuse(4, { type: 'night_action', target: 3 }, 'errors.game.not_your_turn')
    table.refuse(6, { type: 'night_action', target: 6 }, 'errors.game.invalid_target')
    table.act(6, { type: 'night_action', target: 3 })
    table.refuse(6, { type: 'night_action', target: 5 }, 'errors.game.already_acted')
    expect(table.events.at(-1)).toMatchObject({ type: 'night_action', step: 'don', seat: 6, target: 3, result: 'sheriff' })
    expect(table.view({ kind: 'player', seat: 6 }).nightActions).toEqual([{ night: 1, step: 'don', seat: 6, target: 3, result: 'sheriff' }])
    expect(table.view({ kind: 'judge' }).nightActions).toHaveLength(1)
    for (const seat of [1, 3, 4, 8]) expect(table.view({ kind: 'player', seat }).nightActions).toEqual([])
    expect(table.view({ kind: 'spectator' }).nightActions).toEqual([])
  })

  it('then the Sheriff checks a seat: red or black, for the Sheriff\'s eyes only', () => {
    const table = firstNight()
    table.finish()
    table.act(6, { type: 'night_action', target: 1 })
    expect(table.events.at(-1)).toMatchObject({ result: 'not_sheriff' })
    table.finish()
    expect(table.state.phase).toBe('night_sheriff')
    table.act(3, { type: 'night_action', target: 8 })
    expect(table.events.at(-1)).toMatchObject({ step: 'sheriff', seat: 3, target: 8, result: 'black' })
    expect(table.view({ kind: 'player', seat: 3 }).nightActions).toEqual([{ night: 1, step: 'sheriff', seat: 3, target: 8, result: 'black' }])
    expect(table.view({ kind: 'player', seat: 6 }).nightActions.map((action) => action.step)).toEqual(['don'])
    table.finish()
    expect(table.state.phase).toBe('day_speech')
    table.quietDay()
    table.finish()
    table.finish()
    table.act(3, { type: 'night_action', target: 1 })
    expect(table.state.nightActions.at(-1)).toMatchObject({ night: 2, result: 'red' })
    expect(table.view({ kind: 'player', seat: 3 }).nightActions.map((action) => action.result)).toEqual(['black', 'red'])
  })

  it('a Sheriff who has left is still woken (the step runs) but cannot act', () => {
    const table = firstNight()
    table.night({ shots: { 4: 3, 6: 3, 8: 3 } })
    table.farewells()
    table.quietDay()
    table.finish()
    table.finish()
    expect(table.state.phase).toBe('night_sheriff')
    table.refuse(3, { type: 'night_action', target: 4 }, 'errors.game.seat_left')
  })
})

describe('last words after the night', () => {
  it('the killed player speaks for 60 seconds, then day 2 starts', () => {
    const table = autoTable()
    table.toFirstDay()
    table.speeches({ 1: 5, 2: 7 })
    table.vote({})
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    // First-night victim: best move first.
    expect(table.state.phase).toBe('best_move')
    table.act(1, { type: 'end_speech' })
    expect(table.state.phase).toBe('last_words')
    expect(table.state.speaker).toBe(1)
    expect(table.state.deadline).toBe(table.now + 60_000)
    table.finish()
    expect(table.state.phase).toBe('day_speech')
    expect(table.state.day).toBe(2)
  })
})

describe('the best move', () => {
  it('the first-night victim names up to three seats before the last words', () => {
    const table = firstNight()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    expect(table.state.phase).toBe('best_move')
    expect(table.state.speaker).toBe(1)
    table.refuse(2, { type: 'best_move', targets: [4, 6, 8] }, 'errors.game.not_your_turn')
    table.refuse(1, { type: 'best_move', targets: [1, 6, 8] }, 'errors.game.invalid_target')
    table.refuse(1, { type: 'best_move', targets: [6, 6, 8] }, 'errors.game.invalid_target')
    table.act(1, { type: 'best_move', targets: [4, 6, 8] })
    expect(table.state.bestMoves).toEqual([{ seat: 1, targets: [4, 6, 8] }])
    expect(table.state.phase).toBe('last_words')
    table.refuse(1, { type: 'best_move', targets: [4, 6] }, 'errors.game.phase')
    expect(table.view({ kind: 'spectator' }).bestMoves).toEqual([{ seat: 1, targets: [4, 6, 8] }])
  })

  it('is not offered on later nights', () => {
    const table = firstNight()
    table.night()
    table.quietDay()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    expect(table.state.phase).toBe('last_words')
  })

  it('is not offered when two or more players left on the first day', () => {
    const table = new Table({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.act('judge', { type: 'disqualify', seat: 9 })
    table.speeches({ 1: 5 })
    table.farewells()
    expect(table.state.seats.filter((seat) => seat.left !== null)).toHaveLength(2)
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    expect(table.state.phase).toBe('last_words')
    expect(table.state.speaker).toBe(1)
  })

  it('is still offered when only one player left on the first day', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 5 })
    table.farewells()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    expect(table.state.phase).toBe('best_move')
  })

  it('its timer passing means no best move', () => {
    const table = firstNight()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    expect(table.state.deadline).toBe(table.now + timings.bestMove)
    table.finish()
    expect(table.state.phase).toBe('last_words')
    expect(table.state.bestMoves).toEqual([])
  })
})

describe('best move points in the result', () => {
  const playToEnd = (targets: number[]) => {
    const table = new Table()
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    table.act(1, { type: 'best_move', targets })
    table.act('judge', { type: 'end_game', outcome: 'red' })
    return gameResult(table.state)?.seats[0]
  }

  it('adds 0.4 for three black seats and 0.25 for two to the victim\'s points', () => {
    expect(playToEnd([4, 6, 8])?.breakdown.bestMove).toBe(0.4)
    expect(playToEnd([4, 6, 8])?.points).toBe(1.4)
    expect(playToEnd([4, 9, 8])?.breakdown.bestMove).toBe(0.25)
    expect(playToEnd([4, 9, 10])?.breakdown.bestMove).toBe(0)
    expect(playToEnd([])?.breakdown.bestMove).toBe(0)
  })

  it('a black victim earns nothing for naming partners', () => {
    const table = new Table()
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 4: 8, 6: 8, 8: 8 } })
    table.act(8, { type: 'best_move', targets: [4, 6, 3] })
    table.act('judge', { type: 'end_game', outcome: 'red' })
    expect(gameResult(table.state)?.seats[7]?.breakdown.bestMove).toBe(0)
  })
})

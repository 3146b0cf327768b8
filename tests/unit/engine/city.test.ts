import { describe, expect, it } from 'vitest'
import { gameResult, projectEvent } from '../../../server/modules/game/engine'
import { Table, autoTable } from './support/table'

/** Deck 2: Doctor 2, Sheriff 3, Mafia 4 and 8, Don 6, Maniac 7. */
function cityNight(options: ConstructorParameters<typeof Table>[0] = {}): Table {
  const table = autoTable({ deckId: 2, ...options })
  table.toFirstDay()
  table.quietDay()
  return table
}

const stepsOfNight = (table: Table) => {
  const steps: string[] = []
  while (table.state.phase.startsWith('night_')) {
    steps.push(table.state.nightStep as string)
    table.finish()
  }
  return steps
}

describe('the city deck (deck 2)', () => {
  it('plays twelve seats and wakes the mafia, the Maniac, the Doctor, the Don and the Sheriff', () => {
    const table = cityNight()
    expect(table.state.seats).toHaveLength(12)
    expect(stepsOfNight(table)).toEqual(['shooting', 'maniac', 'doctor', 'don', 'sheriff'])
  })

  it('the Maniac kills one player a night, with the mafia\'s victim both leave with last words (and best moves on night 1)', () => {
    const table = cityNight()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 }, maniac: 5 })
    expect(table.eventsOfType('night_result').at(-1)?.killed).toEqual([1, 5])
    expect(table.state.phase).toBe('best_move')
    expect(table.state.speaker).toBe(1)
    table.farewells()
    expect(table.eventsOfType('best_move_started').map((event) => event.seat)).toEqual([1, 5])
    expect(table.eventsOfType('speech_started').filter((event) => event.speech === 'last_words').map((event) => event.seat)).toEqual([1, 5])
    expect(table.state.phase).toBe('day_speech')
  })

  it('the Maniac cannot kill himself; only he acts in his step', () => {
    const table = cityNight()
    table.finish()
    expect(table.state.phase).toBe('night_maniac')
    table.refuse(7, { type: 'night_action', target: 7 }, 'errors.game.invalid_target')
    table.refuse(4, { type: 'night_action', target: 1 }, 'errors.game.not_your_turn')
    table.act(7, { type: 'night_action', target: 1 })
    table.refuse(7, { type: 'night_action', target: 9 }, 'errors.game.already_acted')
  })

  it('the Doctor\'s heal saves the mafia\'s victim', () => {
    const table = cityNight()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 }, doctor: 1 })
    expect(table.eventsOfType('night_result').at(-1)?.killed).toEqual([])
    expect(table.seat(1).left).toBeNull()
  })

  it('and the Maniac\'s victim', () => {
    const table = cityNight()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 }, maniac: 5, doctor: 5 })
    expect(table.eventsOfType('night_result').at(-1)?.killed).toEqual([1])
  })

  it('the Doctor may not heal the same player two nights running', () => {
    const table = cityNight()
    table.night({ doctor: 9 })
    table.quietDay()
    table.finish()
    table.finish()
    expect(table.state.phase).toBe('night_doctor')
    table.refuse(2, { type: 'night_action', target: 9 }, 'errors.game.invalid_target')
    table.act(2, { type: 'night_action', target: 10 })
    table.night()
    table.quietDay()
    table.finish()
    table.finish()
    table.act(2, { type: 'night_action', target: 9 })
  })

  it('the Doctor heals himself only once a game', () => {
    // Someone leaves each day, so the game reaches a third night without a draw.
    const second = cityNight({ settings: { voteIn0: true } })
    second.night({ doctor: 2 })
    second.speeches({ 2: 11 })
    second.farewells()
    second.night({ doctor: 9 })
    second.speeches({ 3: 12 })
    second.farewells()
    second.finish()
    second.finish()
    expect(second.state.phase).toBe('night_doctor')
    second.refuse(2, { type: 'night_action', target: 2 }, 'errors.game.invalid_target')
  })

  it('the Sheriff sees the Maniac as red (he is not of the mafia); the Don does not see him as the Sheriff', () => {
    const table = cityNight()
    table.night({ don: 7, sheriff: 7 })
    const checks = table.eventsOfType('night_action')
    expect(checks.map((check) => [check.step, check.result])).toEqual([
      ['don', 'not_sheriff'],
      ['sheriff', 'red'],
    ])
  })

  it('the Maniac\'s and the Doctor\'s choices are theirs (and the judge\'s) alone', () => {
    const table = cityNight()
    table.finish()
    const [kill] = table.act(7, { type: 'night_action', target: 1 })
    table.finish()
    const [heal] = table.act(2, { type: 'night_action', target: 9 })
    for (const viewer of [{ kind: 'spectator' as const }, { kind: 'player' as const, seat: 4 }, { kind: 'player' as const, seat: 3 }]) {
      expect(projectEvent(kill!, viewer, table.state)).toBeNull()
      expect(projectEvent(heal!, viewer, table.state)).toBeNull()
    }
    expect(projectEvent(kill!, { kind: 'player', seat: 7 }, table.state)).toEqual(kill)
    expect(projectEvent(heal!, { kind: 'player', seat: 2 }, table.state)).toEqual(heal)
    expect(projectEvent(heal!, { kind: 'judge' }, table.state)).toEqual(heal)
    // The Maniac is not black: he does not see the mafia, and they do not see him.
    expect(table.view({ kind: 'player', seat: 7 }).you?.partners).toEqual([])
    expect(table.view({ kind: 'player', seat: 6 }).seats[6]?.role).toBeNull()
  })
})

describe('winning with the Maniac at the table', () => {
  it('the Maniac wins when he is one of the last two', () => {
    const table = new Table({ deckId: 2 })
    for (const seat of [4, 6, 8]) table.act('judge', { type: 'disqualify', seat })
    expect(table.state.phase).not.toBe('ended')
    for (const seat of [1, 2, 3, 5, 9, 10, 11]) table.act('judge', { type: 'disqualify', seat })
    expect(table.state.outcome).toEqual({ outcome: 'maniac', reason: 'maniac_last_two', losingTeam: null })
    expect(gameResult(table.state)?.seats.filter((seat) => seat.won).map((seat) => seat.seat)).toEqual([7])
  })

  it('red wins only once the Maniac has left too', () => {
    const table = new Table({ deckId: 2 })
    for (const seat of [4, 6, 8]) table.act('judge', { type: 'disqualify', seat })
    expect(table.state.phase).toBe('zero_night')
    table.act('judge', { type: 'disqualify', seat: 7 })
    expect(table.state.outcome).toEqual({ outcome: 'red', reason: 'all_black_left', losingTeam: null })
    expect(gameResult(table.state)?.seats.filter((seat) => seat.won).map((seat) => seat.seat)).toEqual([1, 2, 3, 5, 9, 10, 11, 12])
  })

  it('black wins at parity with red, the Maniac counting for neither', () => {
    const table = new Table({ deckId: 2 })
    for (const seat of [1, 5, 9, 10]) table.act('judge', { type: 'disqualify', seat })
    expect(table.state.phase).toBe('zero_night')
    table.act('judge', { type: 'disqualify', seat: 11 })
    // Red: 2, 3, 12; black: 4, 6, 8; the Maniac still plays.
    expect(table.state.outcome?.outcome).toBe('black')
    expect(table.seat(7).left).toBeNull()
  })

  it('one Maniac and one black player left is the Maniac\'s win', () => {
    const table = new Table({ deckId: 2 })
    for (const seat of [4, 6, 1, 2, 3, 5, 9, 10]) table.act('judge', { type: 'disqualify', seat })
    // Left: the Maniac 7, Mafia 8, Civil 11 and 12. One kill by either would give black parity;
    // both kills in one night leave the Maniac and the Mafia as the last two.
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 8: 11 }, maniac: 12 })
    expect(table.state.outcome?.outcome).toBe('maniac')
  })

  it('the judge can end a city game in the Maniac\'s favour', () => {
    const table = new Table({ deckId: 2 })
    table.act('judge', { type: 'end_game', outcome: 'maniac' })
    expect(table.state.outcome?.outcome).toBe('maniac')
  })
})

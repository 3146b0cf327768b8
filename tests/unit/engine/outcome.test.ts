import { describe, expect, it } from 'vitest'
import { gameResult, projectEvent } from '../../../server/modules/game/engine'
import { Table, autoTable, classicRoles } from './support/table'

const winners = (table: Table) => gameResult(table.state)?.seats.filter((seat) => seat.won).map((seat) => seat.seat)

describe('red wins', () => {
  it('when every black player has left; the game ends at once, without last words', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 4 })
    table.farewells()
    table.night()
    table.speeches({ 2: 6 })
    table.farewells()
    table.night()
    table.speeches({ 3: 8 })
    expect(table.state.phase).toBe('ended')
    expect(table.state.outcome).toEqual({ outcome: 'red', reason: 'all_black_left', losingTeam: null })
    expect(winners(table)).toEqual([1, 2, 3, 5, 7, 9, 10])
    const result = gameResult(table.state)
    expect(result?.seats.map((seat) => seat.points)).toEqual([1, 1, 1, 0, 1, 0, 1, 0, 1, 1])
    expect(result?.seats.map((seat) => seat.role)).toEqual(classicRoles)
    expect(result?.finalised).toBe(true)
    expect(result?.countsForRatings).toBe(true)
  })
})

describe('black wins', () => {
  it('when black players are at least as many as red ones', () => {
    const table = new Table()
    for (const seat of [1, 2, 5]) table.act('judge', { type: 'disqualify', seat })
    expect(table.state.phase).toBe('zero_night')
    table.act('judge', { type: 'disqualify', seat: 7 })
    expect(table.state.outcome).toEqual({ outcome: 'black', reason: 'black_parity', losingTeam: null })
    expect(winners(table)).toEqual([4, 6, 8])
    expect(gameResult(table.state)?.seats.map((seat) => seat.points)).toEqual([-0.5, -0.5, 0, 1, -0.5, 1, -0.5, 1, 0, 0])
  })

  it('by the night\'s shot too', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    for (const target of [1, 2]) {
      table.speeches({ [table.state.firstSeat as number]: target === 1 ? 5 : 7 })
      table.farewells()
      table.night({ shots: { 4: target, 6: target, 8: target } })
      table.farewells()
    }
    // 3 black, 7 - 4 = 3 red left after two votes and two kills.
    expect(table.state.outcome?.outcome).toBe('black')
  })
})

describe('the draw', () => {
  it('nobody leaves during three nights and the two days between them', () => {
    const table = autoTable()
    table.toFirstDay()
    for (let night = 1; night <= 2; night++) {
      table.quietDay()
      table.night()
      expect(table.state.phase).toBe('day_speech')
    }
    table.quietDay()
    table.night()
    expect(table.state.outcome).toEqual({ outcome: 'draw', reason: 'draw_quiet_rounds', losingTeam: null })
    expect(gameResult(table.state)?.seats.every((seat) => !seat.won && seat.points === 0)).toBe(true)
  })

  it('counts from the last departure: a day-1 departure still allows the draw after night 3', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 5 })
    table.farewells()
    table.night()
    table.quietDay()
    table.night()
    expect(table.state.phase).toBe('day_speech')
    table.quietDay()
    table.night()
    expect(table.state.outcome?.outcome).toBe('draw')
  })

  it('a departure at night restarts the count: no draw after night 3, a draw after night 4', () => {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    table.farewells()
    for (let night = 2; night <= 3; night++) {
      table.quietDay()
      table.night()
      expect(table.state.phase).toBe('day_speech')
    }
    table.quietDay()
    table.night()
    expect(table.state.outcome?.outcome).toBe('draw')
  })
})

describe('the end of the game', () => {
  it('reveals every role to everyone', () => {
    const table = new Table()
    table.act('judge', { type: 'end_game', outcome: 'red' })
    const ended = table.events.at(-1)
    expect(ended).toMatchObject({ type: 'game_ended', roles: classicRoles })
    expect(projectEvent(ended!, { kind: 'spectator' }, table.state)).toEqual(ended)
    expect(table.view({ kind: 'spectator' }).seats.map((seat) => seat.role)).toEqual(classicRoles)
    expect(table.view({ kind: 'player', seat: 1 }).seats.map((seat) => seat.role)).toEqual(classicRoles)
  })

  it('a newbie table\'s game does not count for ratings', () => {
    const table = new Table({ settings: { newbie: true } })
    table.act('judge', { type: 'end_game', outcome: 'black' })
    expect(gameResult(table.state)?.countsForRatings).toBe(false)
  })

  it('a game in progress has no result', () => {
    expect(gameResult(new Table().state)).toBeNull()
  })
})

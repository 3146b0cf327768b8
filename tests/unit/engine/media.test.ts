import { describe, expect, it } from 'vitest'
import type { Viewer } from '../../../server/contract/game'
import { camerasFor, microphoneControl, openMicrophones } from '../../../server/modules/game/engine'
import { Table, autoTable } from './support/table'

const spectator: Viewer = { kind: 'spectator' }
const judge: Viewer = { kind: 'judge' }
const player = (seat: number): Viewer => ({ kind: 'player', seat })
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)

// The table driver deals deck 1 as Sheriff 3, Mafia 4 and 8, Don 6; deck 2 adds the Doctor 2 and the Maniac 7.
const cameras = (table: Table, viewer: Viewer) => camerasFor(table.state, viewer)

describe('cameras by day', () => {
  it('every seat reaches everyone, seats that left included', () => {
    const table = new Table({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.act('judge', { type: 'disqualify', seat: 7 })
    for (const viewer of [spectator, judge, player(1), player(4), player(7)]) expect(cameras(table, viewer)).toEqual(range(1, 10))
    // The view carries the same list.
    expect(table.view(player(2)).cameras).toEqual(range(1, 10))
  })

  it('before the deal and after the end too', () => {
    const before = new Table({ deal: false })
    expect(cameras(before, spectator)).toEqual(range(1, 10))
    const after = new Table()
    after.act('judge', { type: 'end_game', outcome: 'red' })
    expect(cameras(after, spectator)).toEqual(range(1, 10))
    expect(cameras(after, player(3))).toEqual(range(1, 10))
  })

  it('the morning\'s best move and last words are by day', () => {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    expect(table.state.phase).toBe('best_move')
    expect(cameras(table, spectator)).toEqual(range(1, 10))
  })
})

describe('cameras at the zero night', () => {
  it('the black players see each other; everyone else sees nobody but themselves', () => {
    const table = new Table()
    expect(table.state.phase).toBe('zero_night')
    for (const black of [4, 6, 8]) expect(cameras(table, player(black))).toEqual([4, 6, 8])
    for (const red of [1, 3, 10]) expect(cameras(table, player(red))).toEqual([red])
    expect(cameras(table, spectator)).toEqual([])
    expect(cameras(table, judge)).toEqual(range(1, 10))
  })

  it('a black player removed from the table is out of it', () => {
    const table = new Table()
    table.act('judge', { type: 'disqualify', seat: 8 })
    expect(cameras(table, player(4))).toEqual([4, 6])
    expect(cameras(table, player(8))).toEqual([8])
  })
})

describe('cameras at night', () => {
  function shooting(options: ConstructorParameters<typeof Table>[0] = {}): Table {
    const table = autoTable(options)
    table.toFirstDay()
    table.quietDay()
    expect(table.state.phase).toBe('night_shooting')
    return table
  }

  it('while shooting, the black players at the table see each other, nobody else sees anyone', () => {
    const table = shooting()
    for (const black of [4, 6, 8]) expect(cameras(table, player(black))).toEqual([4, 6, 8])
    for (const red of [1, 2, 3, 9]) expect(cameras(table, player(red))).toEqual([red])
    expect(cameras(table, spectator)).toEqual([])
    expect(cameras(table, judge)).toEqual(range(1, 10))
  })

  it('a black player who left sees only themself, and the others no longer see them', () => {
    const table = autoTable({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 8 })
    table.farewells()
    expect(table.state.phase).toBe('night_shooting')
    expect(cameras(table, player(4))).toEqual([4, 6])
    expect(cameras(table, player(8))).toEqual([8])
  })

  it('during the checks the acting player is seen by the judge only', () => {
    const table = shooting()
    table.finish()
    expect(table.state.phase).toBe('night_don')
    expect(cameras(table, player(6))).toEqual([6])
    expect(cameras(table, player(4))).toEqual([4])
    expect(cameras(table, judge)).toEqual(range(1, 10))
    table.finish()
    expect(table.state.phase).toBe('night_sheriff')
    expect(cameras(table, player(3))).toEqual([3])
    expect(cameras(table, player(8))).toEqual([8])
    expect(cameras(table, spectator)).toEqual([])
  })

  it('the Maniac\'s and the Doctor\'s steps show nobody; the Maniac is not one of the mafia', () => {
    const table = shooting({ deckId: 2 })
    expect(cameras(table, player(7))).toEqual([7])
    expect(cameras(table, player(4))).toEqual([4, 6, 8])
    table.finish()
    expect(table.state.phase).toBe('night_maniac')
    for (const seat of [2, 4, 7]) expect(cameras(table, player(seat))).toEqual([seat])
    table.finish()
    expect(table.state.phase).toBe('night_doctor')
    for (const seat of [2, 4, 7]) expect(cameras(table, player(seat))).toEqual([seat])
    expect(cameras(table, judge)).toEqual(range(1, 12))
  })

  it('nobody learns from their cameras whether the Sheriff still plays or has acted', () => {
    const alive = shooting({ settings: { voteIn0: true } })
    alive.finish()
    alive.finish()
    const before = range(1, 10).map((seat) => cameras(alive, player(seat)))
    alive.act(3, { type: 'night_action', target: 6 })
    expect(range(1, 10).map((seat) => cameras(alive, player(seat)))).toEqual(before)
    expect(cameras(alive, spectator)).toEqual([])
  })

  it('a pause at night changes nothing', () => {
    const table = new Table()
    table.act('judge', { type: 'pause' })
    expect(cameras(table, player(4))).toEqual([4, 6, 8])
    expect(cameras(table, player(1))).toEqual([1])
  })
})

describe('microphones', () => {
  it('by day the speaker, with the judge always heard and the speaker shown large', () => {
    const table = new Table()
    table.toFirstDay()
    expect(microphoneControl(table.state)).toEqual({ open: [1], judge: true, speaker: 1 })
    table.act('judge', { type: 'pause' })
    expect(microphoneControl(table.state)).toEqual({ open: [], judge: true, speaker: 1 })
  })

  it('nobody\'s at night or during the votes', () => {
    const table = autoTable()
    expect(microphoneControl(table.state)).toEqual({ open: [], judge: false, speaker: null })
    table.toFirstDay()
    table.speeches({ 1: 4, 2: 5 })
    expect(table.state.phase).toBe('voting')
    expect(openMicrophones(table.state)).toEqual([])
  })

  it('a seat that left is heard in its own last words only, whatever the judge opened before', () => {
    const table = new Table({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.act('judge', { type: 'microphone', seat: 9, open: true })
    table.act('judge', { type: 'disqualify', seat: 9 })
    expect(openMicrophones(table.state)).toEqual([1])
    expect(table.view(spectator).microphones).toEqual([1])
    table.speeches({ 1: 5 })
    expect(table.state).toMatchObject({ phase: 'last_words', speaker: 5 })
    expect(microphoneControl(table.state)).toEqual({ open: [5], judge: true, speaker: 5 })
    table.act('judge', { type: 'next' })
    expect(openMicrophones(table.state)).toEqual([])
  })

  it('everyone before the deal and after the end, those who left included', () => {
    expect(openMicrophones(new Table({ deal: false }).state)).toEqual(range(1, 10))
    const table = new Table()
    table.act('judge', { type: 'disqualify', seat: 3 })
    table.act('judge', { type: 'end_game', outcome: 'red' })
    expect(microphoneControl(table.state)).toEqual({ open: range(1, 10), judge: true, speaker: null })
  })
})

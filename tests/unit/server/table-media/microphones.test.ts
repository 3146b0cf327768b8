import { describe, expect, it } from 'vitest'
import { roomControlOf } from '../../../../server/modules/table-media/microphones'
import { Table, autoTable, judgeUser, userOf } from '../../engine/support/table'

const peer = (seat: number) => String(userOf(seat))
const openPeers = (table: Table) =>
  Object.entries(roomControlOf(table.state).microphones)
    .filter(([, open]) => open)
    .map(([peerId]) => peerId)

describe('the room control of a game state', () => {
  it('says nothing before the deal (everyone may talk)', () => {
    expect(roomControlOf(null)).toEqual({ microphones: {}, speaker: null })
    const table = new Table({ deal: false })
    expect(openPeers(table)).toHaveLength(11)
  })

  it('closes every seat at night, keeps the judge open, and follows the day speaker', () => {
    const table = new Table()
    expect(openPeers(table)).toEqual([String(judgeUser)])
    expect(roomControlOf(table.state).speaker).toBeNull()
    table.toFirstDay()
    expect(openPeers(table).sort()).toEqual([peer(1), String(judgeUser)].sort())
    expect(roomControlOf(table.state).speaker).toBe(peer(1))
    table.act(1, { type: 'end_speech' })
    expect(roomControlOf(table.state)).toMatchObject({ speaker: peer(2), microphones: { [peer(1)]: false, [peer(2)]: true } })
  })

  it('applies the judge\'s overrides', () => {
    const table = new Table()
    table.act('judge', { type: 'microphone', seat: 5, open: true })
    table.act('judge', { type: 'microphone', seat: 6, open: true })
    table.act('judge', { type: 'microphone', seat: 6, open: false })
    expect(openPeers(table).sort()).toEqual([peer(5), String(judgeUser)].sort())
  })

  it('a seat that left the game speaks only in its own last words, whatever the overrides, until the end', () => {
    const table = autoTable()
    table.toFirstDay()
    table.speeches({ 1: 5, 2: 7 })
    table.vote({})
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    expect(table.state.phase).toBe('best_move')
    expect(roomControlOf(table.state)).toMatchObject({ speaker: peer(1), microphones: { [peer(1)]: true } })
    table.farewells()
    expect(table.state.phase).toBe('day_speech')
    expect(table.seat(1).left).not.toBeNull()
    expect(roomControlOf(table.state).microphones[peer(1)]).toBe(false)
  })

  it('opens everyone after the end, those who left included', () => {
    const table = new Table()
    table.act('judge', { type: 'disqualify', seat: 3 })
    expect(roomControlOf(table.state).microphones[peer(3)]).toBe(false)
    table.act('judge', { type: 'team_loss', team: 'black' })
    expect(table.state.phase).toBe('ended')
    expect(openPeers(table)).toHaveLength(11)
    expect(roomControlOf(table.state).speaker).toBeNull()
  })

  it('names the seated players and the judge only, and keeps naming a paused speaker with a closed microphone', () => {
    const table = new Table()
    table.toFirstDay()
    table.act('judge', { type: 'pause' })
    const control = roomControlOf(table.state)
    expect(Object.keys(control.microphones).sort()).toEqual([...Array.from({ length: 10 }, (_, index) => peer(index + 1)), String(judgeUser)].sort())
    expect(control).toMatchObject({ speaker: peer(1), microphones: { [peer(1)]: false, [String(judgeUser)]: true } })
  })

  it('a judge-less table names the seats only', () => {
    const table = autoTable()
    table.toFirstDay()
    expect(Object.keys(roomControlOf(table.state).microphones)).toHaveLength(10)
    expect(openPeers(table)).toEqual([peer(1)])
  })
})

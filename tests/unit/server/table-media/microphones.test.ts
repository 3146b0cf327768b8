import { describe, expect, it } from 'vitest'
import { roomControlOf as controlOf } from '../../../../server/modules/table-media/microphones'
import { Table, autoTable, classicRoles, judgeUser, userOf } from '../../engine/support/table'

const peer = (seat: number) => String(userOf(seat))
const seats = Array.from({ length: 10 }, (_, index) => userOf(index + 1))
/** The lobby of the test table: ten seats, the judge, two spectators and a share page. */
const members = { publishers: [...seats, judgeUser], spectators: [501, 502], viewers: ['share-7-page'] }
const roomControlOf = (state: Parameters<typeof controlOf>[0]) => controlOf(state, members)
const openPeers = (table: Table) =>
  Object.entries(roomControlOf(table.state).microphones)
    .filter(([, open]) => open)
    .map(([peerId]) => peerId)

describe('the room control of a game state', () => {
  it('before the deal names every member, everyone may talk and see everyone', () => {
    const control = roomControlOf(null)
    expect(control.speaker).toBeNull()
    expect(Object.values(control.microphones).every((open) => open)).toBe(true)
    expect(Object.keys(control.microphones)).toHaveLength(11)
    expect(control.peers[String(judgeUser)]).toEqual({ role: 'publisher', cameras: 'all' })
    expect(control.peers['501']).toEqual({ role: 'subscriber', cameras: 'all' })
    expect(control.peers['share-7-page']).toEqual({ role: 'subscriber', cameras: 'all' })
    expect(Object.keys(control.peers)).toHaveLength(14)
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
    expect(Object.keys(controlOf(table.state, { ...members, publishers: seats }).microphones)).toHaveLength(10)
    expect(openPeers(table)).toEqual([peer(1)])
  })

  describe('cameras at night', () => {
    // classicRoles: seats 4 and 8 are mafia, 6 the don; the rest red.
    const black = [4, 6, 8].map(peer)
    it('at the zero night the black seats receive each other (and the judge), reds and watchers only the judge, the judge everyone', () => {
      expect(classicRoles[3]).toBe('Mafia')
      const table = new Table()
      expect(table.state.phase).toBe('zero_night')
      const control = roomControlOf(table.state)
      for (const seat of [4, 6, 8]) expect([...(control.peers[peer(seat)]?.cameras as string[])].sort()).toEqual([...black, String(judgeUser)].sort())
      for (const seat of [1, 2, 3, 5, 7, 9, 10]) expect(control.peers[peer(seat)]).toEqual({ role: 'publisher', cameras: [peer(seat), String(judgeUser)] })
      expect(control.peers['501']).toEqual({ role: 'subscriber', cameras: [String(judgeUser)] })
      expect(control.peers['share-7-page']).toEqual({ role: 'subscriber', cameras: [String(judgeUser)] })
      expect(control.peers[String(judgeUser)]).toEqual({ role: 'publisher', cameras: 'all' })
    })

    it('by day every camera reaches everyone again', () => {
      const table = new Table()
      table.toFirstDay()
      const control = roomControlOf(table.state)
      for (const grant of Object.values(control.peers)) expect(grant.cameras).toBe('all')
    })

    it('a member who left the lobby is not named at all', () => {
      const table = new Table()
      const control = controlOf(table.state, { ...members, spectators: [501], viewers: [] })
      expect(control.peers['502']).toBeUndefined()
      expect(control.peers['share-7-page']).toBeUndefined()
    })
  })
})

import { describe, expect, it } from 'vitest'
import type { Viewer } from '../../../server/contract/game'
import { projectEvent, viewerOf } from '../../../server/modules/game/engine'
import { Table, autoTable, classicRoles, judgeUser, outsiderUser, userOf } from './support/table'

const spectator: Viewer = { kind: 'spectator' }
const judge: Viewer = { kind: 'judge' }
const player = (seat: number): Viewer => ({ kind: 'player', seat })

describe('who sees which role', () => {
  it('the deal: a player gets their own role, black players their partners too, spectators nothing', () => {
    const table = new Table()
    const deal = table.eventsOfType('roles_dealt')[0]!
    expect(projectEvent(deal, spectator, table.state)).toBeNull()
    expect(projectEvent(deal, judge, table.state)).toEqual(deal)
    expect(projectEvent(deal, player(1), table.state)).toMatchObject({ roles: ['Civil', null, null, null, null, null, null, null, null, null] })
    expect(projectEvent(deal, player(8), table.state)).toMatchObject({ roles: [null, null, null, 'Mafia', null, 'Don', null, 'Mafia', null, null] })
  })

  it('the judge sees every role; spectators none', () => {
    const table = new Table()
    expect(table.view(judge).seats.map((seat) => seat.role)).toEqual(classicRoles)
    expect(table.view(spectator).seats.every((seat) => seat.role === null && seat.team === null)).toBe(true)
    expect(table.view(spectator).you).toBeNull()
    expect(table.view(player(3)).you).toEqual({ seat: 3, role: 'Sheriff', team: 'red', partners: [] })
  })

  it('a player who has left keeps the role hidden until the game ends', () => {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    table.night({ shots: { 4: 3, 6: 3, 8: 3 } })
    expect(table.seat(3).left).toBe('night')
    expect(table.view(spectator).seats[2]).toMatchObject({ atTable: false, left: 'night', role: null })
    expect(table.view(player(1)).seats[2]?.role).toBeNull()
  })

  it('black players see their partners\' shots; nobody else sees any', () => {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    const [shot] = table.act(4, { type: 'night_action', target: 2 })
    expect(projectEvent(shot!, player(6), table.state)).toEqual(shot)
    expect(projectEvent(shot!, player(8), table.state)).toEqual(shot)
    expect(projectEvent(shot!, player(3), table.state)).toBeNull()
    expect(projectEvent(shot!, spectator, table.state)).toBeNull()
    expect(table.view(player(8)).nightActions).toHaveLength(1)
    expect(table.view(player(2)).nightActions).toHaveLength(0)
  })

  it('viewerOf: the judge, a seat, or a spectator', () => {
    const table = new Table()
    expect(viewerOf(table.state, judgeUser)).toEqual(judge)
    expect(viewerOf(table.state, userOf(7))).toEqual(player(7))
    expect(viewerOf(table.state, outsiderUser)).toEqual(spectator)
  })
})

describe('votes and openUp', () => {
  const votingDay = (openUp: boolean) => {
    const table = autoTable({ settings: { openUp, voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 5, 2: 7 })
    return table
  }

  it('openUp false: the table sees each candidate\'s count, not who voted', () => {
    const table = votingDay(false)
    const [cast] = table.act(3, { type: 'vote', target: 5 })
    expect(projectEvent(cast!, spectator, table.state)).toEqual({ ...cast, voter: null })
    expect(projectEvent(cast!, player(1), table.state)).toEqual({ ...cast, voter: null })
    expect(projectEvent(cast!, player(3), table.state)).toEqual(cast)
    expect(projectEvent(cast!, judge, table.state)).toEqual(cast)
    expect(table.view(spectator).voting).toMatchObject({ kind: 'vote', counts: [{ candidate: 5, votes: 1 }, { candidate: 7, votes: 0 }], votes: null, voted: 1 })
    expect(table.view(player(3)).voting).toMatchObject({ yourVote: 5, votes: null })
    expect(table.view(judge).voting).toMatchObject({ votes: [{ voter: 3, candidate: 5 }] })
    table.vote({ 1: 5, 2: 5, 4: 5, 5: 5, 6: 5 })
    const closed = table.eventsOfType('voting_closed').at(-1)!
    expect(projectEvent(closed, spectator, table.state)).toMatchObject({ votes: null, counts: closed.counts })
    expect(table.view(spectator).voteRecords[0]).toMatchObject({ kind: 'vote', votes: null })
  })

  it('openUp false: the full record is revealed when the game ends', () => {
    const table = new Table({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 5, 2: 7 })
    const [cast] = table.act(3, { type: 'vote', target: 5 })
    table.vote({})
    const closed = table.eventsOfType('voting_closed').at(-1)!
    expect(projectEvent(cast!, spectator, table.state)).toMatchObject({ voter: null })
    table.act('judge', { type: 'end_game', outcome: 'red' })
    expect(projectEvent(cast!, spectator, table.state)).toEqual(cast)
    expect(projectEvent(closed, player(1), table.state)).toEqual(closed)
    expect(table.view(spectator).voteRecords[0]?.votes).toEqual(closed.votes)
  })

  it('openUp true: everyone sees who voted for whom as it happens', () => {
    const table = votingDay(true)
    const [cast] = table.act(3, { type: 'vote', target: 5 })
    expect(projectEvent(cast!, spectator, table.state)).toEqual(cast)
    expect(table.view(spectator).voting).toMatchObject({ votes: [{ voter: 3, candidate: 5 }] })
    table.vote({})
    expect(table.view(spectator).voteRecords[0]?.votes).not.toBeNull()
  })

  it('lift votes follow openUp too', () => {
    const table = autoTable()
    table.toFirstDay()
    table.quietDay()
    table.night()
    table.speeches({ 2: 5, 3: 7 })
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 })
    table.defences()
    table.vote({ 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 })
    const [cast] = table.act(1, { type: 'lift_vote', leave: true })
    expect(projectEvent(cast!, spectator, table.state)).toEqual({ ...cast, voter: null })
    expect(table.view(spectator).voting).toMatchObject({ kind: 'lift', yes: 1, votes: null })
    table.finish()
    const closed = table.eventsOfType('lift_vote_closed').at(-1)!
    expect(projectEvent(closed, spectator, table.state)).toMatchObject({ votes: null, yes: 1 })
  })
})

describe('when the game ends', () => {
  it('everyone sees every role, every vote and every night action', () => {
    const table = new Table({ settings: { voteIn0: true } })
    table.toFirstDay()
    table.speeches({ 1: 4, 2: 5 })
    table.vote({ 1: 4, 2: 4, 3: 4, 5: 4, 6: 4, 7: 4 })
    table.farewells()
    table.night({ shots: { 6: 2, 8: 2 }, don: 3, sheriff: 6 })
    table.act('judge', { type: 'end_game', outcome: 'red' })
    expect(table.state.nightActions).toHaveLength(4)
    for (const viewer of [spectator, player(1), player(9)]) {
      const view = table.view(viewer)
      expect(view.seats.map((seat) => seat.role)).toEqual(classicRoles)
      expect(view.nightActions).toHaveLength(4)
      expect(view.voteRecords.every((record) => record.votes !== null)).toBe(true)
      for (const event of table.events) expect(projectEvent(event, viewer, table.state)).toEqual(event)
    }
  })
})

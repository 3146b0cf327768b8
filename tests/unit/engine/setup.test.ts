import { describe, expect, it } from 'vitest'
import { defaultLobbySettings, type GameEvent } from '../../../server/contract/game'
import { applyEvent, createGame, nextDeadline, replay, timings } from '../../../server/modules/game/engine'
import { Table, autoTable, classicRoles, judgeUser, outsiderUser, userOf } from './support/table'

const seats = classicRoles.map((_, index) => userOf(index + 1))

describe('setting up a game', () => {
  it('starts the record with game_created, version 1', () => {
    const result = createGame({ deckId: 1, settings: defaultLobbySettings, seats, judge: judgeUser }, 5)
    expect(result).toEqual({
      ok: true,
      events: [{ type: 'game_created', version: 1, at: 5, deckId: 1, settings: defaultLobbySettings, seats, judge: judgeUser }],
    })
  })

  it('the judge cannot also sit as a player', () => {
    expect(createGame({ deckId: 1, settings: defaultLobbySettings, seats: [judgeUser, ...seats.slice(1)], judge: judgeUser }, 0)).toEqual({
      ok: false,
      error: 'errors.game.judge_playing',
    })
  })

  it('refuses a table the deck has no layout for, a user in two seats, and a judge that does not match the setting', () => {
    const invalid = { ok: false, error: 'errors.game.invalid_setup' }
    expect(createGame({ deckId: 1, settings: defaultLobbySettings, seats: seats.slice(0, 9), judge: judgeUser }, 0)).toEqual(invalid)
    expect(createGame({ deckId: 2, settings: defaultLobbySettings, seats, judge: judgeUser }, 0)).toEqual(invalid)
    expect(createGame({ deckId: 1, settings: defaultLobbySettings, seats: [...seats.slice(0, 9), seats[0] as number], judge: judgeUser }, 0)).toEqual(invalid)
    expect(createGame({ deckId: 1, settings: defaultLobbySettings, seats, judge: null }, 0)).toEqual(invalid)
    expect(createGame({ deckId: 1, settings: { ...defaultLobbySettings, judge: false }, seats, judge: judgeUser }, 0)).toEqual(invalid)
  })

  it('a record must start with game_created and have no gaps', () => {
    const created = createGame({ deckId: 1, settings: defaultLobbySettings, seats, judge: judgeUser }, 0)
    if (!created.ok) throw new Error(created.error)
    const state = replay(created.events)
    const gap = { type: 'time_up', version: 3, at: 1 } as GameEvent
    expect(() => applyEvent(state, gap)).toThrow(/version/)
    expect(() => applyEvent(undefined, gap)).toThrow(/game_created/)
  })
})

describe('the deal', () => {
  it('at a judged table only the judge starts the game', () => {
    const table = new Table({ deal: false })
    table.refuse(3, { type: 'start' } as never, 'errors.game.judge_only')
    expect(table.raw({ type: 'start', roles: classicRoles, by: 'host', at: table.now })).toEqual({ ok: false, error: 'errors.game.judge_only' })
    expect(table.raw({ type: 'start', roles: classicRoles, by: userOf(3), at: table.now })).toEqual({ ok: false, error: 'errors.game.judge_only' })
    table.start(classicRoles)
    expect(table.state.phase).toBe('zero_night')
  })

  it('without a judge the server starts it', () => {
    const table = autoTable({ deal: false })
    expect(table.raw({ type: 'start', roles: classicRoles, by: userOf(1), at: table.now })).toEqual({ ok: false, error: 'errors.game.host_only' })
    table.start(classicRoles)
    expect(table.state.phase).toBe('zero_night')
  })

  it('the dealt roles must be exactly the deck\'s', () => {
    const table = autoTable({ deal: false })
    const wrong = [...classicRoles.slice(0, 9), 'Don' as const]
    expect(table.raw({ type: 'start', roles: wrong, by: 'host', at: table.now })).toEqual({ ok: false, error: 'errors.game.invalid_deal' })
    expect(table.raw({ type: 'start', roles: classicRoles.slice(1), by: 'host', at: table.now })).toEqual({ ok: false, error: 'errors.game.invalid_deal' })
  })

  it('cannot deal twice', () => {
    const table = autoTable()
    expect(table.raw({ type: 'start', roles: classicRoles, by: 'host', at: table.now })).toEqual({ ok: false, error: 'errors.game.phase' })
  })

  it('records the deal, then a 60-second zero night', () => {
    const table = autoTable()
    expect(table.events.map((event) => event.type)).toEqual(['game_created', 'roles_dealt', 'zero_night_started'])
    expect(table.state.deadline).toBe(table.now + timings.zeroNight)
    expect(timings.zeroNight).toBe(60_000)
    expect(table.state.seats.map((seat) => seat.role)).toEqual(classicRoles)
  })
})

describe('the zero night', () => {
  it('black players see each other; red players see only themselves', () => {
    const table = autoTable()
    const don = table.view({ kind: 'player', seat: 6 })
    expect(don.you?.partners).toEqual([
      { seat: 4, role: 'Mafia' },
      { seat: 8, role: 'Mafia' },
    ])
    expect(don.seats.filter((seat) => seat.role !== null).map((seat) => seat.seat)).toEqual([4, 6, 8])
    const sheriff = table.view({ kind: 'player', seat: 3 })
    expect(sheriff.you?.partners).toEqual([])
    expect(sheriff.seats.filter((seat) => seat.role !== null).map((seat) => seat.seat)).toEqual([3])
  })

  it('has no shots and no checks', () => {
    const table = autoTable()
    table.refuse(4, { type: 'night_action', target: 1 }, 'errors.game.phase')
    table.refuse(6, { type: 'night_action', target: 3 }, 'errors.game.phase')
    table.refuse(3, { type: 'night_action', target: 4 }, 'errors.game.phase')
  })

  it('without a judge its timer moves the game to day 1', () => {
    const table = autoTable()
    expect(nextDeadline(table.state)).toBe(table.now + 60_000)
    expect(table.wait(59_999)).toEqual([])
    expect(table.state.phase).toBe('zero_night')
    table.wait(1)
    expect(table.state.phase).toBe('day_speech')
    expect(table.state.day).toBe(1)
  })

  it('with a judge the timer only marks the time up, and the judge moves on', () => {
    const table = new Table()
    table.wait(60_000)
    expect(table.state.phase).toBe('zero_night')
    expect(table.state.timeUp).toBe(true)
    expect(nextDeadline(table.state)).toBeNull()
    table.act('judge', { type: 'next' })
    expect(table.state.phase).toBe('day_speech')
  })

  it('a tick from anyone but the server is refused', () => {
    const table = autoTable()
    table.refuse(1, { type: 'tick' }, 'errors.game.host_only')
    table.refuse({ user: outsiderUser }, { type: 'tick' }, 'errors.game.host_only')
  })
})

describe('the record', () => {
  it('numbers every event in order and replays to the same state', () => {
    const table = autoTable()
    table.toFirstDay()
    table.speeches({ 1: 4, 2: 8 })
    table.vote({})
    table.night({ shots: { 4: 1, 6: 1, 8: 1 } })
    table.farewells()
    table.expectReplayable()
    expect(table.events.at(-1)?.version).toBe(table.events.length)
  })

  it('never moves the clock backwards, whatever the host sends', () => {
    const table = autoTable()
    table.now -= 10_000
    const events = table.act('host', { type: 'connection', user: userOf(2), connected: false })
    expect(events[0]?.at).toBe(1_000_000)
  })
})

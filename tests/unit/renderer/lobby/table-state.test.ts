// @vitest-environment jsdom
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GameView } from '../../../../server/contract/game'
import type { TablePush } from '../../../../server/contract/socket/game'
import * as state from '../../../../renderer/state/table'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket, settle } from './fake-socket'
import { lobby, snapshot, summary, view } from './fixtures'

const fake = createFakeSocket()
connectFakeSocket(fake.socket)
const { tableState } = state
state.attachTable(fake.socket)

const push = (seq: number, changes: Partial<GameView> = {}, overrides: Partial<TablePush> = {}): TablePush => ({ lobbyId: 1, stream: 's1', seq, changes, events: [], ...overrides })
const held = () => tableState.current?.game ?? null

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => state.resetTable())

beforeEach(() => {
  fake.reset()
  state.resetTable()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the current lobby (spec section 4)', () => {
  it('is set by a create, join, watch and moderate reply', async () => {
    for (const [event, action] of [
      ['mafia:join:lobby', () => state.joinLobby(5)],
      ['mafia:watch:lobby', () => state.watchLobby(5)],
      ['mafia:moderate:lobby', () => state.moderateLobby(5)],
      ['mafia:create:lobby', () => state.createLobby({ name: 'Evening', language: 'en' })],
    ] as const) {
      state.resetTable()
      fake.answers.set(event, lobby(5, view()))
      await action()
      expect(tableState.current).toMatchObject({ id: 5, game: { stream: 's1', seq: 10 } })
    }
  })

  it('never stores a refusal, and a refusal clears it', async () => {
    tableState.current = lobby(3)
    fake.answers.set('mafia:join:lobby', { error: 'errors.lobby.full', field: 'id' })
    await expect(state.joinLobby(4)).rejects.toMatchObject({ code: 'errors.lobby.full', field: 'id' })
    expect(tableState.current).toBeNull()
  })

  it('a load is stored only for a member; `in` with null clears it', async () => {
    fake.answers.set('mafia:load:lobby', lobby(7, null, 'spectator', false))
    await expect(state.loadLobby(7)).rejects.toMatchObject({ code: 'errors.lobby.not_member' })
    expect(tableState.current).toBeNull()
    fake.answers.set('mafia:load:lobby', lobby(7))
    await state.loadLobby(7)
    expect(tableState.current?.id).toBe(7)
    fake.answers.set('mafia:lobby:in', null)
    await state.queryCurrentLobby()
    expect(tableState.current).toBeNull()
  })

  it('a request left unanswered is no refusal: the current lobby stays', async () => {
    tableState.current = lobby(3)
    fake.answers.set('mafia:load:lobby', 'silence')
    await expect(state.loadLobby(3)).rejects.toMatchObject({ code: 'errors.internal' })
    expect(tableState.current?.id).toBe(3)
  })

  it('is cleared on leave, which tells the server', () => {
    tableState.current = lobby(2)
    state.leaveLobby()
    expect(tableState.current).toBeNull()
    expect(fake.sent.map((item) => item.event)).toContain('mafia:lobby:leave')
  })

  it("takes its table's summary pushes and keeps it shown with its final status when it ends", () => {
    tableState.current = lobby(2, view())
    fake.serverSends('mafia:lobby:updated', summary(2, { name: 'Renamed', status: 'running' }))
    fake.serverSends('mafia:lobby:updated', summary(9, { name: 'Elsewhere' }))
    expect(tableState.current?.lobby.name).toBe('Renamed')
    fake.serverSends('mafia:lobby:removed', { id: 2, status: 'ended' })
    expect(tableState.current?.lobby).toMatchObject({ name: 'Renamed', status: 'ended' })
  })
})

describe("the viewer's stream", () => {
  it('merges the next push, drops an old one and ignores another table, asking nothing', async () => {
    tableState.current = lobby(1, view({}, 1))
    fake.serverSends('mafia:game:updated', push(11, { speaker: 2, microphones: [2] }))
    expect(held()).toMatchObject({ seq: 11, view: { speaker: 2, microphones: [2], day: 1 } })
    fake.serverSends('mafia:game:updated', push(11, { speaker: 7 }))
    fake.serverSends('mafia:game:updated', push(12, { speaker: 7 }, { lobbyId: 2 }))
    await settle()
    expect(held()).toMatchObject({ seq: 11, view: { speaker: 2 } })
    expect(fake.sent).toEqual([])
  })

  it('a skipped position syncs from the held one and merges the missed pushes in order', async () => {
    tableState.current = lobby(1, view({}, 1))
    fake.answers.set('mafia:game:sync', { resumed: true, pushes: [push(11, { speaker: 2 }), push(12, { speaker: 3, phase: 'voting' }), push(13, { speaker: null })] })
    fake.serverSends('mafia:game:updated', push(13, { speaker: null }))
    await vi.waitFor(() => expect(held()?.seq).toBe(13))
    expect(fake.asked('mafia:game:sync')).toEqual([{ id: 1, stream: 's1', seq: 10 }])
    expect(held()?.view).toMatchObject({ phase: 'voting', speaker: null })
    expect(fake.asked('mafia:load:lobby')).toEqual([])
  })

  it('a new stream syncs, and a server that no longer holds the pushes sends the view afresh', async () => {
    tableState.current = lobby(1, view({}, 1))
    fake.answers.set('mafia:game:sync', { resumed: false, game: snapshot(view({ phase: 'night_shooting', speaker: null }, 1), 3, 's2') })
    fake.serverSends('mafia:game:updated', push(4, { night: 1 }, { stream: 's2' }))
    await vi.waitFor(() => expect(held()).toMatchObject({ stream: 's2', seq: 3 }))
    expect(held()?.view.phase).toBe('night_shooting')
    // The push after the fresh view follows it.
    fake.serverSends('mafia:game:updated', push(4, { night: 1 }, { stream: 's2' }))
    expect(held()).toMatchObject({ seq: 4, view: { night: 1 } })
  })

  it("before the deal nothing is held: the stream's first push brings the whole view, asking nothing", async () => {
    tableState.current = lobby(1)
    fake.serverSends('mafia:game:updated', push(1, view({ phase: 'zero_night' }, 1)))
    expect(held()).toMatchObject({ stream: 's1', seq: 1, view: { phase: 'zero_night', you: { seat: 1 } } })
    await settle()
    expect(fake.sent).toEqual([])
  })

  it('a viewer who missed the deal syncs from nothing and takes the view afresh', async () => {
    tableState.current = lobby(1)
    fake.answers.set('mafia:game:sync', { resumed: false, game: snapshot(view({ phase: 'zero_night' }, 1), 2) })
    fake.serverSends('mafia:game:updated', push(3, { deadline: 5 }))
    await vi.waitFor(() => expect(held()).toMatchObject({ seq: 2, view: { phase: 'zero_night' } }))
    expect(fake.asked('mafia:game:sync')).toEqual([{ id: 1 }])
  })

  it('one sync at a time: a gap seen while one is on its way asks once more after it', async () => {
    tableState.current = lobby(1, view({}, 1))
    let answer: (value: unknown) => void = () => undefined
    fake.answers.set('mafia:game:sync', () => new Promise((resolve) => (answer = resolve)))
    fake.serverSends('mafia:game:updated', push(12))
    fake.serverSends('mafia:game:updated', push(13))
    fake.serverSends('mafia:game:updated', push(14))
    expect(fake.asked('mafia:game:sync')).toHaveLength(1)
    fake.answers.set('mafia:game:sync', { resumed: true, pushes: [] })
    answer({ resumed: true, pushes: [push(11), push(12), push(13), push(14, { speaker: 5 })] })
    await vi.waitFor(() => expect(fake.asked('mafia:game:sync')).toHaveLength(2))
    expect(fake.asked('mafia:game:sync')[1]).toEqual({ id: 1, stream: 's1', seq: 14 })
    expect(held()).toMatchObject({ seq: 14, view: { speaker: 5 } })
  })

  it('an answer that comes after the viewer left is dropped', async () => {
    tableState.current = lobby(1, view({}, 1))
    let answer: (value: unknown) => void = () => undefined
    fake.answers.set('mafia:game:sync', () => new Promise((resolve) => (answer = resolve)))
    fake.serverSends('mafia:game:updated', push(12))
    state.leaveLobby()
    tableState.current = lobby(2, view({}, 1))
    answer({ resumed: false, game: snapshot(view({ phase: 'ended' }, 1), 40) })
    await settle()
    expect(tableState.current).toMatchObject({ id: 2, game: { seq: 10, view: { phase: 'day_speech' } } })
  })

  it('a reconnect keeps the view held and resumes it from its position, never loading the table', async () => {
    tableState.current = lobby(1, view({}, 1))
    fake.answers.set('mafia:lobby:in', { ...lobby(1, snapshot(view({ speaker: 9 }, 1), 30)), lobby: summary(1, { name: 'Evening', status: 'running' }) })
    fake.answers.set('mafia:game:sync', { resumed: true, pushes: [push(11, { speaker: 4 })] })
    await state.queryCurrentLobby()
    expect(fake.asked('mafia:game:sync')).toEqual([{ id: 1, stream: 's1', seq: 10 }])
    expect(tableState.current).toMatchObject({ lobby: { name: 'Evening' }, game: { seq: 11, view: { speaker: 4 } } })
    expect(fake.asked('mafia:load:lobby')).toEqual([])
  })

  it("a command answers the sender's position; when its push has not come shortly after, the stream is synced", async () => {
    vi.useFakeTimers()
    tableState.current = lobby(1, view({}, 1))
    fake.answers.set('mafia:game:command', { seq: 11 })
    fake.answers.set('mafia:game:sync', { resumed: true, pushes: [push(11, { speaker: 2 })] })
    fake.serverSends('mafia:game:updated', push(11, { speaker: 2 }))
    await expect(state.sendGameCommand({ type: 'end_speech' })).resolves.toBe(11)
    await vi.advanceTimersByTimeAsync(5000)
    expect(fake.asked('mafia:game:sync')).toEqual([])
    fake.answers.set('mafia:game:command', { seq: 12 })
    await state.sendGameCommand({ type: 'nominate', target: 4 })
    expect(fake.asked('mafia:game:command')).toEqual([
      { id: 1, command: { type: 'end_speech' } },
      { id: 1, command: { type: 'nominate', target: 4 } },
    ])
    fake.answers.set('mafia:game:sync', { resumed: true, pushes: [push(12, { pendingNomination: { by: 2, target: 4 } })] })
    await vi.advanceTimersByTimeAsync(5000)
    expect(fake.asked('mafia:game:sync')).toEqual([{ id: 1, stream: 's1', seq: 11 }])
    expect(held()).toMatchObject({ seq: 12, view: { pendingNomination: { by: 2, target: 4 } } })
  })

  it("signing out ends a command's wait for its push: a table held later is not synced for it", async () => {
    vi.useFakeTimers()
    tableState.current = lobby(1, view({}, 1))
    fake.answers.set('mafia:game:command', { seq: 11 })
    await state.sendGameCommand({ type: 'end_speech' })
    state.resetTable()
    // The same table entered again, still behind the command's position.
    tableState.current = lobby(1, view({}, 1))
    await vi.advanceTimersByTimeAsync(5000)
    expect(fake.asked('mafia:game:sync')).toEqual([])
  })

  it('a refused command throws its translated key', async () => {
    tableState.current = lobby(1, view({}, 1))
    fake.answers.set('mafia:game:command', { error: 'errors.game.not_your_turn' })
    await expect(state.sendGameCommand({ type: 'end_speech' })).rejects.toMatchObject({ code: 'errors.game.not_your_turn' })
  })
})

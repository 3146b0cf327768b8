// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { attachLobbyList, loadLobbyList, lobbyListState, resetLobbyList } from '../../../../renderer/state/lobby-list'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket } from './fake-socket'
import { summary } from './fixtures'

const fake = createFakeSocket()
connectFakeSocket(fake.socket)
attachLobbyList(fake.socket)

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => resetLobbyList())

beforeEach(() => {
  fake.reset()
  resetLobbyList()
})

describe('the live list', () => {
  it('loads newest first and says it was loaded', async () => {
    fake.answers.set('mafia:lobby:list', [summary(1), summary(3), summary(2)])
    await loadLobbyList()
    expect(lobbyListState.list.map((item) => item.id)).toEqual([3, 2, 1])
    expect(lobbyListState.loaded).toBe(true)
  })

  it('a refused load throws its translated key and keeps the list unloaded', async () => {
    fake.answers.set('mafia:lobby:list', { error: 'errors.unauthorized' })
    await expect(loadLobbyList()).rejects.toMatchObject({ code: 'errors.unauthorized' })
    expect(lobbyListState.loaded).toBe(false)
  })

  it('adds, replaces and removes tables as the server pushes them', () => {
    fake.serverSends('mafia:lobby:listed', summary(1))
    fake.serverSends('mafia:lobby:listed', summary(2))
    fake.serverSends('mafia:lobby:updated', summary(1, { spectators: 4 }))
    expect(lobbyListState.list.map((item) => [item.id, item.spectators])).toEqual([
      [2, 0],
      [1, 4],
    ])
    fake.serverSends('mafia:lobby:removed', { id: 2, status: 'ended' })
    fake.serverSends('mafia:lobby:updated', summary(1, { status: 'disbanded' }))
    expect(lobbyListState.list).toEqual([])
  })

  it("moves a running table's stage on, keeping the rest of its summary, and ignores a table it does not hold", () => {
    fake.serverSends('mafia:lobby:listed', summary(1, { status: 'running', spectators: 3, stage: { phase: 'zero_night', day: 0, night: 0 } }))
    fake.serverSends('mafia:lobby:stage', { id: 1, stage: { phase: 'day_speech', day: 1, night: 0 } })
    fake.serverSends('mafia:lobby:stage', { id: 7, stage: { phase: 'voting', day: 2, night: 1 } })
    expect(lobbyListState.list).toEqual([summary(1, { status: 'running', spectators: 3, stage: { phase: 'day_speech', day: 1, night: 0 } })])
  })
})

// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { lobby, summary, view } from './fixtures'

const emitted: Array<{ event: string; args: unknown[] }> = []
const answers = new Map<string, unknown>()
const fakeSocket = {
  connected: true,
  emit: (event: string, ...args: unknown[]) => emitted.push({ event, args }),
  timeout: () => ({
    emitWithAck: (event: string, ...args: unknown[]) => {
      emitted.push({ event, args })
      const answer = answers.get(event)
      return answer === 'timeout' ? Promise.reject(new Error('operation has timed out')) : Promise.resolve(answer)
    },
  }),
}

vi.mock('../../../../renderer/realtime', async () => {
  const { proxy } = await import('valtio')
  return {
    currentSocket: () => fakeSocket,
    realtimeState: proxy({ connected: true, onlineCount: null }),
    registerConnectHook: () => () => undefined,
    registerCurrentLobbyQuery: () => () => undefined,
  }
})

const state = await import('../../../../renderer/state/lobby')
const { lobbyState, acceptLobbyReply, applyGameEvent } = state

beforeEach(() => {
  emitted.length = 0
  answers.clear()
  state.resetLobby()
})

describe('the current lobby (spec section 4)', () => {
  it('is set by a create, join, watch and moderate reply', async () => {
    for (const [event, action] of [
      ['mafia:join:lobby', () => state.joinLobby(5)],
      ['mafia:watch:lobby', () => state.watchLobby(5)],
      ['mafia:moderate:lobby', () => state.moderateLobby(5)],
      ['mafia:create:lobby', () => state.createLobby({ name: 'Evening', language: 'en' })],
    ] as const) {
      state.resetLobby()
      answers.set(event, lobby(5))
      await action()
      expect(lobbyState.current?.id).toBe(5)
    }
  })

  it('never stores a reply with an error field, and an error reply clears it', async () => {
    lobbyState.current = lobby(3)
    answers.set('mafia:join:lobby', { error: 'errors.lobby.full', field: 'id' })
    await expect(state.joinLobby(4)).rejects.toMatchObject({ code: 'errors.lobby.full', field: 'id' })
    expect(lobbyState.current).toBeNull()
    expect(acceptLobbyReply(lobbyState, { id: 9, error: 'errors.lobby.closed' }, 'watch')).toBeNull()
    expect(lobbyState.current).toBeNull()
  })

  it('a load is stored only for a member; `in` with null clears it', async () => {
    expect(acceptLobbyReply(lobbyState, lobby(7, null, 'spectator', false), 'load')).toBeNull()
    expect(lobbyState.current).toBeNull()
    answers.set('mafia:load:lobby', lobby(7))
    await state.loadLobby(7)
    expect(lobbyState.current?.id).toBe(7)
    answers.set('mafia:lobby:in', null)
    await state.queryCurrentLobby()
    expect(lobbyState.current).toBeNull()
  })

  it('a request left unanswered is no error reply: the current lobby stays', async () => {
    lobbyState.current = lobby(3)
    answers.set('mafia:load:lobby', 'timeout')
    await expect(state.loadLobby(3)).rejects.toMatchObject({ code: 'errors.internal' })
    expect(lobbyState.current?.id).toBe(3)
  })

  it('is cleared on leave, which tells the server', () => {
    lobbyState.current = lobby(2)
    state.leaveLobby()
    expect(lobbyState.current).toBeNull()
    expect(emitted.map((item) => item.event)).toContain('mafia:lobby:leave')
  })

  it('a ladder start seated at once becomes the current lobby; an error reply is shown as an error', async () => {
    answers.set('ladder:search:start', { status: 'seated', lobby: lobby(11) })
    await state.startSearch()
    expect(lobbyState.current?.id).toBe(11)
    answers.set('ladder:search:start', { error: 'errors.lobby.already_in_lobby', field: 'lobby' })
    await state.startSearch()
    expect(lobbyState.search).toMatchObject({ status: 'idle', error: 'errors.lobby.already_in_lobby' })
    answers.set('ladder:search:start', { status: 'searching', waiting: 3, needed: 10 })
    await state.startSearch()
    expect(lobbyState.search).toEqual({ status: 'searching', waiting: 3, needed: 10, error: null })
  })
})

describe('the live list', () => {
  it('adds, replaces and removes tables', () => {
    state.applySummary(lobbyState, summary(1))
    state.applySummary(lobbyState, summary(2))
    state.applySummary(lobbyState, summary(1, { spectators: 4 }))
    expect(lobbyState.list.map((item) => [item.id, item.spectators])).toEqual([
      [2, 0],
      [1, 4],
    ])
    state.applyRemoved(lobbyState, { id: 2, status: 'ended' })
    state.applySummary(lobbyState, summary(1, { status: 'disbanded' }))
    expect(lobbyState.list).toEqual([])
  })
})

describe('pushed game events', () => {
  it('folds the next version in, drops old ones and counts hidden ones', () => {
    lobbyState.current = lobby(1, view())
    expect(applyGameEvent(lobbyState, { lobbyId: 1, event: { type: 'nomination_proposed', version: 11, at: 0, by: 1, target: 4 } })).toBe('applied')
    expect(lobbyState.current.game?.pendingNomination).toEqual({ by: 1, target: 4 })
    expect(applyGameEvent(lobbyState, { lobbyId: 1, event: { version: 11 } })).toBe('stale')
    expect(applyGameEvent(lobbyState, { lobbyId: 1, event: { version: 12 } })).toBe('applied')
    expect(lobbyState.current.game?.version).toBe(12)
    expect(applyGameEvent(lobbyState, { lobbyId: 1, event: { type: 'foul', version: 13, at: 0, seat: 3, fouls: 3 } })).toBe('applied')
    expect(lobbyState.current.game?.seats[2]).toMatchObject({ fouls: 3, losesNextSpeech: true })
    expect(applyGameEvent(lobbyState, { lobbyId: 2, event: { version: 14 } })).toBe('ignored')
  })

  it('a version gap asks for a reload, and the reload loads the view again', async () => {
    lobbyState.current = lobby(1, view())
    answers.set('mafia:load:lobby', lobby(1, view({ version: 15, phase: 'voting' })))
    state.receiveGameEvent({ lobbyId: 1, event: { type: 'time_up', version: 14, at: 0 } })
    await vi.waitFor(() => expect(lobbyState.current?.game?.version).toBe(15))
    expect(emitted.filter((item) => item.event === 'mafia:load:lobby')).toHaveLength(1)
    expect(lobbyState.current?.game?.phase).toBe('voting')
  })

  it('the server reckons the end of the game: a reload follows game_ended', () => {
    lobbyState.current = lobby(1, view())
    expect(applyGameEvent(lobbyState, { lobbyId: 1, event: { type: 'game_ended', version: 11, at: 0, outcome: 'red', reason: 'all_black_left', roles: [], losingTeam: null } })).toBe('reload')
  })

  it('a speech moves the phase, the speaker and the open microphone', () => {
    lobbyState.current = lobby(1, view())
    applyGameEvent(lobbyState, { lobbyId: 1, event: { type: 'speech_started', version: 11, at: 0, seat: 2, speech: 'day', deadline: 99, shortened: false } })
    expect(lobbyState.current.game).toMatchObject({ phase: 'day_speech', speaker: 2, deadline: 99, microphones: [2] })
  })
})

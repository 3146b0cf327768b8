// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useTournamentProgress } from '../../../../renderer/features/tournaments/tournament-progress'
import type { AppSocket } from '../../../../renderer/realtime'
import type { TournamentProgress } from '../../../../server/contract/socket/tournaments'
import { installFakeSocket } from '../fake-socket'

/**
 * The app's socket: its requests are recorded and answered with the progress of the watched
 * tournament, and the test sends its events (a push, a connect).
 */
const socket = (() => {
  const listeners = new Map<string, Set<(payload?: unknown) => void>>()
  const requests: Array<{ event: string; payload: unknown }> = []
  const fake = {
    connected: true,
    requests,
    answer: null as unknown,
    on(event: string, listener: (payload?: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    },
    off(event: string, listener: (payload?: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
    push(event: string, payload?: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload)
    },
    listening: (event: string) => listeners.get(event)?.size ?? 0,
    timeout: () => ({
      emitWithAck: (event: string, payload: unknown) => {
        requests.push({ event, payload })
        return Promise.resolve(event === 'tournaments:watch' ? fake.answer : { ok: true })
      },
    }),
    emit: () => undefined,
    connect: () => undefined,
    disconnect: () => undefined,
    removeAllListeners: () => listeners.clear(),
  }
  return fake
})()

const progress = (tournamentId: number, players: number): TournamentProgress => ({
  tournamentId,
  players: Array.from({ length: players }, (_, id) => ({ id: id + 1, nickname: `p${id + 1}`, avatar: null })),
  rounds: [],
  standings: [],
})

/** A new connection of the app (each opens with nothing joined). */
let disconnect = () => {}
const connectAnew = () => {
  disconnect()
  disconnect = installFakeSocket(socket as unknown as AppSocket)
}

beforeEach(() => {
  socket.requests.length = 0
  socket.answer = progress(4, 1)
  connectAnew()
})
afterEach(() => disconnect())

describe('a tournament page follows its progress', () => {
  it('watches on open, keeps the pushes of its own tournament, watches again on reconnect and unwatches on close', async () => {
    const { result, unmount } = renderHook(() => useTournamentProgress(4))
    await waitFor(() => expect(result.current?.progress.players).toHaveLength(1))
    expect(socket.requests).toEqual([{ event: 'tournaments:watch', payload: { id: 4 } }])

    act(() => socket.push('tournaments:updated', progress(4, 3)))
    expect(result.current?.progress.players).toHaveLength(3)
    const arrival = result.current?.arrival ?? 0
    // Another tournament's push is not this page's.
    act(() => socket.push('tournaments:updated', progress(5, 9)))
    expect(result.current?.progress.players).toHaveLength(3)

    // A new connection has joined nothing: the page watches again, and listens once.
    socket.answer = progress(4, 4)
    act(() => socket.push('connect'))
    await waitFor(() => expect(result.current?.progress.players).toHaveLength(4))
    expect(result.current?.arrival).toBeGreaterThan(arrival)
    expect(socket.requests.filter((item) => item.event === 'tournaments:watch')).toHaveLength(2)
    expect(socket.listening('tournaments:updated')).toBe(1)

    unmount()
    expect(socket.requests.filter((item) => item.event === 'tournaments:unwatch')).toEqual([{ event: 'tournaments:unwatch', payload: { id: 4 } }])
    expect(socket.listening('tournaments:updated')).toBe(0)
    // A closed page is not watched again by the next connection.
    connectAnew()
    act(() => socket.push('connect'))
    expect(socket.requests.filter((item) => item.event === 'tournaments:watch')).toHaveLength(2)
  })
})

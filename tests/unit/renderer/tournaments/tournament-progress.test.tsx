// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { TournamentProgress } from '../../../../server/contract/socket/tournaments'

/** A socket whose requests are recorded and answered with the progress of the watched tournament, and whose pushes the test sends. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const requests: Array<{ event: string; payload: unknown }> = []
  const hooks = new Set<(socket: unknown) => void>()
  const fake = {
    connected: true,
    requests,
    hooks,
    answer: null as unknown,
    on(event: string, listener: (payload: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    },
    off(event: string, listener: (payload: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
    push(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload)
    },
    listening: (event: string) => listeners.get(event)?.size ?? 0,
    timeout: () => ({
      emitWithAck: (event: string, payload: unknown) => {
        requests.push({ event, payload })
        return Promise.resolve(event === 'tournaments:watch' ? fake.answer : { ok: true })
      },
    }),
  }
  return fake
})

vi.mock('../../../../renderer/realtime', () => ({
  currentSocket: () => socket,
  registerConnectHook: (hook: (socket: unknown) => void) => {
    socket.hooks.add(hook)
    return () => socket.hooks.delete(hook)
  },
}))

const { useTournamentProgress } = await import('../../../../renderer/features/tournaments/tournament-progress')

const progress = (tournamentId: number, players: number): TournamentProgress => ({
  tournamentId,
  players: Array.from({ length: players }, (_, id) => ({ id: id + 1, nickname: `p${id + 1}`, avatar: null })),
  rounds: [],
  standings: [],
})

beforeEach(() => {
  socket.requests.length = 0
  socket.hooks.clear()
  socket.answer = progress(4, 1)
})

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
    act(() => {
      for (const hook of socket.hooks) hook(socket)
    })
    await waitFor(() => expect(result.current?.progress.players).toHaveLength(4))
    expect(result.current?.arrival).toBeGreaterThan(arrival)
    expect(socket.requests.filter((item) => item.event === 'tournaments:watch')).toHaveLength(2)
    expect(socket.listening('tournaments:updated')).toBe(1)

    unmount()
    expect(socket.requests.at(-1)).toEqual({ event: 'tournaments:unwatch', payload: { id: 4 } })
    expect(socket.listening('tournaments:updated')).toBe(0)
    expect(socket.hooks.size).toBe(0)
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GameEvent } from '../../../../server/contract/game'
import type { TournamentProgress } from '../../../../server/contract/socket/tournaments'
import { notFound } from '../../../../server/lib/app-error'
import { changesProgress, createProgressPushes } from '../../../../server/modules/tournaments/progress-pushes'

const progressOf = (tournamentId: number, players = 0): TournamentProgress => ({ tournamentId, players: Array.from({ length: players }, (_, id) => ({ id, nickname: `p${id}`, avatar: null })), rounds: [], standings: [] })

describe('tournament progress pushes', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends one push per burst of changes, read when it goes out', async () => {
    let players = 0
    const progress = vi.fn(async (id: number) => progressOf(id, players))
    const send = vi.fn()
    const pushes = createProgressPushes({ progress, send, logger: { warn: vi.fn() }, delayMs: 100 })
    for (let registration = 0; registration < 5; registration++) {
      players += 1
      pushes.changed(7)
    }
    pushes.changed(8)
    await vi.advanceTimersByTimeAsync(100)
    expect(progress.mock.calls.map(([id]) => id)).toEqual([7, 8])
    // The progress after the last change of the burst, not the first.
    expect(send.mock.calls.map(([sent]) => [sent.tournamentId, sent.players.length])).toEqual([
      [7, 5],
      [8, 5],
    ])
    // A later change is a new push.
    pushes.changed(7)
    await vi.advanceTimersByTimeAsync(100)
    expect(send).toHaveBeenCalledTimes(3)
  })

  it('tells nobody of a tournament deleted meanwhile, and drops what is scheduled on close', async () => {
    const send = vi.fn()
    const warn = vi.fn()
    const pushes = createProgressPushes({ progress: async () => Promise.reject(notFound()), send, logger: { warn }, delayMs: 100 })
    pushes.changed(1)
    await vi.advanceTimersByTimeAsync(100)
    expect(send).not.toHaveBeenCalled()
    expect(warn).not.toHaveBeenCalled()

    const live = createProgressPushes({ progress: async (id) => progressOf(id), send, logger: { warn }, delayMs: 100 })
    live.changed(2)
    live.close()
    await vi.advanceTimersByTimeAsync(200)
    expect(send).not.toHaveBeenCalled()
  })

  it('counts the start, the end, extra points and the closed protocol of a game, and no other move', () => {
    const event = (type: string) => ({ type }) as GameEvent
    for (const type of ['roles_dealt', 'game_ended', 'points_awarded', 'game_finalised']) expect(changesProgress([event('speech_started'), event(type)])).toBe(true)
    expect(changesProgress([event('speech_started'), event('nominated'), event('foul')])).toBe(false)
  })
})

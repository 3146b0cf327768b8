import type { TFunction } from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import type { GameView } from '../../../../server/contract/game'
import type { TablePush, TableSnapshot } from '../../../../server/contract/socket/game'
import type { ShareView } from '../../../../server/contract/socket/sharing'
import { sharePhaseText } from '../../../../renderer/features/obs-share/share-phase'
import { formatClock as formatCountdown } from '../../../../renderer/features/table/table-display'
import { applyShareSummary, applyShareView, createShareFollower, openSharePage, readShareKey, sharePageState, type SharePageState } from '../../../../renderer/features/obs-share/share-page-state'
import { createFakeSocket } from '../lobby/fake-socket'
import { card, lobby, snapshot, summary, view } from '../lobby/fixtures'

const streamer = card(7)
const spectatorView = (overrides: Partial<GameView> = {}) => view({ ...overrides }, -1)
const at = (id: number, game: GameView | TableSnapshot | null = null): ShareView => ({ streamer, lobby: lobby(id, game, 'player', false) })
const push = (seq: number, changes: Partial<GameView> = {}, overrides: Partial<TablePush> = {}): TablePush => ({ lobbyId: 1, stream: 's1', seq, changes, events: [], ...overrides })
const pageState = (shown: ShareView | null = null): SharePageState => ({ status: 'connecting', view: shown, endReason: null })

describe('the share key of the address', () => {
  it('comes from the fragment, or from the query when typed by hand', () => {
    expect(readShareKey('#key=abc_DEF-1', '')).toBe('abc_DEF-1')
    expect(readShareKey('#scene=2&key=abc', '')).toBe('abc')
    expect(readShareKey('', '?key=xyz')).toBe('xyz')
    expect(readShareKey('#key=fragment', '?key=query')).toBe('fragment')
  })

  it('is missing when neither holds one', () => {
    expect(readShareKey('', '')).toBeNull()
    expect(readShareKey('#key=', '?other=1')).toBeNull()
    expect(readShareKey('#', '?key=%20')).toBeNull()
  })
})

describe('the page state', () => {
  it('a move replaces the table whole and the page is live', () => {
    const state = pageState(at(1))
    applyShareView(state, at(2))
    expect(state).toMatchObject({ status: 'live', view: { lobby: { id: 2 } } })
    applyShareView(state, { streamer, lobby: null })
    expect(state.view?.lobby).toBeNull()
  })

  it('takes the updates of the table shown and ignores any other', () => {
    const state = pageState(at(1))
    applyShareSummary(state, summary(1, { name: 'Renamed', players: [] }))
    applyShareSummary(state, summary(9, { name: 'Elsewhere' }))
    expect(state.view?.lobby?.lobby).toMatchObject({ id: 1, name: 'Renamed', players: [] })
  })

  it('a move to the table shown keeps the stream held when it has gone past the answer', () => {
    const state = pageState(at(1, snapshot(spectatorView({ speaker: 3 }), 12)))
    applyShareView(state, at(1, snapshot(spectatorView({ speaker: 2 }), 11)))
    expect(state.view?.lobby?.game).toMatchObject({ seq: 12, view: { speaker: 3 } })
    applyShareView(state, at(1, snapshot(spectatorView({ speaker: 5 }), 13)))
    expect(state.view?.lobby?.game).toMatchObject({ seq: 13, view: { speaker: 5 } })
  })
})

describe("the spectators' stream", () => {
  it('merges the next push, drops an old one, and ignores pushes with no table or another table shown', async () => {
    const state = pageState(at(1, spectatorView()))
    const asked: unknown[] = []
    const follower = createShareFollower(state, async (position) => {
      asked.push(position)
      return { resumed: true, pushes: [] }
    })
    expect(follower.receive(push(11, { seats: spectatorView().seats.map((seat) => (seat.seat === 3 ? { ...seat, fouls: 1 } : seat)) }))).toBe('applied')
    expect(state.view?.lobby?.game).toMatchObject({ seq: 11 })
    expect(state.view?.lobby?.game?.view.seats[2]?.fouls).toBe(1)
    expect(follower.receive(push(11))).toBe('stale')
    expect(follower.receive(push(12, {}, { lobbyId: 2 }))).toBe('ignored')
    expect(createShareFollower(pageState({ streamer, lobby: null }), async () => ({ resumed: true, pushes: [] })).receive(push(12))).toBe('ignored')
    await Promise.resolve()
    expect(asked).toEqual([])
  })

  it('a gap syncs from the position held and merges what was missed, or takes the view afresh', async () => {
    const state = pageState(at(1, spectatorView()))
    const asked: unknown[] = []
    let answer: unknown = { resumed: true, pushes: [push(11, { speaker: 4 }), push(12, { phase: 'voting', speaker: null })] }
    const follower = createShareFollower(state, async (position) => {
      asked.push(position)
      return answer as never
    })
    expect(follower.receive(push(12, { phase: 'voting', speaker: null }))).toBe('gap')
    await vi.waitFor(() => expect(state.view?.lobby?.game).toMatchObject({ seq: 12, view: { phase: 'voting', speaker: null } }))
    expect(asked).toEqual([{ id: 1, stream: 's1', seq: 10 }])
    answer = { resumed: false, game: snapshot(spectatorView({ phase: 'night_don' }), 2, 's2') }
    expect(follower.receive(push(3, {}, { stream: 's2' }))).toBe('gap')
    await vi.waitFor(() => expect(state.view?.lobby?.game).toMatchObject({ stream: 's2', seq: 2, view: { phase: 'night_don' } }))
    expect(asked).toHaveLength(2)
  })
})

describe('the open page', () => {
  it('after a reconnect keeps the table held and resumes its stream with share:sync; a refused resume asks for the table afresh', async () => {
    const fake = createFakeSocket()
    fake.answers.set('share:watch', at(1, snapshot(spectatorView(), 10)))
    const close = openSharePage('key', () => fake.socket)
    fake.serverSends('connect')
    await vi.waitFor(() => expect(sharePageState).toMatchObject({ status: 'live', view: { lobby: { id: 1, game: { seq: 10 } } } }))
    fake.serverSends('disconnect', 'transport close')
    expect(sharePageState.status).toBe('offline')

    fake.answers.set('share:watch', at(1, snapshot(spectatorView({ speaker: 9 }), 30)))
    fake.answers.set('share:sync', { resumed: true, pushes: [push(11, { speaker: 4 })] })
    fake.serverSends('connect')
    await vi.waitFor(() => expect(sharePageState.view?.lobby?.game).toMatchObject({ seq: 11, view: { speaker: 4 } }))
    expect(sharePageState.status).toBe('live')
    expect(fake.asked('share:sync')).toEqual([{ id: 1, stream: 's1', seq: 10 }])
    expect(fake.asked('mafia:game:sync')).toEqual([])

    // The streamer moved on before the resume: the page asks for the table afresh.
    fake.answers.set('share:sync', { error: 'errors.lobby.not_member', field: 'id' })
    fake.serverSends('mafia:game:updated', push(13, { speaker: 6 }))
    await vi.waitFor(() => expect(sharePageState.view?.lobby?.game).toMatchObject({ seq: 30, view: { speaker: 9 } }))
    expect(fake.asked('share:watch')).toHaveLength(3)
    close()
  })
})

describe('a key whose pages fill its places', () => {
  it('says so, asks again now and then (not every second), and shows the table once a place is free', async () => {
    vi.useFakeTimers()
    try {
      const fake = createFakeSocket()
      let connects = 0
      const socket = fake.socket as unknown as { connected: boolean; active: boolean; connect(): unknown }
      socket.connect = () => {
        connects += 1
        return socket
      }
      socket.connected = false
      socket.active = false
      const close = openSharePage('key', () => fake.socket)
      expect(connects).toBe(1)
      fake.serverSends('connect_error', new Error('errors.share.too_many_pages'))
      expect(sharePageState.status).toBe('too_many_pages')
      vi.advanceTimersByTime(1500)
      expect(connects).toBe(1)
      vi.advanceTimersByTime(5000)
      expect(connects).toBe(2)

      fake.answers.set('share:watch', at(1))
      socket.connected = true
      fake.serverSends('connect')
      await vi.waitFor(() => expect(sharePageState).toMatchObject({ status: 'live', view: { lobby: { id: 1 } } }))
      close()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the phase line and the countdown', () => {
  const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key}(${Object.values(values).join(',')})` : key)) as unknown as TFunction

  it('names the day, the phase and the speaker; the night and its step; the start and the end alone', () => {
    expect(sharePhaseText(t, { phase: 'day_speech', day: 2, night: 1, speaker: 4 })).toBe('game.day(2) · game.phase.day_speech · game.seat.number(4)')
    expect(sharePhaseText(t, { phase: 'voting', day: 2, night: 1, speaker: null })).toBe('game.day(2) · game.phase.voting')
    expect(sharePhaseText(t, { phase: 'night_don', day: 2, night: 2, speaker: null })).toBe('game.night(2) · game.phase.night_don')
    expect(sharePhaseText(t, { phase: 'ended', day: 3, night: 2, speaker: null })).toBe('game.phase.ended')
  })

  it('shows minutes and seconds, rounded up', () => {
    expect(formatCountdown(65_000)).toBe('1:05')
    expect(formatCountdown(59_001)).toBe('1:00')
    expect(formatCountdown(0)).toBe('0:00')
  })
})

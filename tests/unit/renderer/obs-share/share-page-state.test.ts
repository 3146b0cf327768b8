import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import type { GameView } from '../../../../server/contract/game'
import type { ShareView } from '../../../../server/contract/socket/sharing'
import { formatCountdown, sharePhaseText } from '../../../../renderer/features/obs-share/share-phase'
import { applyShareGameEvent, applyShareSummary, applyShareView, readShareKey, type SharePageState } from '../../../../renderer/features/obs-share/share-page-state'
import { card, lobby, summary, view } from '../lobby/fixtures'

const streamer = card(7)
const spectatorView = (overrides: Partial<GameView> = {}) => view({ ...overrides }, -1)
const at = (id: number, game: GameView | null = null): ShareView => ({ streamer, lobby: lobby(id, game, 'player', false) })
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

  it('folds the next game event, asks again after a gap, and ignores events with no table shown', () => {
    const state = pageState(at(1, spectatorView({ version: 10, seats: view({}, -1).seats })))
    expect(applyShareGameEvent(state, { lobbyId: 1, event: { version: 11, type: 'foul', seat: 3, fouls: 1 } as never })).toBe('applied')
    expect((state.view?.lobby?.game as GameView).version).toBe(11)
    expect(applyShareGameEvent(state, { lobbyId: 1, event: { version: 11 } })).toBe('stale')
    expect(applyShareGameEvent(state, { lobbyId: 1, event: { version: 14 } })).toBe('reload')
    expect(applyShareGameEvent(state, { lobbyId: 2, event: { version: 12 } })).toBe('ignored')
    expect(applyShareGameEvent(pageState({ streamer, lobby: null }), { lobbyId: 1, event: { version: 12 } })).toBe('ignored')
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

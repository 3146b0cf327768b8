// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { GameRecordScreen } from '../../../../renderer/features/statistics'
import { defaultLobbySettings, type GameEvent, type RoleName } from '../../../../server/contract/game'
import type { GameRecord } from '../../../../server/contract/socket/game'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket } from '../lobby/fake-socket'
import { createShellI18n, renderWithProviders } from '../shell/support'

// jsdom has no ResizeObserver; Fluent's table and cards ask for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

const fake = createFakeSocket()
connectFakeSocket(fake.socket)
const { sent: asked, answers } = fake

const i18n = await createShellI18n('en')

const roles: RoleName[] = ['Don', 'Mafia', 'Mafia', 'Sheriff', 'Civil', 'Civil', 'Civil', 'Civil', 'Civil', 'Civil']

function record(): GameRecord {
  const events = [
    { type: 'game_created', deckId: 1, settings: defaultLobbySettings, seats: roles.map((_, index) => 100 + index), judge: 99 },
    { type: 'roles_dealt', roles },
    { type: 'zero_night_started', deadline: 1 },
    { type: 'day_started', day: 1, firstSeat: 1 },
    { type: 'speech_started', seat: 1, speech: 'day', deadline: 2, shortened: false },
    { type: 'nominated', by: 1, target: 5 },
    { type: 'foul', seat: 2, fouls: 1 },
    { type: 'voting_closed', round: 1, votes: [{ voter: 1, candidate: 5, automatic: false }], counts: [{ candidate: 5, votes: 1 }] },
    { type: 'night_started', night: 1 },
    { type: 'night_action', step: 'shooting', seat: 1, target: 6, result: null },
    { type: 'night_action', step: 'sheriff', seat: 4, target: 1, result: 'black' },
    { type: 'night_result', night: 1, killed: [6] },
    { type: 'player_left', seat: 6, reason: 'night' },
    { type: 'game_ended', outcome: 'red', reason: 'judge', roles, losingTeam: null },
  ].map((event, index) => ({ ...event, version: index + 1, at: index }) as GameEvent)
  return {
    id: 7,
    name: 'Friday final',
    language: 'en',
    deckId: 1,
    settings: defaultLobbySettings,
    kind: 'custom',
    judge: { id: 99, nickname: 'Arbiter', officialNickname: null, avatar: null, isPremium: false },
    startedAt: '2026-01-01T18:00:00.000Z',
    endedAt: '2026-01-01T19:00:00.000Z',
    result: { outcome: 'red', reason: 'judge', losingTeam: null, finalised: true, countsForRatings: true },
    players: roles.map((role, index) => ({
      seat: index + 1,
      user: 100 + index,
      role,
      team: role === 'Don' || role === 'Mafia' ? 'black' : 'red',
      won: !(role === 'Don' || role === 'Mafia'),
      points: role === 'Don' || role === 'Mafia' ? 0 : 1,
      breakdown: { win: 0, bestMove: 0, removal: 0, extra: 0 },
      card: { id: 100 + index, nickname: `Player ${index + 1}`, officialNickname: null, avatar: null, isPremium: false },
      fouls: index === 1 ? 1 : 0,
      left: index === 5 ? 'night' : null,
    })),
    events,
    mafiaRoom: [],
  }
}

function show(id = '7') {
  return renderWithProviders(
    i18n,
    <MemoryRouter initialEntries={[`/game/statistics/${id}`]}>
      <Routes>
        <Route path="/game/statistics/:id" element={<GameRecordScreen />} />
      </Routes>
    </MemoryRouter>,
  )
}

beforeEach(() => {
  asked.length = 0
  answers.clear()
})
afterEach(() => cleanup())

describe('the game record page', () => {
  it("asks for the game's record and shows players with roles, the result and the day-by-day timeline", async () => {
    answers.set('mafia:game:record', record())
    show()
    const rows = await screen.findAllByTestId('record-player')
    expect(asked).toEqual([{ event: 'mafia:game:record', args: [{ id: 7 }] }])
    expect(rows).toHaveLength(10)
    expect(rows[0]?.textContent).toContain('Player 1')
    expect(rows[0]?.textContent).toContain('Don')
    expect(rows[5]?.textContent).toContain(i18n.t('game.left.night'))
    expect(screen.getByTestId('record-result').textContent).toContain(i18n.t('game.outcome.red'))
    expect(screen.getByTestId('record-result').textContent).toContain('Arbiter')
    const periods = screen.getAllByTestId('record-period')
    expect(periods.map((period) => period.querySelector('h3')?.textContent)).toEqual(['Zero night', 'Day 1', 'Night 1'])
    const day = within(periods[1] as HTMLElement)
    expect(day.getByText('Seat 1 spoke')).toBeTruthy()
    expect(day.getByText('Seat 1 nominated seat 5')).toBeTruthy()
    expect(day.getByText('Seat 2 got a foul (1 in all)')).toBeTruthy()
    expect(day.getByText(/Vote, round 1: 5: 1; Seat 1 voted against seat 5/)).toBeTruthy()
    const night = within(periods[2] as HTMLElement)
    expect(night.getByText('Seat 1 shot at seat 6')).toBeTruthy()
    expect(night.getByText(`The Sheriff (seat 4) checked seat 1 (${i18n.t('game.result.black')})`)).toBeTruthy()
    expect(night.getByText('Killed: seat 6')).toBeTruthy()
    // The record is whole: no caption says a part is missing.
    expect(screen.getByTestId('record-timeline').textContent).not.toMatch(/not kept/)
  })

  it('says when the game is not over yet, and offers to watch instead', async () => {
    answers.set('mafia:game:record', { error: 'errors.game.not_finished' })
    show()
    expect(await screen.findByText(i18n.t('game.record.notFinished'))).toBeTruthy()
    expect(screen.getByRole('button', { name: i18n.t('screens.watch.title') })).toBeTruthy()
    expect(screen.queryByTestId('record-player')).toBeNull()
  })

  it('says when there is no such game, without asking for a malformed id', async () => {
    answers.set('mafia:game:record', { error: 'errors.not_found' })
    show()
    expect(await screen.findByText(i18n.t('game.record.notFound'))).toBeTruthy()
    cleanup()
    asked.length = 0
    show('abc')
    expect(screen.getByText(i18n.t('game.record.notFound'))).toBeTruthy()
    expect(asked).toEqual([])
  })

  it('names any other failure in the reader’s language', async () => {
    answers.set('mafia:game:record', { error: 'errors.rate_limited' })
    show()
    expect(await screen.findByText(i18n.t('game.record.failed'))).toBeTruthy()
    expect(screen.getByText(i18n.t('errors.rate_limited'))).toBeTruthy()
  })
})

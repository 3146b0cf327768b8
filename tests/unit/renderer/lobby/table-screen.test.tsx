// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createShellI18n, renderWithProviders } from '../shell/support'
import { createFakeSocket } from './fake-socket'
import { card, judgeActions, lobby, playerActions, summary, view } from './fixtures'

// jsdom has no ResizeObserver; the message bar asks for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

const fake = createFakeSocket()

vi.mock('../../../../renderer/realtime', async () => {
  const { proxy } = await import('valtio')
  return {
    currentSocket: () => fake.socket,
    realtimeState: proxy({ connected: false, onlineCount: null }),
    registerConnectHook: () => () => undefined,
    registerCurrentLobbyQuery: () => () => undefined,
  }
})

const { realtimeState } = await import('../../../../renderer/realtime')
const { tableState, resetTable } = await import('../../../../renderer/state/table')
const { TableScreen } = await import('../../../../renderer/features/table')
const i18n = await createShellI18n('en')

function show() {
  return renderWithProviders(
    i18n,
    <MemoryRouter initialEntries={['/mafia/1']}>
      <Routes>
        <Route path="/mafia/:id" element={<TableScreen />} />
      </Routes>
    </MemoryRouter>,
  )
}

const lastCommand = () => fake.asked('mafia:game:command').at(-1)

beforeEach(() => {
  fake.reset()
  resetTable()
  realtimeState.connected = false
  fake.answers.set('mafia:game:command', { seq: 11 })
  fake.answers.set('mafia:game:sync', { resumed: true, pushes: [] })
  // The table's media stays out of these tests: its ticket is refused for good.
  fake.answers.set('mafia:media:join', { error: 'errors.lobby.closed' })
})
afterEach(() => cleanup())

describe('the table screen', () => {
  it('a player sees ten seats with video slots, the phase, their role card and exactly the controls the view allows', async () => {
    tableState.current = lobby(1, view({ actions: { player: playerActions({ endSpeech: true, nominate: [3, 5] }), judge: null } }, 1))
    show()
    for (let seat = 1; seat <= 10; seat++) expect(screen.getByTestId(`video-slot-${seat}`)).toBeTruthy()
    expect(screen.getByTestId('phase').textContent).toContain('Day 1')
    expect(screen.getByTestId('own-role').textContent).toBe('Civilian')
    expect(screen.queryAllByTestId(/^nominate-/).map((button) => button.textContent)).toEqual(['3', '5'])
    expect(screen.queryByTestId('vote-4')).toBeNull()
    fireEvent.click(screen.getByTestId('nominate-5'))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'nominate', target: 5 } })
    await vi.waitFor(() => expect((screen.getByTestId('end-speech') as HTMLButtonElement).disabled).toBe(false))
    fake.answers.set('mafia:game:command', { error: 'errors.game.not_your_turn' })
    fireEvent.click(screen.getByTestId('end-speech'))
    expect((await screen.findByTestId('command-error')).textContent).toBe(i18n.t('errors.game.not_your_turn'))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'end_speech' } })
    expect(screen.queryByTestId('judge-panel')).toBeNull()
    expect(screen.queryByTestId('leave-table')).toBeNull()
  })

  it('the speaker whose view allows nothing sees no controls: nothing is worked out from the phase', () => {
    tableState.current = lobby(1, view({ speaker: 1, phase: 'day_speech' }, 1))
    show()
    expect(screen.queryByTestId('player-controls')).toBeNull()
    expect(screen.queryByTestId('end-speech')).toBeNull()
  })

  it('at night the acting player picks among the targets the view gives, and votes likewise by day', () => {
    tableState.current = lobby(1, view({ phase: 'night_shooting', nightStep: 'shooting', speaker: null, actions: { player: playerActions({ night: { step: 'shooting', targets: [1, 3] } }), judge: null } }, 2))
    show()
    expect(screen.queryAllByTestId(/^night-/).map((button) => button.textContent)).toEqual(['1', '3'])
    fireEvent.click(screen.getByTestId('night-3'))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'night_action', target: 3 } })
    cleanup()
    tableState.current = lobby(1, view({ phase: 'voting', speaker: null, actions: { player: playerActions({ vote: [7] }), judge: null } }, 2))
    show()
    fireEvent.click(screen.getByTestId('vote-7'))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'vote', target: 7 } })
  })

  it('a spectator sees no role and no controls, and may leave', () => {
    tableState.current = lobby(1, view({}, -1), 'spectator')
    show()
    expect(screen.queryByTestId('role-card')).toBeNull()
    expect(screen.queryByTestId('player-controls')).toBeNull()
    expect(screen.queryAllByTestId(/^seat-role-/)).toHaveLength(0)
    expect(screen.getByTestId('leave-table')).toBeTruthy()
  })

  it('shows a spectator the roles once the view reveals them', () => {
    const revealed = view({}, 0).seats
    tableState.current = lobby(1, view({ phase: 'ended', speaker: null, seats: revealed }, -1), 'spectator')
    show()
    expect(screen.getAllByTestId(/^seat-role-/)).toHaveLength(10)
    expect(screen.getByTestId('seat-role-2').title).toBe(i18n.t('roles.Don'))
  })

  it('the judge sees every role the view holds and exactly the tools it allows', async () => {
    const actions = judgeActions({ next: true, confirmNomination: true, rejectNomination: true, pause: true, foul: [2, 3], microphone: [3], endGame: true })
    tableState.current = lobby(1, view({ pendingNomination: { by: 1, target: 4 }, actions: { player: null, judge: actions } }, 0), 'judge')
    show()
    expect(screen.getAllByTestId(/^seat-role-/)).toHaveLength(10)
    expect(screen.getByTestId('judge-next')).toBeTruthy()
    expect(screen.getByTestId('judge-confirm').textContent).toContain('4')
    expect(screen.getByTestId('judge-reject')).toBeTruthy()
    expect(screen.queryByTestId('judge-resume')).toBeNull()
    expect(screen.queryByTestId('judge-disqualify')).toBeNull()
    expect(screen.queryByTestId('judge-award')).toBeNull()
    expect(within(screen.getByTestId('judge-seat-select')).getAllByRole('option').map((option) => option.textContent)).toEqual(['2', '3'])
    fireEvent.click(screen.getByTestId('judge-foul'))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'foul', seat: 2 } })
    await vi.waitFor(() => expect((screen.getByTestId('judge-foul') as HTMLButtonElement).disabled).toBe(false))
    // Seat 2's microphone is not the judge's to open now; seat 3's is.
    expect((screen.getByTestId('judge-mic') as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(screen.getByTestId('judge-seat-select'), { target: { value: '3' } })
    fireEvent.click(screen.getByTestId('judge-mic'))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'microphone', seat: 3, open: true } })
  })

  it('before the deal the judge starts the game once every seat is taken', () => {
    const waiting = lobby(1, null, 'judge')
    tableState.current = waiting
    show()
    expect((screen.getByTestId('judge-start') as HTMLButtonElement).disabled).toBe(true)
    cleanup()
    tableState.current = { ...waiting, lobby: summary(1, { players: Array.from({ length: 10 }, (_, index) => ({ seat: index + 1, user: card(index + 20) })) }) }
    show()
    fireEvent.click(screen.getByTestId('judge-start'))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'start' } })
  })

  it('entering the page loads the table once; a reconnect during play loads nothing', async () => {
    fake.answers.set('mafia:load:lobby', lobby(1, view({}, 1)))
    show()
    realtimeState.connected = true
    expect(await screen.findByTestId('game-table')).toBeTruthy()
    expect(fake.asked('mafia:load:lobby')).toEqual([{ id: 1 }])
    realtimeState.connected = false
    await Promise.resolve()
    realtimeState.connected = true
    await screen.findByTestId('game-table')
    expect(fake.asked('mafia:load:lobby')).toHaveLength(1)
  })
})

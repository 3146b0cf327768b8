// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createShellI18n, renderWithProviders } from '../shell/support'
import { lobby, view } from './fixtures'

// jsdom has no ResizeObserver; the message bar asks for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

const emitted: Array<{ event: string; args: unknown[] }> = []
const answers = new Map<string, unknown>()
const fakeSocket = {
  connected: true,
  emit: (event: string, ...args: unknown[]) => emitted.push({ event, args }),
  timeout: () => ({
    emitWithAck: (event: string, ...args: unknown[]) => {
      emitted.push({ event, args })
      return Promise.resolve(answers.get(event))
    },
  }),
}

vi.mock('../../../../renderer/realtime', async () => {
  const { proxy } = await import('valtio')
  return {
    currentSocket: () => fakeSocket,
    realtimeState: proxy({ connected: false, onlineCount: null }),
    registerConnectHook: () => () => undefined,
    registerCurrentLobbyQuery: () => () => undefined,
  }
})

const { lobbyState, resetLobby } = await import('../../../../renderer/state/lobby')
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

beforeEach(() => {
  emitted.length = 0
  answers.clear()
  resetLobby()
})
afterEach(() => cleanup())

describe('the table screen', () => {
  it('a player sees ten seats with video slots, the phase, their role card and the speaker controls', async () => {
    lobbyState.current = lobby(1, view({}, 1))
    show()
    for (let seat = 1; seat <= 10; seat++) expect(screen.getByTestId(`video-slot-${seat}`)).toBeTruthy()
    expect(screen.getByTestId('phase').textContent).toContain('Day 1')
    expect(screen.getByTestId('own-role').textContent).toBe('Civilian')
    answers.set('mafia:game:command', { error: 'errors.game.not_your_turn' })
    fireEvent.click(screen.getByTestId('end-speech'))
    expect((await screen.findByTestId('command-error')).textContent).toBe(i18n.t('errors.game.not_your_turn'))
    expect(emitted.at(-1)).toEqual({ event: 'mafia:game:command', args: [{ id: 1, command: { type: 'end_speech' } }] })
    expect(screen.queryByTestId('judge-panel')).toBeNull()
    expect(screen.queryByTestId('leave-table')).toBeNull()
  })

  it('a spectator sees no role and no controls, and may leave', () => {
    lobbyState.current = lobby(1, view({}, -1), 'spectator')
    show()
    expect(screen.queryByTestId('role-card')).toBeNull()
    expect(screen.queryByTestId('player-controls')).toBeNull()
    expect(screen.queryAllByTestId(/^seat-role-/)).toHaveLength(0)
    expect(screen.getByTestId('leave-table')).toBeTruthy()
  })

  it('the judge sees every role and the judge panel', () => {
    lobbyState.current = lobby(1, view({ pendingNomination: { by: 1, target: 4 } }, 0), 'judge')
    show()
    expect(screen.getAllByTestId(/^seat-role-/)).toHaveLength(10)
    expect(screen.getByTestId('judge-next')).toBeTruthy()
    expect(screen.getByTestId('judge-confirm').textContent).toContain('4')
    fireEvent.click(screen.getByTestId('judge-foul'))
    expect(emitted.at(-1)?.args[0]).toEqual({ id: 1, command: { type: 'foul', seat: 1 } })
  })
})

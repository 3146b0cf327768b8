// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppSocket } from '../../../../renderer/realtime'
import type * as SettingsModule from '../../../../renderer/state/settings'
import { createFakeSocket } from '../lobby/fake-socket'
import { lobby } from '../lobby/fixtures'
import { createShellI18n, renderWithProviders, testUser } from '../shell/support'

const fake = createFakeSocket()
const connectHooks: Array<(socket: AppSocket) => void> = []

vi.mock('../../../../renderer/realtime', async () => {
  const { proxy } = await import('valtio')
  return {
    currentSocket: () => fake.socket,
    realtimeState: proxy({ connected: true, onlineCount: null }),
    registerConnectHook: (hook: (socket: AppSocket) => void) => {
      connectHooks.push(hook)
      return () => undefined
    },
    registerCurrentLobbyQuery: () => () => undefined,
  }
})
vi.mock('../../../../renderer/app/navigation', () => ({ navigateTo: vi.fn(), isNavigating: () => false, registerNavigator: () => undefined }))
vi.mock('../../../../renderer/state/settings', async (original) => ({ ...(await original<typeof SettingsModule>()), loadSettings: vi.fn(() => Promise.resolve()) }))

const { navigateTo } = await import('../../../../renderer/app/navigation')
const { applySettings, loadSettings, settingsState } = await import('../../../../renderer/state/settings')
const { tableState, resetTable } = await import('../../../../renderer/state/table')
const { setSession, clearSession } = await import('../../../../renderer/state/session')
const { DefaultLayout } = await import('../../../../renderer/app/layouts/DefaultLayout')
const { TableDisbandedNotice } = await import('../../../../renderer/features/admin/live/TableDisbandedNotice')
const { disbandNoticeState, dismissDisbandNotice } = await import('../../../../renderer/features/admin/live/disband-notice')
const pushes = await import('../../../../renderer/features/admin/live/admin-pushes')

let i18n: I18n

beforeAll(async () => {
  i18n = await createShellI18n('en')
  pushes.startAdminPushes()
  for (const hook of connectHooks) hook(fake.socket)
})

beforeEach(() => {
  vi.mocked(navigateTo).mockClear()
  vi.mocked(loadSettings).mockClear()
  applySettings([])
  resetTable()
  dismissDisbandNotice()
  clearSession()
})

afterEach(() => cleanup())

function renderLayout() {
  const router = createMemoryRouter([{ Component: DefaultLayout, children: [{ path: '*', element: <p>screen</p> }] }], { initialEntries: ['/main'] })
  return renderWithProviders(i18n, <RouterProvider router={router} />)
}

const flags = (maintenance: boolean, message: string, premium: boolean) => [
  { name: 'maintenance', value: String(maintenance) },
  { name: 'maintenance_message', value: message },
  { name: 'premium_page', value: String(premium) },
]

describe('a switch an admin changed reaches the open page at once', () => {
  it('the maintenance banner appears with its message and goes; the premium menu entry shows and hides', async () => {
    setSession({ token: 'token-1', user: testUser() })
    renderLayout()
    expect(screen.queryByTestId('maintenance-message')).toBeNull()
    expect(screen.queryByTestId('nav-premium')).toBeNull()

    act(() => fake.serverSends('settings:changed', flags(true, 'Back at ten tonight', true)))
    expect((await screen.findByTestId('maintenance-message')).textContent).toContain('Back at ten tonight')
    expect(screen.getByTestId('nav-premium')).toBeTruthy()

    act(() => fake.serverSends('settings:changed', flags(false, 'Back at ten tonight', false)))
    await waitFor(() => expect(screen.queryByTestId('maintenance-message')).toBeNull())
    expect(screen.queryByTestId('nav-premium')).toBeNull()
  })

  it('a push that is not a list changes nothing; a flag without a string value is left out', () => {
    applySettings(flags(true, 'Soon', true))
    fake.serverSends('settings:changed', { maintenance: 'false' })
    expect(settingsState).toMatchObject({ maintenance: true, maintenanceMessage: 'Soon', premiumPage: true })
    fake.serverSends('settings:changed', [{ name: 'maintenance', value: true }, { name: 'premium_page', value: 'true' }])
    expect(settingsState).toMatchObject({ maintenance: false, premiumPage: true })
  })

  it('a reconnect of the same socket loads the switches again; its first connect only listens', () => {
    for (const hook of connectHooks) hook(fake.socket)
    expect(loadSettings).toHaveBeenCalledTimes(1)
    const other = createFakeSocket()
    for (const hook of connectHooks) hook(other.socket)
    expect(loadSettings).toHaveBeenCalledTimes(1)
  })
})

describe('a table an admin disbanded', () => {
  it('at the table: the reason is shown, the table is forgotten and the player is taken to the lobby list', async () => {
    tableState.current = lobby(5)
    renderWithProviders(i18n, <TableDisbandedNotice />)
    pushes.receiveTableDisbanded({ id: 5, reason: 'Insults at the table' }, '/mafia/5')
    expect(navigateTo).toHaveBeenCalledWith('/main', { replace: true })
    expect(tableState.current).toBeNull()
    const dialog = await screen.findByTestId('table-disbanded-dialog')
    expect(dialog.textContent).toContain(i18n.t('adminLive.disbanded.title'))
    expect(screen.getByTestId('table-disbanded-reason').textContent).toContain('Insults at the table')
    fireEvent.click(screen.getByTestId('table-disbanded-ok'))
    await waitFor(() => expect(screen.queryByTestId('table-disbanded-dialog')).toBeNull())
    expect(disbandNoticeState.notice).toBeNull()
  })

  it('on another page: the reason is shown and the table forgotten, but the page stays', () => {
    tableState.current = lobby(6)
    fake.serverSends('admin:lobby:disbanded', { id: 6, reason: 'Server maintenance' })
    expect(disbandNoticeState.notice).toEqual({ id: 6, reason: 'Server maintenance' })
    expect(tableState.current).toBeNull()
  })

  it('another table’s notice keeps the current table; a malformed notice is ignored', () => {
    tableState.current = lobby(7)
    pushes.receiveTableDisbanded({ id: 8, reason: 'x' }, '/mafia/7')
    expect(tableState.current?.id).toBe(7)
    expect(navigateTo).not.toHaveBeenCalled()
    dismissDisbandNotice()
    pushes.receiveTableDisbanded({ id: 'x', reason: 5 } as never, '/mafia/7')
    expect(disbandNoticeState.notice).toBeNull()
  })

  it('the table page is its own address, or the developer page while it shows that table', () => {
    expect(pushes.isTablePage('/mafia/5', 5, null)).toBe(true)
    expect(pushes.isTablePage('/mafia/50', 5, 5)).toBe(false)
    expect(pushes.isTablePage('/mafia_dev', 5, 5)).toBe(true)
    expect(pushes.isTablePage('/mafia_dev', 5, 9)).toBe(false)
    expect(pushes.isTablePage('/main', 5, 5)).toBe(false)
  })
})

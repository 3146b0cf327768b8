// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { registerNavigator } from '../../../../renderer/app/navigation'
import { DefaultLayout } from '../../../../renderer/app/layouts/DefaultLayout'
import * as pushes from '../../../../renderer/features/admin/live/admin-pushes'
import { disbandNoticeState, dismissDisbandNotice } from '../../../../renderer/features/admin/live/disband-notice'
import { TableDisbandedNotice } from '../../../../renderer/features/admin/live/TableDisbandedNotice'
import { clearSession, setSession } from '../../../../renderer/state/session'
import { applySettings, settingsState } from '../../../../renderer/state/settings'
import { resetTable, tableState } from '../../../../renderer/state/table'
import { systemRoutes } from '../../../../server/contract/http/system'
import { answerCalls } from '../calls'
import { installFakeSocket } from '../fake-socket'
import { createFakeSocket } from '../lobby/fake-socket'
import { lobby } from '../lobby/fixtures'
import { createShellI18n, renderWithProviders, testUser } from '../shell/support'

/** How often the page asked for the switches (`GET /api/settings/load`); the server has them all off. */
let settingsLoads = 0
answerCalls((route) => {
  if (route !== systemRoutes.loadSettings) throw new Error(`unexpected call ${route.url}`)
  settingsLoads++
  return []
})

const navigateTo = vi.fn()
let unregisterNavigator = () => {}

let i18n: I18n
let fake = createFakeSocket()
let disconnect = () => {}

/** A new connection of the app, connected: the admin pushes listen on it from its first connect. */
function connectAnew(): void {
  disconnect()
  fake = createFakeSocket()
  disconnect = installFakeSocket(fake.socket)
  fake.serverSends('connect')
}

beforeAll(async () => {
  i18n = await createShellI18n('en')
  pushes.startAdminPushes()
})

// Unit files share their worker's modules: what this file changed is reset for the next one.
const settingsFound = { ...settingsState }
afterAll(() => {
  Object.assign(settingsState, settingsFound)
  resetTable()
  dismissDisbandNotice()
})

beforeEach(() => {
  navigateTo.mockClear()
  unregisterNavigator = registerNavigator(navigateTo)
  applySettings([])
  resetTable()
  dismissDisbandNotice()
  clearSession()
  connectAnew()
  settingsLoads = 0
})

afterEach(() => {
  cleanup()
  clearSession()
  unregisterNavigator()
  disconnect()
})

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
    fake.serverSends('connect')
    expect(settingsLoads).toBe(1)
    connectAnew()
    expect(settingsLoads).toBe(1)
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

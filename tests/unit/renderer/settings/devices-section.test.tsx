// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DeviceSession } from '../../../../server/contract/http'
import { DevicesSection } from '../../../../renderer/features/settings/DevicesSection'
import { createTestI18n, errorReply, renderScreen, stubServer } from '../auth/support'

let i18n: I18n

beforeAll(async () => {
  i18n = await createTestI18n()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const device = (id: number, name: string | null, current = false): DeviceSession => ({
  id,
  device: name,
  address: `203.0.113.${id}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-23T07:00:00.000Z',
  current,
})

/** The sessions endpoints over a list the test can watch, answering with the server's shapes. */
function stubSessions(start: DeviceSession[], failures: { list?: boolean; end?: boolean } = {}) {
  let items = start
  const requests = stubServer((request) => {
    if (request.method === 'GET' && request.path === '/api/auth/sessions') return failures.list ? errorReply(500, 'errors.internal') : { body: { items } }
    if (request.method === 'DELETE' && request.path === '/api/auth/sessions/others') {
      const ended = items.filter((item) => !item.current).length
      items = items.filter((item) => item.current)
      return { body: { ok: true, ended } }
    }
    const one = /^\/api\/auth\/sessions\/(\d+)$/.exec(request.path)
    if (request.method === 'DELETE' && one) {
      if (failures.end) return errorReply(404, 'errors.not_found')
      items = items.filter((item) => item.id !== Number(one[1]))
      return { body: { ok: true } }
    }
    return errorReply(404, 'errors.not_found')
  })
  return { requests, items: () => items }
}

const rows = () => screen.queryAllByTestId('device-session')
/**
 * Waits until no dialog is left in the page, hidden ones included. Fluent's modal dialog hides the
 * rest of the page from assistive technology while it is open; a test that ended with one still
 * closing would leave the next test's page hidden.
 */
/**
 * The open dialog, found whether or not Fluent's focus manager (tabster, one per window in jsdom, kept
 * across tests) counts it as the active modal at that moment: in jsdom it sometimes marks the new
 * dialog itself aria-hidden, which a browser never shows.
 */
const findDialog = () => screen.findByRole('alertdialog', { hidden: true }, { timeout: 5000 })
const dialogGone = () => waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull())
const calls = (requests: Array<{ method: string; path: string }>) => requests.map((request) => `${request.method} ${request.path}`)

describe('DevicesSection', () => {
  it('lists the devices with this one marked, and signs one out after a confirmation', async () => {
    const server = stubSessions([device(1, 'Firefox 128 on Linux', true), device(2, 'Chrome 126 on Windows 10'), device(3, null)])
    renderScreen(i18n, <DevicesSection />, { path: '/settings' })
    expect(screen.getByText(i18n.t('settings.sessions.loading'))).toBeTruthy()
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(within(rows()[0] as HTMLElement).getByText(i18n.t('settings.sessions.current'))).toBeTruthy()
    expect(rows()[0]?.textContent).toContain('203.0.113.1')
    // This device has no sign-out of its own here: the menu's sign out is for that.
    expect(within(rows()[0] as HTMLElement).queryByRole('button')).toBeNull()
    expect(within(rows()[2] as HTMLElement).getByText(i18n.t('settings.sessions.unknownDevice'))).toBeTruthy()

    const user = userEvent.setup({ delay: null })
    await user.click(screen.getByRole('button', { name: i18n.t('settings.sessions.signOutDevice', { device: 'Chrome 126 on Windows 10' }) }))
    // Nothing is ended before the confirmation.
    const dialog = await findDialog()
    expect(dialog.textContent).toContain(i18n.t('settings.sessions.confirmOneText', { device: 'Chrome 126 on Windows 10' }))
    expect(calls(server.requests)).toEqual(['GET /api/auth/sessions'])
    await user.click(await within(dialog).findByRole('button', { name: i18n.t('settings.sessions.confirm'), hidden: true }))

    await waitFor(() => expect(rows()).toHaveLength(2))
    await dialogGone()
    expect(screen.queryByText('Chrome 126 on Windows 10')).toBeNull()
    expect(screen.getByText(i18n.t('settings.sessions.signedOut'))).toBeTruthy()
    expect(calls(server.requests)).toEqual(['GET /api/auth/sessions', 'DELETE /api/auth/sessions/2'])
  })

  it('signs out everywhere else after a confirmation, keeping this device', async () => {
    const server = stubSessions([device(1, 'Firefox 128 on Linux', true), device(2, 'Chrome 126 on Windows 10'), device(3, 'Safari 17 on iOS 17')])
    renderScreen(i18n, <DevicesSection />, { path: '/settings' })
    await waitFor(() => expect(rows()).toHaveLength(3))
    const user = userEvent.setup({ delay: null })
    await user.click(screen.getByRole('button', { name: i18n.t('settings.sessions.signOutOthers') }))
    const dialog = await findDialog()
    expect(dialog.textContent).toContain(i18n.t('settings.sessions.confirmOthersText'))
    await user.click(await within(dialog).findByRole('button', { name: i18n.t('settings.sessions.confirm'), hidden: true }))
    await waitFor(() => expect(rows()).toHaveLength(1))
    await dialogGone()
    expect(within(rows()[0] as HTMLElement).getByText(i18n.t('settings.sessions.current'))).toBeTruthy()
    expect(screen.getByText(i18n.t('settings.sessions.noOthers'))).toBeTruthy()
    expect(screen.getByText(i18n.t('settings.sessions.signedOutOthers'))).toBeTruthy()
    expect(screen.queryByRole('button', { name: i18n.t('settings.sessions.signOutOthers') })).toBeNull()
    expect(calls(server.requests)).toEqual(['GET /api/auth/sessions', 'DELETE /api/auth/sessions/others'])
  })

  it('cancelling the confirmation signs nobody out', async () => {
    const server = stubSessions([device(1, 'Firefox 128 on Linux', true), device(2, 'Chrome 126 on Windows 10')])
    renderScreen(i18n, <DevicesSection />, { path: '/settings' })
    await waitFor(() => expect(rows()).toHaveLength(2))
    const user = userEvent.setup({ delay: null })
    await user.click(screen.getByRole('button', { name: i18n.t('settings.sessions.signOutOthers') }))
    await user.click(await within(await findDialog()).findByRole('button', { name: i18n.t('settings.sessions.cancel'), hidden: true }))
    await dialogGone()
    expect(rows()).toHaveLength(2)
    expect(calls(server.requests)).toEqual(['GET /api/auth/sessions'])
  })

  it('shows a refused sign-out translated and keeps the row', async () => {
    stubSessions([device(1, 'Firefox 128 on Linux', true), device(2, 'Chrome 126 on Windows 10')], { end: true })
    renderScreen(i18n, <DevicesSection />, { path: '/settings' })
    await waitFor(() => expect(rows()).toHaveLength(2))
    const user = userEvent.setup({ delay: null })
    await user.click(screen.getByRole('button', { name: i18n.t('settings.sessions.signOutDevice', { device: 'Chrome 126 on Windows 10' }) }))
    const dialog = await findDialog()
    await user.click(await within(dialog).findByRole('button', { name: i18n.t('settings.sessions.confirm'), hidden: true }))
    expect(await within(dialog).findByText(i18n.t('errors.not_found'))).toBeTruthy()
    expect(rows()).toHaveLength(2)
    await user.click(within(dialog).getByRole('button', { name: i18n.t('settings.sessions.cancel'), hidden: true }))
    await dialogGone()
  })

  it('says when the list cannot be loaded, and loads it again on retry', async () => {
    const failing = stubSessions([device(1, 'Firefox 128 on Linux', true)], { list: true })
    renderScreen(i18n, <DevicesSection />, { path: '/settings' })
    expect(await screen.findByText(new RegExp(i18n.t('settings.sessions.loadFailed')))).toBeTruthy()
    expect(calls(failing.requests)).toEqual(['GET /api/auth/sessions'])
    vi.unstubAllGlobals()
    stubSessions([device(1, 'Firefox 128 on Linux', true)])
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: i18n.t('settings.retry') }))
    await waitFor(() => expect(rows()).toHaveLength(1))
    expect(screen.getByText(i18n.t('settings.sessions.noOthers'))).toBeTruthy()
  })

  it('says so when no device is signed in', async () => {
    stubSessions([])
    renderScreen(i18n, <DevicesSection />, { path: '/settings' })
    expect(await screen.findByText(i18n.t('settings.sessions.empty'))).toBeTruthy()
    expect(screen.queryByRole('button', { name: i18n.t('settings.sessions.signOutOthers') })).toBeNull()
  })
})

// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../renderer/api/client'
import { RecalcPanel } from '../../../../renderer/features/admin/dashboard/RecalcPanel'
import { recalcStarts } from '../../../../renderer/features/admin/dashboard/recalc'
import { SiteSwitches } from '../../../../renderer/features/admin/dashboard/SiteSwitches'
import { settingsState } from '../../../../renderer/state/settings'
import { routes, type RouteDefinition } from '../../../../server/contract/http'
import { answerCalls, type CallAnswer } from '../calls'
import { createShellI18n, renderWithProviders } from '../shell/support'

// jsdom has no ResizeObserver; Fluent's message bars ask for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

/** The server: what each test makes it answer. */
const call = vi.fn<CallAnswer>()
answerCalls(call)

/** The server's answers by route; a function answers from the request. */
const answers = new Map<RouteDefinition, (input: unknown) => Promise<unknown>>()
const asked: Array<{ url: string; input: unknown }> = []

let i18n: I18n
beforeAll(async () => {
  i18n = await createShellI18n('en')
})

// Unit files share their worker's modules: what this file changed is reset for the next one.
const settingsFound = { ...settingsState }
afterAll(() => {
  Object.assign(settingsState, settingsFound)
})

beforeEach(() => {
  answers.clear()
  asked.length = 0
  call.mockImplementation((route: RouteDefinition, input: unknown) => {
    asked.push({ url: route.url, input })
    const answer = answers.get(route)
    return answer ? answer(input) : Promise.reject(new Error(`unexpected call ${route.url}`))
  })
})

afterEach(() => {
  cleanup()
})

const checked = (element: HTMLElement) => (element as HTMLInputElement).checked
const en = (key: string, values?: Record<string, unknown>) => i18n.t(key, values)

describe('the site switches', () => {
  it('asks first, then shows the state the server saved, and applies it to this page', async () => {
    const typing = userEvent.setup({ delay: null })
    // The server answers with premium_page on (whatever was sent), and the maintenance flag it has.
    answers.set(routes.admin.setSetting, () =>
      Promise.resolve([
        { name: 'maintenance', value: 'false' },
        { name: 'maintenance_message', value: '' },
        { name: 'premium_page', value: 'true' },
      ]),
    )
    renderWithProviders(i18n, <SiteSwitches initial={[{ name: 'premium_page', value: 'false' }]} />)
    const premium = screen.getByRole('switch', { name: en('adminDashboard.switches.premiumPage') })
    expect(checked(premium)).toBe(false)

    await typing.click(premium)
    // Nothing is sent before the confirmation, and the switch still shows the saved state.
    expect(asked).toEqual([])
    expect(checked(premium)).toBe(false)
    await typing.click(screen.getByRole('button', { name: en('adminDashboard.switches.turnOn') }))

    await waitFor(() => expect(checked(premium)).toBe(true))
    expect(asked).toEqual([{ url: '/api/admin/settings', input: { body: { name: 'premium_page', value: 'true' } } }])
    expect(settingsState.premiumPage).toBe(true)
  })

  it('shows a refusal translated and keeps the saved state', async () => {
    const typing = userEvent.setup({ delay: null })
    answers.set(routes.admin.setSetting, () => Promise.reject(new ApiError(429, 'errors.rate_limited', {})))
    renderWithProviders(i18n, <SiteSwitches initial={[{ name: 'maintenance', value: 'false' }]} />)
    const maintenance = screen.getByRole('switch', { name: en('adminDashboard.switches.maintenance') })
    await typing.click(maintenance)
    await typing.click(screen.getByRole('button', { name: en('adminDashboard.switches.turnOn') }))
    expect((await screen.findByTestId('confirm-error')).textContent).toContain(en('errors.rate_limited'))
    expect(checked(maintenance)).toBe(false)
  })

  it('sends a changed maintenance message before turning maintenance on', async () => {
    const typing = userEvent.setup({ delay: null })
    const saved = new Map([
      ['maintenance', 'false'],
      ['maintenance_message', ''],
    ])
    answers.set(routes.admin.setSetting, (input) => {
      const { name, value } = (input as { body: { name: string; value: string } }).body
      saved.set(name, value)
      return Promise.resolve([...saved].map(([key, text]) => ({ name: key, value: text })))
    })
    renderWithProviders(i18n, <SiteSwitches initial={[]} />)
    await typing.type(screen.getByTestId('maintenance-message'), 'Back at 5')
    await typing.click(screen.getByRole('switch', { name: en('adminDashboard.switches.maintenance') }))
    await typing.click(screen.getByRole('button', { name: en('adminDashboard.switches.turnOn') }))
    await waitFor(() => expect(checked(screen.getByRole('switch', { name: en('adminDashboard.switches.maintenance') }))).toBe(true))
    expect(asked.map((entry) => (entry.input as { body: unknown }).body)).toEqual([
      { name: 'maintenance_message', value: 'Back at 5' },
      { name: 'maintenance', value: 'true' },
    ])
  })
})

describe('the rating recompute', () => {
  it('shows the running recompute with its counts when the server says one already runs, then its end', async () => {
    const typing = userEvent.setup({ delay: null })
    const readings = [
      { running: false, done: 0, total: 0 },
      { running: true, done: 30, total: 120 },
      { running: false, done: 120, total: 120 },
    ]
    answers.set(routes.ratings.recalcStatus, () => Promise.resolve(readings.length > 1 ? readings.shift() : readings[0]))
    answers.set(routes.ratings.recalc, () => Promise.reject(new ApiError(409, 'errors.ratings.recompute_running', {})))
    renderWithProviders(i18n, <RecalcPanel />)
    await waitFor(() => expect(asked).toHaveLength(1))
    await typing.click(screen.getByTestId('recalc-start'))
    expect((await screen.findByTestId('recalc-progress')).textContent).toContain('30 of 120 games')
    expect(screen.queryByText(en('errors.ratings.recompute_running'))).toBeNull()
    expect((await screen.findByTestId('recalc-done', {}, { timeout: 3000 })).textContent).toContain(en('adminDashboard.recalc.done', { total: '120' }))
  })

  it("follows a recompute started from the admin drawer's button while the panel is open", async () => {
    const readings = [
      { running: false, done: 0, total: 0 },
      { running: true, done: 10, total: 40 },
      { running: false, done: 40, total: 40 },
    ]
    answers.set(routes.ratings.recalcStatus, () => Promise.resolve(readings.length > 1 ? readings.shift() : readings[0]))
    renderWithProviders(i18n, <RecalcPanel />)
    await waitFor(() => expect(asked).toHaveLength(1))
    expect(screen.queryByTestId('recalc-progress')).toBeNull()
    act(() => {
      recalcStarts.at = Date.now()
    })
    expect((await screen.findByTestId('recalc-progress')).textContent).toContain('10 of 40 games')
    expect((await screen.findByTestId('recalc-done', {}, { timeout: 3000 })).textContent).toContain(en('adminDashboard.recalc.done', { total: '40' }))
  })
})

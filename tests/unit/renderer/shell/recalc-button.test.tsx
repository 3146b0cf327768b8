// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../renderer/api/client'
import { AdminLayout } from '../../../../renderer/app/layouts/AdminLayout'
import { recalcStarts } from '../../../../renderer/features/admin/dashboard/recalc'
import { noticesState, takeNotices } from '../../../../renderer/state/notices'
import { clearSession, setSession } from '../../../../renderer/state/session'
import { ratingsRoutes } from '../../../../server/contract/http/ratings'
import type { RouteDefinition } from '../../../../server/contract/http'
import { answerCalls } from '../calls'
import { createShellI18n, renderWithProviders, testUser } from './support'

/** The server: what each test makes it answer. */
const call = vi.fn<(route: RouteDefinition) => Promise<unknown>>()
answerCalls(call)

let i18n: I18n
beforeAll(async () => {
  i18n = await createShellI18n('en')
})
// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => takeNotices())

beforeEach(async () => {
  call.mockReset()
  takeNotices()
  await act(async () => setSession({ token: 'token', user: testUser({ roleId: 3 }) }))
})
afterEach(() => {
  cleanup()
  clearSession()
})

/** Where the admin is. */
function Place() {
  return <p data-testid="place">{useLocation().pathname}</p>
}

function renderAdmin() {
  const router = createMemoryRouter([{ Component: AdminLayout, children: [{ path: '*', element: <Place /> }] }], { initialEntries: ['/admin/users'] })
  return renderWithProviders(i18n, <RouterProvider router={router} />)
}

const progress = { running: true, done: 0, total: 40 }

describe("the drawer's re-calc rating button", () => {
  it('starts the recompute and opens the dashboard, which follows it', async () => {
    call.mockImplementation(async (route) => (route === ratingsRoutes.recalc ? progress : Promise.reject(new Error('unexpected call'))))
    renderAdmin()
    const before = recalcStarts.at
    await userEvent.click(screen.getByTestId('recalc-rating'))
    await waitFor(() => expect(screen.getByTestId('place').textContent).toBe('/admin/dashboard'))
    // The dashboard's panel follows a recompute from this mark.
    expect(recalcStarts.at).toBeGreaterThan(before)
    expect(call.mock.calls.map(([route]) => route)).toEqual([ratingsRoutes.recalc])
  })

  it('joins a recompute already running (409) instead of showing an error', async () => {
    call.mockImplementation(async (route) => {
      if (route === ratingsRoutes.recalc) throw new ApiError(409, 'errors.ratings.recompute_running', {})
      return progress
    })
    renderAdmin()
    await userEvent.click(screen.getByTestId('recalc-rating'))
    await waitFor(() => expect(screen.getByTestId('place').textContent).toBe('/admin/dashboard'))
    expect(call.mock.calls.map(([route]) => route)).toEqual([ratingsRoutes.recalc, ratingsRoutes.recalcStatus])
    expect(noticesState.queue).toEqual([])
  })

  it('a refusal stays where the admin is and is told in a notice', async () => {
    call.mockRejectedValue(new ApiError(403, 'errors.forbidden', {}))
    renderAdmin()
    await userEvent.click(screen.getByTestId('recalc-rating'))
    await waitFor(() => expect(noticesState.queue.map((notice) => [notice.text, notice.intent])).toEqual([['errors.forbidden', 'error']]))
    expect(screen.getByTestId('place').textContent).toBe('/admin/users')
  })
})

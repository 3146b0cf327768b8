// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Notices } from '../../../../renderer/app/Notices'
import { attachPremiumNotices } from '../../../../renderer/features/premium/premium-notices'
import { clearSession, sessionState, setSession } from '../../../../renderer/state/session'
import type { RouteDefinition } from '../../../../server/contract/http'
import { authRoutes } from '../../../../server/contract/http/auth'
import type { PremiumCredited } from '../../../../server/contract/socket/premium'
import { installCalls } from '../calls'
import { createShellI18n, renderWithProviders, testUser } from '../shell/support'

/** A socket that keeps its listeners, so the test can play the server's push. */
function pushingSocket() {
  const listeners = new Map<string, (payload: PremiumCredited) => void>()
  return {
    on: (event: string, listener: (payload: PremiumCredited) => void) => void listeners.set(event, listener),
    push: (event: string, payload: PremiumCredited) => listeners.get(event)?.(payload),
  }
}

const credited = (overrides: Partial<PremiumCredited>): PremiumCredited => ({
  transactionId: 'tx-1',
  days: 30,
  premiumUntil: '2026-02-01T00:00:00.000Z',
  from: null,
  kind: 'purchase',
  ...overrides,
})

let english: I18n
let ukrainian: I18n

beforeAll(async () => {
  english = await createShellI18n('en')
  ukrainian = await createShellI18n('uk')
})

/** The routes the page called; the current user's reload is answered with the user, now premium. */
const called: RouteDefinition[] = []
let restoreCalls = () => {}

beforeEach(() => {
  called.length = 0
  setSession({ token: 'token-1', user: testUser() })
  restoreCalls = installCalls((route) => {
    called.push(route)
    if (route === authRoutes.me) return testUser({ isPremium: true })
    throw new Error(`unexpected call ${route.url}`)
  })
})

afterEach(() => {
  cleanup()
  restoreCalls()
  clearSession()
})

/** Renders the toaster in `i18n`'s language, then plays one `premium:credited` push. */
async function showPush(i18n: I18n, payload: PremiumCredited) {
  const socket = pushingSocket()
  attachPremiumNotices(socket as never)
  renderWithProviders(i18n, <Notices />)
  await act(async () => {
    socket.push('premium:credited', payload)
  })
}

describe('the premium notice', () => {
  it('tells a gift recipient who gave them premium and for how long, and reloads their user', async () => {
    await showPush(english, credited({ kind: 'gift', from: { id: 4, nickname: 'Olena: the Don' } }))
    expect(await screen.findByText('Olena: the Don gave you 30 days of premium!')).toBeTruthy()
    expect(called).toEqual([authRoutes.me])
    await waitFor(() => expect(sessionState.user?.isPremium).toBe(true))
  })

  it('speaks the reader’s language', async () => {
    await showPush(ukrainian, credited({ kind: 'grant', days: 7 }))
    expect(await screen.findByText('Ви отримали преміум, днів: 7.')).toBeTruthy()
  })

  it('confirms a purchase of one’s own', async () => {
    await showPush(english, credited({ kind: 'purchase', days: 90 }))
    expect(await screen.findByText('Premium credited: 90 days.')).toBeTruthy()
  })
})

// @vitest-environment jsdom
import { StrictMode } from 'react'
import { cleanup, screen, waitFor } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConfirmScreen } from '../../../../renderer/features/auth'
import { clearSession, sessionState } from '../../../../renderer/state/session'
import { createTestI18n, errorReply, renderScreen, stubServer, testUser } from './support'

let i18n: I18n

beforeAll(async () => {
  i18n = await createTestI18n()
})

beforeEach(() => {
  clearSession()
  sessionStorage.clear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const strict = { wrap: (node: React.ReactNode) => <StrictMode>{node}</StrictMode> }

describe('ConfirmScreen', () => {
  it('posts the token exactly once under StrictMode, signs in and goes to the saved target', async () => {
    sessionStorage.setItem('redirectTarget', '/tournaments')
    const requests = stubServer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      return { body: { token: 'fresh-token', user: testUser() } }
    })
    renderScreen(i18n, <ConfirmScreen />, { path: '/confirm/tok-1', pattern: '/confirm/:token', ...strict })
    expect(screen.getByText(i18n.t('auth.confirm.pending'))).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tournaments'))
    expect(requests).toEqual([{ method: 'POST', path: '/api/auth/signup/confirm', json: { token: 'tok-1' }, form: null }])
    expect(sessionState.token).toBe('fresh-token')
  })

  it('goes to /main without a saved target', async () => {
    stubServer(() => ({ body: { token: 'fresh-token', user: testUser() } }))
    renderScreen(i18n, <ConfirmScreen />, { path: '/confirm/tok-2', pattern: '/confirm/:token', ...strict })
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/main'))
  })

  for (const code of ['errors.token_used', 'errors.token_expired', 'errors.token_invalid'] as const) {
    it(`shows ${code} translated, with a way back to sign in`, async () => {
      const requests = stubServer(() => errorReply(410, code, { field: 'token' }))
      renderScreen(i18n, <ConfirmScreen />, { path: `/confirm/${code}`, pattern: '/confirm/:token', ...strict })
      expect(await screen.findByText(i18n.t(code))).toBeTruthy()
      expect(i18n.t(code)).not.toBe(code)
      expect(screen.getByRole('link', { name: 'Go to sign in' }).getAttribute('href')).toBe('/signin')
      expect(requests).toHaveLength(1)
      expect(sessionState.token).toBeNull()
    })
  }
})

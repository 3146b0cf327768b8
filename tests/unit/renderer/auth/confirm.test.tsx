// @vitest-environment jsdom
import { StrictMode } from 'react'
import { cleanup, screen, waitFor } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConfirmScreen, SignInScreen } from '../../../../renderer/features/auth'
import { clearSession, sessionState } from '../../../../renderer/state/session'
import { createTestI18n, errorReply, renderScreen, stubServer } from './support'

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
  it('posts the token exactly once under StrictMode and sends the user to sign in, without a session', async () => {
    sessionStorage.setItem('redirectTarget', '/tournaments')
    const requests = stubServer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20))
      return { body: { ok: true } }
    })
    renderScreen(i18n, <ConfirmScreen />, { path: '/confirm/tok-1', pattern: '/confirm/:token', ...strict })
    expect(screen.getByText(i18n.t('auth.confirm.pending'))).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/signin?confirmed=1'))
    expect(requests).toEqual([{ method: 'POST', path: '/api/auth/signup/confirm', json: { token: 'tok-1' }, form: null }])
    expect(sessionState.token).toBeNull()
    // Where the user was headed is kept for after they sign in.
    expect(sessionStorage.getItem('redirectTarget')).toBe('/tournaments')
  })

  it('the sign-in screen says the address is confirmed', async () => {
    renderScreen(i18n, <SignInScreen />, { path: '/signin?confirmed=1', pattern: '/signin' })
    // the message bar's code loads when a bar is first shown
    expect(await screen.findByText(i18n.t('auth.confirm.confirmed'))).toBeTruthy()
    expect(i18n.t('auth.confirm.confirmed')).not.toBe('auth.confirm.confirmed')
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

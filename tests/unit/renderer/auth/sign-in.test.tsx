// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SignInScreen } from '../../../../renderer/features/auth'
import { clearSession, sessionState } from '../../../../renderer/state/session'
import { createTestI18n, descriptionOf, errorReply, renderScreen, stubServer, testUser, type RecordedRequest } from './support'

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

const session = { token: 'session-token', user: testUser() }

async function signIn(email: string, password: string) {
  const user = userEvent.setup({ delay: null })
  await user.type(screen.getByLabelText('Email'), email)
  if (password) await user.type(screen.getByLabelText('Password'), password)
  await user.click(screen.getByRole('button', { name: 'Sign in' }))
  return user
}

describe('SignInScreen', () => {
  it('checks the fields in the browser, shows translated messages next to them and sends nothing', async () => {
    const requests = stubServer(() => ({ body: session }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    await signIn('not-an-email', '')
    const email = screen.getByLabelText('Email')
    const password = screen.getByLabelText('Password')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(descriptionOf(email)).toContain(i18n.t('auth.validation.email'))
    expect(descriptionOf(password)).toContain(i18n.t('auth.validation.required'))
    expect(requests).toEqual([])
  })

  it('signs in, stores the session and goes to the saved target', async () => {
    sessionStorage.setItem('redirectTarget', '/friends')
    const requests = stubServer(() => ({ body: session }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    await signIn('  don@example.test ', 'secret password')
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/friends'))
    expect(requests).toEqual([{ method: 'POST', path: '/api/auth/login/password', json: { email: 'don@example.test', password: 'secret password' }, form: null }])
    expect(sessionState.token).toBe('session-token')
    expect(sessionState.user?.nickname).toBe('Don Corleone')
  })

  it('goes to /main when nothing was saved', async () => {
    stubServer(() => ({ body: session }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    await signIn('don@example.test', 'secret password')
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/main'))
  })

  it('shows a server error about a field next to that field, translated', async () => {
    stubServer(() => errorReply(401, 'errors.invalid_credentials', { field: 'password' }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    await signIn('don@example.test', 'wrong password')
    const password = screen.getByLabelText('Password')
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    const expected = i18n.t('errors.invalid_credentials')
    expect(expected).not.toBe('errors.invalid_credentials')
    expect(descriptionOf(password)).toContain(expected)
    expect(descriptionOf(screen.getByLabelText('Email'))).not.toContain(expected)
    expect(screen.queryByText('server text that the client must not show')).toBeNull()
    expect(sessionState.token).toBeNull()
    expect(screen.getByTestId('location').textContent).toBe('/signin')
  })

  it('shows an error without a field in a message bar, and typing clears a field message', async () => {
    stubServer(() => errorReply(403, 'errors.email_not_confirmed'))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    const user = await signIn('don@example.test', 'secret password')
    expect(await screen.findByText(i18n.t('errors.email_not_confirmed'))).toBeTruthy()
    // no offer of anything else (no resend link)
    expect(screen.queryAllByRole('link').map((link) => link.textContent)).toEqual(['Forgot password?'])
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await user.clear(screen.getByLabelText('Email'))
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(descriptionOf(screen.getByLabelText('Email'))).toContain(i18n.t('auth.validation.required'))
    await user.type(screen.getByLabelText('Email'), 'd')
    expect(descriptionOf(screen.getByLabelText('Email'))).not.toContain(i18n.t('auth.validation.required'))
  })

  it('tells a banned user the reason and when the ban ends', async () => {
    stubServer(() => errorReply(403, 'errors.banned', { ban: { reason: 'Cheating at the table', time: '2030-05-04T12:00:00.000Z' } }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    await signIn('don@example.test', 'secret password')
    expect(await screen.findByText(i18n.t('errors.banned'))).toBeTruthy()
    expect(screen.getByText('Reason: Cheating at the table')).toBeTruthy()
    expect(screen.getByText(/The ban ends on .*2030/)).toBeTruthy()
  })

  it('tells a locked account until when it stays locked', async () => {
    stubServer(() => errorReply(423, 'errors.account_locked', { lockedUntil: '2031-01-02T03:04:00.000Z' }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    await signIn('don@example.test', 'secret password')
    expect(await screen.findByText(i18n.t('errors.account_locked'))).toBeTruthy()
    expect(screen.getByText(/You can try again after .*2031/)).toBeTruthy()
  })

  it('on a 429 shows only a short hint (the app dialog tells the rest)', async () => {
    stubServer(() => errorReply(429, 'errors.rate_limited', { retryAfter: 30 }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    await signIn('don@example.test', 'secret password')
    expect(await screen.findByText(i18n.t('auth.common.rateLimitedHint'))).toBeTruthy()
    expect(screen.queryByText(i18n.t('errors.rate_limited'))).toBeNull()
  })

  it('keeps the button busy while the call runs and sends one request for two clicks', async () => {
    let release: () => void = () => {}
    const requests = stubServer(() => new Promise((resolve) => (release = () => resolve({ body: session }))))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    const user = await signIn('don@example.test', 'secret password')
    const button = screen.getByRole('button', { name: 'Sign in' })
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'))
    await user.click(button)
    release()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/main'))
    expect(requests).toHaveLength(1)
  })

  it('switches to account creation and to the reset link form', async () => {
    const requests: RecordedRequest[] = stubServer(() => ({ body: { ok: true } }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    const user = userEvent.setup({ delay: null })
    await user.type(screen.getByLabelText('Email'), 'don@example.test')

    await user.click(screen.getByRole('tab', { name: 'Create account' }))
    expect(screen.getByTestId('location').textContent).toBe('/signin?view=signup')
    expect(await screen.findByLabelText('Nickname')).toBeTruthy()
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('don@example.test')
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy()

    await user.click(screen.getByRole('tab', { name: 'Sign in' }))
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }))
    expect(screen.getByTestId('location').textContent).toBe('/signin?view=forgot')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    const sent = await screen.findByText(i18n.t('auth.forgot.sent'))
    expect(sent).toBeTruthy()
    expect(requests).toEqual([{ method: 'POST', path: '/api/auth/forgot', json: { email: 'don@example.test' }, form: null }])
    expect(within(document.body).getByRole('link', { name: 'Back to sign in' })).toBeTruthy()
  })
})

// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SignInScreen, SignUpScreen } from '../../../../renderer/features/auth'
import { createTestI18n, descriptionOf, errorReply, renderScreen, stubServer } from './support'

let i18n: I18n

beforeAll(async () => {
  i18n = await createTestI18n()
})

afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await i18n.changeLanguage('en')
})

async function fillSignUp(values: { nickname: string; email: string; password: string }) {
  const user = userEvent.setup({ delay: null })
  await screen.findByLabelText('Nickname') // the sign-up form loads on demand
  if (values.nickname) await user.type(screen.getByLabelText('Nickname'), values.nickname)
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email)
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password)
  await user.click(screen.getByRole('button', { name: 'Create account' }))
  return user
}

describe('sign-up', () => {
  it('shows the typed password while its pressed button says so, and hides it again', async () => {
    renderScreen(i18n, <SignInScreen />, { path: '/signin?view=signup', pattern: '/signin' })
    const user = userEvent.setup({ delay: null })
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement
    const show = screen.getByRole('button', { name: i18n.t('auth.common.showCharacters') })
    expect(password.type).toBe('password')
    expect(show.getAttribute('aria-pressed')).toBe('false')
    await user.click(show)
    expect(password.type).toBe('text')
    expect(show.getAttribute('aria-pressed')).toBe('true')
    await user.click(show)
    expect(password.type).toBe('password')
    expect(show.getAttribute('aria-pressed')).toBe('false')
  })

  it('from an invitation link sends the token as referenceToken and asks the user to check their mail', async () => {
    const requests = stubServer(() => ({ body: { ok: true, email: 'vito@example.test' } }))
    renderScreen(i18n, <SignUpScreen />, { path: '/signup/invite42', pattern: '/signup/:token' })
    expect(screen.getByText(i18n.t('auth.signUp.invited'))).toBeTruthy()
    await fillSignUp({ nickname: ' Vito ', email: 'vito@example.test', password: 'a long secret' })
    expect(await screen.findByText('Check your mail at vito@example.test: open the link we sent to confirm your account.')).toBeTruthy()
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/api/auth/signup',
        json: { nickname: 'Vito', email: 'vito@example.test', password: 'a long secret', language: 'en', referenceToken: 'invite42' },
        form: null,
      },
    ])
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull()
  })

  it('checks nickname, email and password before sending', async () => {
    const requests = stubServer(() => ({ body: { ok: true, email: 'x' } }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin?view=signup', pattern: '/signin' })
    await fillSignUp({ nickname: 'no<tags>', email: 'vito@', password: 'short' })
    expect(descriptionOf(screen.getByLabelText('Nickname'))).toContain(i18n.t('auth.validation.nicknamePattern'))
    expect(descriptionOf(screen.getByLabelText('Email'))).toContain(i18n.t('auth.validation.email'))
    expect(descriptionOf(screen.getByLabelText('Password'))).toContain('Use at least 8 characters.')
    expect(requests).toEqual([])
  })

  it('places a server error (email taken) next to the email field', async () => {
    stubServer(() => errorReply(409, 'errors.email_taken', { field: 'email' }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin?view=signup', pattern: '/signin' })
    await fillSignUp({ nickname: 'Vito', email: 'vito@example.test', password: 'a long secret' })
    const email = screen.getByLabelText('Email')
    await waitFor(() => expect(descriptionOf(email)).toContain(i18n.t('errors.email_taken')))
    expect(i18n.t('errors.email_taken')).not.toBe('errors.email_taken')
  })

  it('chooses the interface language for the account by default, and shows the password on request', async () => {
    await i18n.changeLanguage('de')
    const requests = stubServer(() => ({ body: { ok: true, email: 'vito@example.test' } }))
    renderScreen(i18n, <SignInScreen />, { path: '/signin?view=signup', pattern: '/signin' })
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('de')
    const user = userEvent.setup({ delay: null })
    await user.type(screen.getByLabelText('Password'), 'a long secret')
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password')
    await user.click(screen.getByRole('button', { name: 'Show characters' }))
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('text')
    await user.selectOptions(screen.getByLabelText('Language'), 'he')
    await user.type(screen.getByLabelText('Nickname'), 'Vito')
    await user.type(screen.getByLabelText('Email'), 'vito@example.test')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(requests).toHaveLength(1))
    expect((requests[0]?.json as { language: string }).language).toBe('he')
    expect(requests[0]?.json).not.toHaveProperty('referenceToken')
  })
})

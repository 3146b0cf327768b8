// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SignInScreen } from '../../../../renderer/features/auth'
import { SettingsScreen } from '../../../../renderer/features/settings'
import { clearSession, setSession } from '../../../../renderer/state/session'
import { createTestI18n, renderScreen, stubServer, testUser } from '../auth/support'

let i18n: I18n

beforeAll(async () => {
  i18n = await createTestI18n()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  clearSession()
})

/**
 * End-to-end tests find controls by label the way Playwright does by default: a case-insensitive
 * substring of any label, aria-label or aria-labelledby. Each of these labels must find one control.
 */
function expectOneControl(label: string) {
  expect(screen.getAllByLabelText(label, { exact: false }), label).toHaveLength(1)
}

describe('the labels end-to-end tests use find exactly one control', () => {
  it('on the sign-in and sign-up views', async () => {
    renderScreen(i18n, <SignInScreen />, { path: '/signin' })
    for (const label of ['Email', 'Password']) expectOneControl(label)
    expect(screen.getAllByRole('button', { name: /sign in/i })).toHaveLength(1)
    expect(screen.getByRole('tab', { name: 'Create account' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeTruthy()
    cleanup()

    renderScreen(i18n, <SignInScreen />, { path: '/signin?view=signup', pattern: '/signin' })
    await screen.findByLabelText('Nickname', { exact: false }) // the sign-up form loads on demand
    for (const label of ['Nickname', 'Email', 'Password', 'Language']) expectOneControl(label)
    expect(screen.getAllByRole('button', { name: /create account/i })).toHaveLength(1)
  })

  it('on the settings screen', async () => {
    const user = testUser({ avatar: '/uploads/a.png' })
    setSession({ token: 't', user })
    stubServer(() => ({ body: { nickname: user.nickname, email: user.email, language: 'en', avatar: user.avatar, placeholder: null, deleteAt: null } }))
    renderScreen(i18n, <SettingsScreen />, { path: '/settings' })
    await screen.findByRole('button', { name: 'Save profile' })
    for (const label of ['Nickname', 'Avatar', 'Placeholder image', 'Language', 'Current password', 'Repeat new password', 'Referral link']) expectOneControl(label)
    // "New password" is also part of "Repeat new password": tests match it exactly
    expect(screen.getAllByLabelText('New password')).toHaveLength(1)
    for (const name of ['Save profile', 'Change password', 'Delete account', 'Copy link', 'Save language']) {
      expect(screen.getAllByRole('button', { name: new RegExp(name, 'i') }), name).toHaveLength(1)
    }
    expect(screen.getByTestId('settings-avatar').getAttribute('src')).toBe('/uploads/a.png')
  })
})

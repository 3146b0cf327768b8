// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ResetScreen } from '../../../../renderer/features/auth'
import { clearSession, sessionState } from '../../../../renderer/state/session'
import { createTestI18n, descriptionOf, errorReply, renderScreen, stubServer, testUser } from './support'

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

async function choose(password: string, repeat: string) {
  const user = userEvent.setup({ delay: null })
  await user.type(screen.getByLabelText('New password'), password)
  await user.type(screen.getByLabelText('Repeat new password'), repeat)
  await user.click(screen.getByRole('button', { name: 'Set new password' }))
}

describe('ResetScreen', () => {
  it('asks for the same password twice before sending', async () => {
    const requests = stubServer(() => ({ body: {} }))
    renderScreen(i18n, <ResetScreen />, { path: '/reset/r-1', pattern: '/reset/:token' })
    await choose('a long secret', 'a long secreT')
    expect(descriptionOf(screen.getByLabelText('Repeat new password'))).toContain(i18n.t('auth.validation.passwordsDiffer'))
    expect(requests).toEqual([])
  })

  it('sets the new password, signs in and goes to /main', async () => {
    sessionStorage.setItem('redirectTarget', '/friends')
    const requests = stubServer(() => ({ body: { token: 'after-reset', user: testUser() } }))
    renderScreen(i18n, <ResetScreen />, { path: '/reset/r-2', pattern: '/reset/:token' })
    await choose('a long secret', 'a long secret')
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/main'))
    expect(requests).toEqual([{ method: 'POST', path: '/api/auth/forgot/confirm', json: { token: 'r-2', password: 'a long secret' }, form: null }])
    expect(sessionState.token).toBe('after-reset')
  })

  it('explains an expired link and offers a new one', async () => {
    stubServer(() => errorReply(410, 'errors.token_expired', { field: 'token' }))
    renderScreen(i18n, <ResetScreen />, { path: '/reset/r-3', pattern: '/reset/:token' })
    await choose('a long secret', 'a long secret')
    expect(await screen.findByText(i18n.t('errors.token_expired'))).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/signin?view=forgot')
    expect(sessionState.token).toBeNull()
  })
})

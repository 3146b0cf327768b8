// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { limits, type AccountSettings, type User } from '../../../../server/contract/http'
import { SettingsScreen } from '../../../../renderer/features/settings'
import { chooseLanguage } from '../../../../renderer/i18n/language-actions'
import { clearSession, sessionState, setSession, updateUser } from '../../../../renderer/state/session'
import { createTestI18n, descriptionOf, errorReply, renderScreen, stubServer, testUser, type RecordedRequest } from '../auth/support'

// The interface switch belongs to the app's i18n module; here it is enough to see it asked for.
vi.mock('../../../../renderer/i18n/language-actions', () => ({ chooseLanguage: vi.fn(async () => {}) }))

let i18n: I18n

beforeAll(async () => {
  i18n = await createTestI18n()
})

let user: User

beforeEach(() => {
  clearSession()
  user = testUser()
  setSession({ token: 'session-token', user })
  vi.mocked(chooseLanguage).mockClear()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const settingsOf = (current: User): AccountSettings => ({
  nickname: current.nickname,
  email: current.email,
  language: current.language,
  avatar: current.avatar,
  placeholder: current.placeholder,
  deleteAt: current.deleteAt,
})

/** A small fake of the account endpoints, answering with the server's shapes. */
function stubAccount(overrides: (request: RecordedRequest) => { status?: number; body: unknown } | undefined = () => undefined) {
  return stubServer((request) => {
    const custom = overrides(request)
    if (custom) return custom
    const key = `${request.method} ${request.path}`
    switch (key) {
      case 'GET /api/auth/settings':
        return { body: settingsOf(user) }
      case 'POST /api/auth/settings': {
        const { settings } = request.json as { settings: Partial<User> }
        user = { ...user, ...settings }
        return { body: { token: 'session-token-2', user } }
      }
      case 'POST /api/auth/uploadAvatar':
        user = { ...user, avatar: '/uploads/avatars/new-face.webp' }
        return { body: user }
      case 'POST /api/auth/change_password':
        return { body: { token: 'after-password-change', user } }
      case 'GET /api/auth/deleteUser':
        user = { ...user, deleteAt: '2030-03-15T09:30:00.000Z' }
        return { body: user }
      case 'GET /api/auth/cancelDeleteUser':
        user = { ...user, deleteAt: null }
        return { body: user }
      case 'GET /api/auth/shareKey':
        return { body: { active: false, createdAt: null } }
      case 'GET /api/auth/sessions':
        return { body: { items: [{ id: 1, device: 'Firefox 128 on Linux', address: '203.0.113.5', createdAt: '2026-11-20T10:00:00.000Z', lastSeenAt: '2026-11-23T07:00:00.000Z', current: true }] } }
      default:
        return errorReply(404, 'errors.not_found')
    }
  })
}

async function openSettings() {
  const view = renderScreen(i18n, <SettingsScreen />, { path: '/settings' })
  await screen.findByRole('button', { name: 'Save profile' })
  return view
}

const png = (size: number, name = 'face.png', type = 'image/png') => new File([new Uint8Array(size)], name, { type })

describe('SettingsScreen', () => {
  it('loads the settings and saves the nickname, storing the new session', async () => {
    const requests = stubAccount()
    await openSettings()
    const nickname = screen.getByLabelText('Nickname') as HTMLInputElement
    expect(nickname.value).toBe('Don Corleone')
    const typing = userEvent.setup({ delay: null })
    await typing.clear(nickname)
    await typing.type(nickname, '  Vito Corleone ')
    await typing.click(screen.getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText(i18n.t('settings.profile.saved'))).toBeTruthy()
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/auth/settings', json: { settings: { nickname: 'Vito Corleone' } }, form: null },
    ])
    expect(sessionState.token).toBe('session-token-2')
    expect(sessionState.user?.nickname).toBe('Vito Corleone')
  })

  it('shows a taken nickname next to the field', async () => {
    stubAccount((request) => (request.method === 'POST' ? errorReply(409, 'errors.nickname_taken', { field: 'nickname' }) : undefined))
    await openSettings()
    const typing = userEvent.setup({ delay: null })
    await typing.type(screen.getByLabelText('Nickname'), 'x')
    await typing.click(screen.getByRole('button', { name: 'Save profile' }))
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Nickname'))).toContain(i18n.t('errors.nickname_taken')))
  })

  it('refuses a picture that is too large or of another type before uploading it', async () => {
    const requests = stubAccount()
    await openSettings()
    const typing = userEvent.setup({ delay: null, applyAccept: false })
    await typing.upload(screen.getByLabelText('Avatar'), png(limits.imageMaxBytes + 1))
    expect(await screen.findByText(i18n.t('errors.file_too_large'))).toBeTruthy()
    await typing.upload(screen.getByLabelText('Placeholder image'), png(100, 'anim.gif', 'image/gif'))
    expect(await screen.findByText(i18n.t('errors.file_type'))).toBeTruthy()
    expect(requests.filter((request) => request.method === 'POST')).toEqual([])
  })

  it('uploads an avatar as the multipart field "file" and shows the new picture', async () => {
    const requests = stubAccount()
    await openSettings()
    expect(screen.queryByTestId('settings-avatar')).toBeNull()
    const input = screen.getByLabelText('Avatar') as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.accept).toBe('image/png,image/jpeg,image/webp')
    const file = png(2048)
    await userEvent.setup({ delay: null }).upload(input, file)
    await waitFor(() => expect(screen.getByTestId('settings-avatar').getAttribute('src')).toBe('/uploads/avatars/new-face.webp'))
    const upload = requests.find((request) => request.path === '/api/auth/uploadAvatar')
    expect(upload?.form?.get('file')).toBe(file)
    expect(sessionState.user?.avatar).toBe('/uploads/avatars/new-face.webp')
  })

  it('saves the language to the account and switches the interface', async () => {
    const requests = stubAccount()
    await openSettings()
    const typing = userEvent.setup({ delay: null })
    await typing.selectOptions(screen.getByLabelText('Language'), 'de')
    await typing.click(screen.getByRole('button', { name: 'Save language' }))
    expect(await screen.findByText(i18n.t('settings.language.saved'))).toBeTruthy()
    expect(requests.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/auth/settings', json: { settings: { language: 'de' } }, form: null },
    ])
    expect(sessionState.user?.language).toBe('de')
    expect(chooseLanguage).toHaveBeenCalledWith('de')
  })

  it('keeps the language select on the account language when the top bar changes it', async () => {
    stubAccount()
    await openSettings()
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en')
    act(() => updateUser({ ...user, language: 'uk' }))
    await waitFor(() => expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('uk'))
  })

  it('changes the password: checks the repeat, places a wrong current password, then keeps this device signed in', async () => {
    const requests = stubAccount((request) =>
      request.path === '/api/auth/change_password' && (request.json as { currentPassword: string }).currentPassword === 'wrong one'
        ? errorReply(400, 'errors.wrong_password', { field: 'currentPassword' })
        : undefined,
    )
    await openSettings()
    expect(screen.getByText(i18n.t('settings.password.note'))).toBeTruthy()
    const typing = userEvent.setup({ delay: null })
    const current = screen.getByLabelText('Current password')
    const next = screen.getByLabelText('New password')
    const repeat = screen.getByLabelText('Repeat new password')
    await typing.type(current, 'wrong one')
    await typing.type(next, 'brand new secret')
    await typing.type(repeat, 'brand new secreT')
    await typing.click(screen.getByRole('button', { name: 'Change password' }))
    expect(descriptionOf(repeat)).toContain(i18n.t('auth.validation.passwordsDiffer'))
    expect(requests.filter((request) => request.method === 'POST')).toEqual([])

    await typing.clear(repeat)
    await typing.type(repeat, 'brand new secret')
    await typing.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(descriptionOf(current)).toContain(i18n.t('errors.wrong_password')))

    await typing.clear(current)
    await typing.type(current, 'old secret')
    await typing.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText(i18n.t('settings.password.changed'))).toBeTruthy()
    expect(requests.filter((request) => request.method === 'POST').at(-1)?.json).toEqual({ currentPassword: 'old secret', newPassword: 'brand new secret' })
    expect(sessionState.token).toBe('after-password-change')
    expect((current as HTMLInputElement).value).toBe('')
  })

  it('schedules the deletion after a confirmation, shows its date and cancels it', async () => {
    const requests = stubAccount()
    await openSettings()
    const typing = userEvent.setup({ delay: null })
    await typing.click(screen.getByRole('button', { name: 'Delete account' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(requests.some((request) => request.path === '/api/auth/deleteUser')).toBe(false)
    await typing.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }))

    const date = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date('2030-03-15T09:30:00.000Z'))
    expect(await screen.findByText(`Your account will be deleted on ${date}.`)).toBeTruthy()
    expect(sessionState.user?.deleteAt).toBe('2030-03-15T09:30:00.000Z')
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())

    await typing.click(screen.getByRole('button', { name: 'Cancel deletion' }))
    expect(await screen.findByRole('button', { name: 'Delete account' })).toBeTruthy()
    expect(sessionState.user?.deleteAt).toBeNull()
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /api/auth/settings', 'GET /api/auth/sessions', 'GET /api/auth/shareKey', 'GET /api/auth/deleteUser', 'GET /api/auth/cancelDeleteUser'])
  })

  it('shows the referral link and copies it', async () => {
    stubAccount()
    const writeText = vi.fn(async () => {})
    await openSettings()
    const typing = userEvent.setup({ delay: null })
    // user-event installs its own clipboard on setup; this one replaces it
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    const link = `${location.origin}/signup/ref123token`
    expect((screen.getByLabelText('Referral link') as HTMLInputElement).value).toBe(link)
    await typing.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(link)
    expect(await screen.findByText(i18n.t('settings.referral.copied'))).toBeTruthy()
  })

  it('offers a retry when the settings cannot be loaded', async () => {
    let fail = true
    stubAccount((request) => (request.path === '/api/auth/settings' && fail ? errorReply(500, 'errors.internal') : undefined))
    renderScreen(i18n, <SettingsScreen />, { path: '/settings' })
    const retry = await screen.findByRole('button', { name: 'Try again' })
    fail = false
    await userEvent.setup({ delay: null }).click(retry)
    expect(await screen.findByRole('button', { name: 'Save profile' })).toBeTruthy()
  })
})

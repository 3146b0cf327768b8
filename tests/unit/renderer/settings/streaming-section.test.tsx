// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ShareKeyState } from '../../../../server/contract/http'
import { StreamingSection } from '../../../../renderer/features/settings/StreamingSection'
import { createTestI18n, errorReply, renderScreen, stubServer } from '../auth/support'

let i18n: I18n

beforeAll(async () => {
  i18n = await createTestI18n()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const link = (key: string) => `http://club.test/obs-share#key=${key}`

/** The share key endpoints, answering with the server's shapes. */
function stubKeys(start: ShareKeyState = { active: false, createdAt: null }) {
  let state = start
  let made = 0
  return stubServer((request) => {
    switch (`${request.method} ${request.path}`) {
      case 'GET /api/auth/shareKey':
        return { body: state }
      case 'POST /api/auth/shareKey': {
        made += 1
        state = { active: true, createdAt: '2026-11-23T07:00:00.000Z' }
        return { body: { key: `key-${made}`, link: link(`key-${made}`), createdAt: state.createdAt } }
      }
      case 'DELETE /api/auth/shareKey':
        state = { active: false, createdAt: null }
        return { body: { ok: true } }
      default:
        return errorReply(404, 'errors.not_found')
    }
  })
}

describe('StreamingSection', () => {
  it('makes a link, shows it once with its copy button, replaces it and revokes it', async () => {
    const requests = stubKeys()
    renderScreen(i18n, <StreamingSection />, { path: '/settings' })
    expect(await screen.findByText(i18n.t('settings.streaming.none'))).toBeTruthy()
    const typing = userEvent.setup({ delay: null })
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })

    await typing.click(screen.getByRole('button', { name: i18n.t('settings.streaming.create') }))
    const field = (await screen.findByLabelText(i18n.t('settings.streaming.label'))) as HTMLInputElement
    expect(field.value).toBe(link('key-1'))
    await typing.click(screen.getByRole('button', { name: i18n.t('settings.streaming.copy') }))
    expect(writeText).toHaveBeenCalledWith(link('key-1'))
    expect(await screen.findByText(i18n.t('settings.streaming.copied'))).toBeTruthy()

    await typing.click(screen.getByRole('button', { name: i18n.t('settings.streaming.regenerate') }))
    expect(((await screen.findByDisplayValue(link('key-2'))) as HTMLInputElement).readOnly).toBe(true)

    await typing.click(screen.getByRole('button', { name: i18n.t('settings.streaming.revoke') }))
    expect(await screen.findByText(i18n.t('settings.streaming.revoked'))).toBeTruthy()
    expect(screen.getByText(i18n.t('settings.streaming.none'))).toBeTruthy()
    expect(screen.queryByLabelText(i18n.t('settings.streaming.label'))).toBeNull()
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/auth/shareKey',
      'POST /api/auth/shareKey',
      'POST /api/auth/shareKey',
      'DELETE /api/auth/shareKey',
    ])
  })

  it('says a link exists without showing it again', async () => {
    stubKeys({ active: true, createdAt: '2026-11-20T10:00:00.000Z' })
    renderScreen(i18n, <StreamingSection />, { path: '/settings' })
    expect(await screen.findByRole('button', { name: i18n.t('settings.streaming.regenerate') })).toBeTruthy()
    expect(screen.getByRole('button', { name: i18n.t('settings.streaming.revoke') })).toBeTruthy()
    expect(screen.queryByLabelText(i18n.t('settings.streaming.label'))).toBeNull()
  })

  it('shows a refusal translated, and a failed load', async () => {
    stubServer((request) => (request.method === 'GET' ? { body: { active: false, createdAt: null } } : errorReply(429, 'errors.rate_limited', { retryAfter: 30 })))
    renderScreen(i18n, <StreamingSection />, { path: '/settings' })
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: i18n.t('settings.streaming.create') }))
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('errors.rate_limited'))
    cleanup()

    stubServer(() => errorReply(500, 'errors.internal'))
    renderScreen(i18n, <StreamingSection />, { path: '/settings' })
    expect(await screen.findByText(new RegExp(i18n.t('settings.streaming.loadFailed')))).toBeTruthy()
  })
})

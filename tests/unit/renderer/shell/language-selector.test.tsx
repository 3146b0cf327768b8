// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { LanguageSelector } from '../../../../renderer/app/shell/LanguageSelector'
import { ThemeToggle } from '../../../../renderer/app/shell/ThemeToggle'
import { localeState } from '../../../../renderer/i18n'
import { clearSession, sessionState, setSession } from '../../../../renderer/state/session'
import { createShellI18n, renderWithProviders, seedMessages, testUser } from './support'

interface Recorded {
  method: string
  path: string
  json: unknown
}

/** Answers the API client's requests in jsdom (Node's Request wants absolute addresses). */
function stubServer() {
  const requests: Recorded[] = []
  const NodeRequest = globalThis.Request
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, location.href) : input, init)
      }
    },
  )
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      const text = await request.text()
      requests.push({ method: request.method, path: url.pathname, json: text ? JSON.parse(text) : null })
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      const messages = /^\/api\/i18n\/([a-z]+)\/([a-z]{2})$/.exec(url.pathname)
      if (messages) return messages[1] === 'mafia' ? json(seedMessages(messages[2] as string)) : json({ title: 'x' })
      if (url.pathname === '/api/auth/settings') return json({ token: 'token-2', user: testUser({ language: 'de' }) })
      return json({ statusCode: 404, code: 'errors.not_found', message: 'Not found' }, 404)
    }),
  )
  return requests
}

let i18n: I18n

beforeAll(async () => {
  i18n = await createShellI18n('en')
})

beforeEach(() => {
  localStorage.clear()
  clearSession()
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('language selector', () => {
  it('lists the four languages, each in its own name', async () => {
    renderWithProviders(i18n, <LanguageSelector compact={false} />)
    fireEvent.click(screen.getByTestId('language-selector'))
    const items = await screen.findAllByRole('menuitemradio')
    expect(items.map((item) => item.textContent)).toEqual(['Українська', 'English', 'Deutsch', 'עברית'])
    expect(screen.getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true')
  })

  it('a choice is stored under lang, loads its texts, flips the direction and is saved to the account', async () => {
    const requests = stubServer()
    await act(async () => setSession({ token: 'token-1', user: testUser({ language: 'en' }) }))
    renderWithProviders(
      i18n,
      <MemoryRouter>
        <LanguageSelector compact={false} />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByTestId('language-selector'))
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'עברית' }))
    await waitFor(() => expect(requests.some((request) => request.path === '/api/auth/settings')).toBe(true))
    expect(localStorage.getItem('lang')).toBe('he')
    const paths = requests.map((request) => request.path)
    expect(paths).toContain('/api/i18n/mafia/he')
    expect(paths.indexOf('/api/i18n/mafia/he')).toBeLessThan(paths.indexOf('/api/i18n/pages/he'))
    expect(requests.find((request) => request.path === '/api/auth/settings')).toEqual({ method: 'POST', path: '/api/auth/settings', json: { settings: { language: 'he' } } })
    expect(document.documentElement.lang).toBe('he')
    expect(document.documentElement.dir).toBe('rtl')
    expect(localeState.dir).toBe('rtl')
    await waitFor(() => expect(sessionState.token).toBe('token-2'))
  })

  it('an anonymous visitor only stores the choice', async () => {
    const requests = stubServer()
    renderWithProviders(i18n, <LanguageSelector compact={false} />)
    fireEvent.click(screen.getByTestId('language-selector'))
    fireEvent.click(await screen.findByRole('menuitemradio', { name: 'Deutsch' }))
    await waitFor(() => expect(document.documentElement.lang).toBe('de'))
    expect(localStorage.getItem('lang')).toBe('de')
    expect(document.documentElement.dir).toBe('ltr')
    expect(requests.some((request) => request.path === '/api/auth/settings')).toBe(false)
  })

  // That the open menu takes the focus is checked in Chromium (accounts.e2e.ts): jsdom has no layout, so Fluent finds nothing focusable.
  it('from the keyboard: Enter or Space on the button opens the menu, Escape closes it back onto the button', async () => {
    const user = userEvent.setup()
    renderWithProviders(i18n, <LanguageSelector compact={false} />)
    const button = screen.getByTestId('language-selector')
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    await user.tab()
    expect(document.activeElement).toBe(button)
    await user.keyboard('{Enter}')
    expect(await screen.findAllByRole('menuitemradio')).toHaveLength(4)
    fireEvent.keyDown(screen.getAllByRole('menuitemradio')[0] as HTMLElement, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('menuitemradio')).toBeNull())
    expect(document.activeElement).toBe(screen.getByTestId('language-selector'))
    await user.keyboard(' ')
    expect(await screen.findAllByRole('menuitemradio')).toHaveLength(4)
  })
})

describe('theme toggle', () => {
  it('is named by its action before and after its tooltip loads; focusing it shows the tooltip and keeps the focus', async () => {
    const user = userEvent.setup()
    renderWithProviders(i18n, <ThemeToggle />)
    expect(screen.getByRole('button', { name: 'Switch to the light theme' })).toBe(screen.getByTestId('theme-toggle'))
    await user.tab()
    expect(await screen.findByRole('tooltip')).toHaveProperty('textContent', 'Switch to the light theme')
    expect(document.activeElement).toBe(screen.getByTestId('theme-toggle'))
    expect(screen.getByRole('button', { name: 'Switch to the light theme' })).toBe(screen.getByTestId('theme-toggle'))
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: 'Switch to the dark theme' })).toBe(document.activeElement)
  })
})

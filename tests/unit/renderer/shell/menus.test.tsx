// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DefaultLayout } from '../../../../renderer/app/layouts/DefaultLayout'
import { AdminLayout } from '../../../../renderer/app/layouts/AdminLayout'
import { adminMenuItems, mainMenuItems } from '../../../../renderer/app/shell/menus'
import { clearSession, setSession } from '../../../../renderer/state/session'
import { applySettings, parseSettings } from '../../../../renderer/state/settings'
import { createShellI18n, renderWithProviders, testUser } from './support'

let i18n: I18n

beforeAll(async () => {
  i18n = await createShellI18n('en')
})

beforeEach(() => {
  clearSession()
  applySettings([])
})

afterEach(() => cleanup())

function renderLayout(Layout: () => React.ReactNode, path = '/main') {
  const router = createMemoryRouter([{ Component: Layout, children: [{ path: '*', element: <p>screen</p> }] }], { initialEntries: [path] })
  return renderWithProviders(i18n, <RouterProvider router={router} />)
}

const mainMenu = () => screen.getByRole('navigation', { name: i18n.t('shell.mainMenu') })

describe('settings flags', () => {
  it("reads 'true' as on and anything else as off", async () => {
    expect(parseSettings([{ name: 'premium_page', value: 'true' }]).premiumPage).toBe(true)
    expect(parseSettings([{ name: 'premium_page', value: 'false' }]).premiumPage).toBe(false)
    expect(parseSettings([{ name: 'premium_page', value: '1' }]).premiumPage).toBe(false)
    expect(parseSettings([{ name: 'premium_page', value: '' }]).premiumPage).toBe(false)
    expect(parseSettings([]).premiumPage).toBe(false)
    expect(parseSettings([{ name: 'maintenance', value: 'true' }, { name: 'maintenance_message', value: ' Back at 10 ' }])).toEqual({
      maintenance: true,
      maintenanceMessage: 'Back at 10',
      premiumPage: false,
    })
  })
})

describe('main menu', () => {
  it('lists home, rules, watch, tournaments, ratings and how to play, then premium only when asked', async () => {
    expect(mainMenuItems(false).map((item) => item.to)).toEqual(['/main', '/rules', '/watch', '/tournaments', '/ratings', '/how_to_play'])
    expect(mainMenuItems(true).map((item) => item.to)).toEqual(['/main', '/rules', '/watch', '/tournaments', '/ratings', '/how_to_play', '/premium'])
  })

  it("shows premium only when the premium_page setting is 'true'", async () => {
    renderLayout(DefaultLayout)
    const premium = i18n.t('nav.premium')
    expect(within(mainMenu()).getAllByRole('link')).toHaveLength(6)
    expect(within(mainMenu()).queryByRole('link', { name: premium })).toBeNull()

    await act(async () => {
      applySettings([{ name: 'premium_page', value: 'true' }])
    })
    expect(within(mainMenu()).getByRole('link', { name: premium }).getAttribute('href')).toBe('/premium')

    await act(async () => {
      applySettings([{ name: 'premium_page', value: 'false' }])
    })
    expect(within(mainMenu()).queryByRole('link', { name: premium })).toBeNull()
  })

  it('marks the current screen', async () => {
    renderLayout(DefaultLayout, '/rules')
    expect(within(mainMenu()).getByRole('link', { name: i18n.t('nav.rules') }).getAttribute('aria-current')).toBe('page')
    expect(within(mainMenu()).getByRole('link', { name: i18n.t('nav.home') }).getAttribute('aria-current')).toBeNull()
  })

  it('marks home at both of its addresses', async () => {
    renderLayout(DefaultLayout, '/')
    expect(within(mainMenu()).getByRole('link', { name: i18n.t('nav.home') }).getAttribute('aria-current')).toBe('page')
  })

  it('shows the maintenance message when the maintenance setting is on', async () => {
    renderLayout(DefaultLayout)
    expect(screen.queryByTestId('maintenance-message')).toBeNull()
    await act(async () => {
      applySettings([{ name: 'maintenance', value: 'true' }, { name: 'maintenance_message', value: 'Back at 10:00' }])
    })
    expect(screen.getByTestId('maintenance-message').textContent).toContain('Back at 10:00')
  })
})

describe('top bar', () => {
  it('an anonymous visitor gets a sign-in button, no user menu, no footer', async () => {
    renderLayout(DefaultLayout, '/rules')
    expect(screen.getByTestId('sign-in-link')).toBeTruthy()
    expect(screen.queryByTestId('user-menu')).toBeNull()
    expect(screen.queryByTestId('footer')).toBeNull()
    expect(screen.queryByTestId('online-count')).toBeNull()
  })

  it('a signed-in user gets the user menu with nickname, the online count and the footer', async () => {
    await act(async () => {
      setSession({ token: 'token', user: testUser({ nickname: 'Vesper' }) })
    })
    renderLayout(DefaultLayout)
    expect(screen.getByRole('button', { name: i18n.t('shell.userMenu.label', { nickname: 'Vesper' }) })).toBeTruthy()
    expect(screen.getByTestId('online-count')).toBeTruthy()
    expect(screen.getByTestId('footer')).toBeTruthy()
    expect(screen.queryByTestId('admin-toggle')).toBeNull()
    expect(screen.getByTestId('logo').getAttribute('data-premium')).toBeNull()
  })

  it('premium users get the premium logo and avatar style', async () => {
    await act(async () => {
      setSession({ token: 'token', user: testUser({ isPremium: true }) })
    })
    renderLayout(DefaultLayout)
    expect(screen.getByTestId('logo').getAttribute('data-premium')).toBe('true')
    expect(screen.getByTestId('user-menu').getAttribute('data-premium')).toBe('true')
  })

  it('admins get a toggle to the admin panel, and back to the site from the admin layout', async () => {
    await act(async () => {
      setSession({ token: 'token', user: testUser({ roleId: 3 }) })
    })
    renderLayout(DefaultLayout)
    expect(screen.getByTestId('admin-toggle').textContent).toBe(i18n.t('shell.adminPanel'))
    cleanup()
    renderLayout(AdminLayout, '/admin/users')
    expect(screen.getByTestId('admin-toggle').textContent).toBe(i18n.t('shell.backToSite'))
    const adminMenu = screen.getByRole('navigation', { name: i18n.t('shell.adminMenu') })
    expect(within(adminMenu).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(adminMenuItems.map((item) => item.to))
    expect(screen.getByTestId('recalc-rating').getAttribute('aria-disabled')).toBeNull()
  })
})

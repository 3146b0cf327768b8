// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { User } from '../../../../server/contract/http'
import { decideAccess } from '../../../../renderer/app/access'
import { createGuard, type GuardDependencies } from '../../../../renderer/app/guard'
import { buildRoutes, type LayoutRoute } from '../../../../renderer/app/route-table'
import { testUser } from '../shell/support'

describe('access rules', () => {
  const player = testUser({ roleId: 1 })
  const admin = testUser({ roleId: 3 })
  const moderator = testUser({ roleId: 2 })

  it('public routes are open to everyone', () => {
    expect(decideAccess('public', null)).toEqual({ kind: 'allow' })
    expect(decideAccess('public', player)).toEqual({ kind: 'allow' })
  })

  it('a login route sends an anonymous visitor to /signin, remembering the target', () => {
    expect(decideAccess('login', null)).toEqual({ kind: 'signin', saveTarget: true })
    expect(decideAccess('login', player)).toEqual({ kind: 'allow' })
  })

  it('the admin role route sends other roles to /main', () => {
    expect(decideAccess('admin', player)).toEqual({ kind: 'redirect', to: '/main' })
    expect(decideAccess('admin', moderator)).toEqual({ kind: 'redirect', to: '/main' })
    expect(decideAccess('admin', testUser({ roleId: 4 }))).toEqual({ kind: 'redirect', to: '/main' })
    expect(decideAccess('admin', admin)).toEqual({ kind: 'allow' })
    expect(decideAccess('admin', null)).toEqual({ kind: 'signin', saveTarget: true })
  })

  it('/signin sends a signed-in user to /main', () => {
    expect(decideAccess('guest', player)).toEqual({ kind: 'redirect', to: '/main' })
    expect(decideAccess('guest', null)).toEqual({ kind: 'allow' })
  })

  it('a session that just expired goes to /signin, except on /signin itself', () => {
    expect(decideAccess('public', null, { sessionExpired: true })).toEqual({ kind: 'signin', saveTarget: false })
    expect(decideAccess('login', null, { sessionExpired: true })).toEqual({ kind: 'signin', saveTarget: true })
    expect(decideAccess('guest', null, { sessionExpired: true })).toEqual({ kind: 'allow' })
  })
})

function fakeSession(initial: { user?: User | null; token?: string | null; status?: 'unknown' | 'loading' | 'ready' } = {}) {
  const session = { user: initial.user ?? null, token: initial.token ?? null, status: initial.status ?? ('unknown' as 'unknown' | 'loading' | 'ready') }
  return session
}

function setup(options: { session: ReturnType<typeof fakeSession>; loadsUser?: User | null; expires?: boolean }) {
  const saved: string[] = []
  const dependencies: GuardDependencies & { calls: string[] } = {
    calls: [],
    session: options.session,
    loadCurrentUser: vi.fn(async () => {
      dependencies.calls.push('loadCurrentUser')
      options.session.status = 'loading'
      await new Promise((resolve) => setTimeout(resolve, 5))
      if (options.expires) options.session.token = null
      options.session.user = options.loadsUser ?? null
      options.session.status = 'ready'
      return options.session.user
    }),
    openRealtime: vi.fn(() => void dependencies.calls.push('openRealtime')),
    ensureLocale: vi.fn(async () => void dependencies.calls.push('ensureLocale')),
    adoptAccountLanguage: vi.fn(async () => {}),
    saveRedirectTarget: (path: string) => void saved.push(path),
  }
  const guard = createGuard(dependencies)
  const screenOf = (name: string) =>
    function Named() {
      return <h1>{name}</h1>
    }
  const table: LayoutRoute[] = [
    {
      layout: 'empty',
      Component: Outlet,
      children: [{ path: '/signin', access: 'guest', title: 't', Component: screenOf('signin') }],
    },
    {
      layout: 'default',
      Component: Outlet,
      children: [
        { path: '/rules', access: 'public', title: 't', Component: screenOf('rules') },
        { path: '/main', access: 'login', title: 't', Component: screenOf('main') },
        { path: '/tournaments', access: 'login', title: 't', Component: screenOf('tournaments') },
      ],
    },
    {
      layout: 'admin',
      Component: Outlet,
      children: [{ path: '/admin', access: 'admin', title: 't', Component: Outlet, children: [{ path: 'users', access: 'admin', title: 't', Component: screenOf('admin users') }] }],
    },
  ]
  const routes = buildRoutes(table, guard)
  routes[0] = { ...routes[0], Component: Outlet, HydrateFallback: () => <p>loading</p> }
  return { dependencies, saved, routes }
}

function renderAt(routes: ReturnType<typeof setup>['routes'], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('navigation guard', () => {
  it('sends an anonymous visitor of a login route to /signin and saves the target', async () => {
    const { routes, saved } = setup({ session: fakeSession() })
    const router = renderAt(routes, '/tournaments?tab=open')
    expect(await screen.findByRole('heading', { name: 'signin' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/signin')
    expect(saved).toEqual(['/tournaments?tab=open'])
  })

  it('shows a loading state while the user loads, then the screen', async () => {
    const user = testUser()
    const { routes, dependencies } = setup({ session: fakeSession({ token: 'token' }), loadsUser: user })
    renderAt(routes, '/main')
    expect(screen.getByText('loading')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'main' })).toBeTruthy()
    expect(dependencies.calls).toEqual(['loadCurrentUser', 'openRealtime', 'ensureLocale'])
  })

  it('sends a user without the admin role from /admin to /main', async () => {
    const { routes, saved } = setup({ session: fakeSession({ token: 'token' }), loadsUser: testUser({ roleId: 1 }) })
    const router = renderAt(routes, '/admin/users')
    expect(await screen.findByRole('heading', { name: 'main' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/main')
    expect(saved).toEqual([])
  })

  it('lets an admin into /admin', async () => {
    const { routes } = setup({ session: fakeSession({ token: 'token' }), loadsUser: testUser({ roleId: 3 }) })
    renderAt(routes, '/admin/users')
    expect(await screen.findByRole('heading', { name: 'admin users' })).toBeTruthy()
  })

  it('sends a signed-in user from /signin to /main', async () => {
    const { routes, dependencies } = setup({ session: fakeSession({ token: 'token', user: testUser(), status: 'ready' }) })
    const router = renderAt(routes, '/signin')
    expect(await screen.findByRole('heading', { name: 'main' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/main')
    // The user was already known: it is not loaded again.
    expect(dependencies.loadCurrentUser).not.toHaveBeenCalled()
  })

  it('opens public routes to anonymous visitors and reloads locales before each route', async () => {
    const { routes, dependencies } = setup({ session: fakeSession() })
    const router = renderAt(routes, '/rules')
    expect(await screen.findByRole('heading', { name: 'rules' })).toBeTruthy()
    await router.navigate('/signin')
    await waitFor(() => expect(screen.getByRole('heading', { name: 'signin' })).toBeTruthy())
    expect(dependencies.ensureLocale).toHaveBeenCalledTimes(2)
    expect(dependencies.loadCurrentUser).toHaveBeenCalledTimes(1)
  })

  it('sends an expired session (401 on loading the user) to /signin', async () => {
    const { routes } = setup({ session: fakeSession({ token: 'stale' }), loadsUser: null, expires: true })
    const router = renderAt(routes, '/rules')
    expect(await screen.findByRole('heading', { name: 'signin' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/signin')
  })
})

import { redirect, type LoaderFunctionArgs } from 'react-router'
import type { User } from '../../server/contract/http'
import { decideAccess, type Access } from './access'

export interface GuardDependencies {
  session: { readonly user: User | null; readonly token: string | null; readonly status: 'unknown' | 'loading' | 'ready' }
  loadCurrentUser(): Promise<User | null>
  openRealtime(): void
  /** Locales reload before each route (cheap when nothing changed). */
  ensureLocale(): Promise<void>
  adoptAccountLanguage(user: User | null): Promise<void>
  saveRedirectTarget(path: string): void
  /** The public settings flags (maintenance, premium page), refreshed in the background when stale. */
  refreshSiteSettings?(): void
}

/**
 * The navigation guard, run as the loader of every screen route: loads the current user when still
 * unknown, opens the realtime connection, reloads locales, then applies the route's access rule.
 * The router shows its loading state meanwhile.
 */
export function createGuard(dependencies: GuardDependencies) {
  let userLoad: Promise<{ expired: boolean }> | null = null

  function ensureUser(): Promise<{ expired: boolean }> {
    if (dependencies.session.status !== 'unknown' && !userLoad) return Promise.resolve({ expired: false })
    userLoad ??= (async () => {
      const hadToken = Boolean(dependencies.session.token)
      await dependencies.loadCurrentUser()
      return { expired: hadToken && !dependencies.session.token }
    })().finally(() => {
      userLoad = null
    })
    return userLoad
  }

  return function guard(access: Access) {
    return async ({ request }: LoaderFunctionArgs): Promise<null> => {
      const { expired } = await ensureUser()
      const user = dependencies.session.user
      dependencies.openRealtime()
      dependencies.refreshSiteSettings?.()
      await Promise.all([
        dependencies.ensureLocale().catch((error: unknown) => console.warn('translations could not be loaded', error)),
        dependencies.adoptAccountLanguage(user).catch((error: unknown) => console.warn('account language could not be loaded', error)),
      ])
      const decision = decideAccess(access, user, { sessionExpired: expired })
      if (decision.kind === 'signin') {
        if (decision.saveTarget) {
          const url = new URL(request.url)
          dependencies.saveRedirectTarget(`${url.pathname}${url.search}${url.hash}`)
        }
        throw redirect('/signin')
      }
      if (decision.kind === 'redirect') throw redirect(decision.to)
      return null
    }
  }
}

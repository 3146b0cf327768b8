import { createBrowserRouter } from 'react-router'
import { ensureLocale } from '../i18n'
import { adoptAccountLanguage } from '../i18n/language-actions'
import { loadCurrentUser, sessionState } from '../state/session'
import { refreshSettingsIfStale } from '../state/settings'
import { createGuard } from './guard'
import { openLive } from './live'
import { registerNavigator } from './navigation'
import { saveRedirectTarget } from './redirect-target'
import { buildRoutes, routeTable } from './route-table'

/** The app's navigation guard, wired to the real session, socket and languages. */
export const guard = createGuard({
  session: sessionState,
  loadCurrentUser,
  openRealtime: () => openLive(Boolean(sessionState.token)),
  ensureLocale,
  adoptAccountLanguage,
  saveRedirectTarget,
  refreshSiteSettings: refreshSettingsIfStale,
})

let router: ReturnType<typeof createBrowserRouter> | null = null

/** The one browser router, created on first use; code outside React navigates through it. */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  if (!router) {
    const created = createBrowserRouter(buildRoutes(routeTable, guard))
    registerNavigator((path, options) => void created.navigate(path, options), () => created.state.navigation.state !== 'idle')
    router = created
  }
  return router
}

import { createBrowserRouter } from 'react-router'
import { ensureLocale } from '../i18n'
import { adoptAccountLanguage } from '../i18n/language-actions'
import { openRealtime } from '../realtime'
import { loadCurrentUser, sessionState } from '../state/session'
import { createGuard } from './guard'
import { registerNavigator } from './navigation'
import { saveRedirectTarget } from './redirect-target'
import { buildRoutes, routeTable } from './route-table'

/** The app's navigation guard, wired to the real session, socket and languages. */
export const guard = createGuard({
  session: sessionState,
  loadCurrentUser,
  openRealtime,
  ensureLocale,
  adoptAccountLanguage,
  saveRedirectTarget,
})

/** Creates the browser router and lets code outside React navigate through it. */
export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes(routeTable, guard))
  registerNavigator((path, options) => void router.navigate(path, options), () => router.state.navigation.state !== 'idle')
  return router
}

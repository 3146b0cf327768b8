import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { installApiHooks } from './api/client'
import { App } from './app/App'
import { isNavigating, navigateTo } from './app/navigation'
import { initI18n } from './i18n'
import { platform } from './platform/bridge'
import { showRateLimit } from './state/rate-limit'
import { clearSession, sessionState } from './state/session'
import { loadSettings } from './state/settings'

installApiHooks({
  token: () => sessionState.token,
  // A 401 on loading the current user: the session is gone. The guard redirects when it loaded the user.
  onSessionExpired: () => {
    clearSession()
    if (!isNavigating()) navigateTo('/signin')
  },
  onRateLimited: showRateLimit,
})

void initI18n()
void loadSettings()
// The socket and the live state (table, lobby list, ladder) load with the first signed-in screen: app/live.ts.
// In the desktop app, its shell's side (tray status, notifications, quitting): platform/desktop.ts.
if (platform.platform !== 'web') void import('./platform/desktop').then((module) => module.startDesktopIntegration())

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

import { FluentProvider, makeStaticStyles } from '@fluentui/react-components'
import { lazy, Suspense, useEffect } from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { RouterProvider } from 'react-router'
import { useSnapshot } from 'valtio'
import { TableDisbandedNotice } from '../features/admin/live/TableDisbandedNotice'
import { i18n, localeState } from '../i18n'
import { platform } from '../platform/bridge'
import { uiState } from '../state/ui'
import { ErrorBoundary, ErrorFallback } from './ErrorBoundary'
import { LoadingScreen } from './LoadingScreen'
import { NoticeToasts, RateLimitNotice } from './OnDemand'
import { appRouter } from './router'
import { themes } from './theme'

// The desktop app's update banner: loaded in the desktop app only (a browser has no update of its own).
const UpdateBanner = lazy(() => import('../platform/UpdateBanner').then((module) => ({ default: module.UpdateBanner })))

const useGlobalStyles = makeStaticStyles({
  body: { margin: 0 },
  '*, *::before, *::after': { boxSizing: 'border-box' },
})

/** The router, once the first texts are in (or could not be loaded). */
function Content() {
  const { ready, failed } = useSnapshot(localeState)
  useTranslation()
  if (!ready) return <LoadingScreen />
  if (failed) return <ErrorFallback withHomeLink={false} />
  return <RouterProvider router={appRouter()} />
}

/** Providers: Fluent theme (dark by default, direction from the language), i18next, error boundary, router. */
export function App() {
  useGlobalStyles()
  const { theme } = useSnapshot(uiState)
  const { dir } = useSnapshot(localeState)
  // The page behind the app (overscroll, short screens) takes the theme's background too.
  useEffect(() => {
    document.body.style.backgroundColor = themes[theme].colorNeutralBackground3
    document.body.style.color = themes[theme].colorNeutralForeground1
    document.documentElement.style.colorScheme = theme
  }, [theme])
  return (
    <FluentProvider theme={themes[theme]} dir={dir} data-theme={theme}>
      <I18nextProvider i18n={i18n}>
        <ErrorBoundary>
          <Content />
          <RateLimitNotice />
          <NoticeToasts />
          <TableDisbandedNotice />
          {platform.platform !== 'web' && (
            <Suspense fallback={null}>
              <UpdateBanner />
            </Suspense>
          )}
        </ErrorBoundary>
      </I18nextProvider>
    </FluentProvider>
  )
}

import { lazy, Suspense, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router'
import type { RouteHandle } from './route-handle'

// The first page waits behind the loading screen, not the bar, so Fluent's ProgressBar is not part of it:
// its small chunk loads with the first navigation inside the app, beside the next screen's chunks.
const NavigationProgressBar = lazy(() => import('./NavigationProgressBar').then((module) => ({ default: module.NavigationProgressBar })))

/** Keeps the document title on the current screen's title. */
function DocumentTitle() {
  const { t } = useTranslation()
  const matches = useMatches()
  const title = [...matches].reverse().map((match) => (match.handle as RouteHandle | undefined)?.title).find(Boolean)
  const appName = t('app.name')
  useEffect(() => {
    document.title = title ? `${t(title)} · ${appName}` : appName
  }, [t, title, appName])
  return null
}

/** After an in-app navigation, focus moves to the main region so keyboard and screen-reader users start there. */
function FocusOnNavigate() {
  const location = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const main = document.getElementById('main-content')
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: false })
  }, [location.pathname])
  return null
}

/** Shown while the guard and loaders run for the next screen. */
function NavigationProgress() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <Suspense fallback={null}>
      <NavigationProgressBar />
    </Suspense>
  )
}

/** The root route: title, focus handling and the navigation progress bar around every layout. */
export function RootShell() {
  return (
    <>
      <DocumentTitle />
      <FocusOnNavigate />
      <NavigationProgress />
      <Outlet />
    </>
  )
}

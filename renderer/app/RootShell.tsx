import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router'
import type { RouteHandle } from './route-handle'

// The first page waits behind the loading screen, not the bar, so Fluent's ProgressBar is not part of it:
// its small chunk loads with the first navigation inside the app, beside the next screen's chunks.
const NavigationProgressBar = lazy(() => import('./NavigationProgressBar').then((module) => ({ default: module.NavigationProgressBar })))
// Fluent's focus manager is not part of the first page either: its holder loads with the first layout that has bars.
const FocusManagerHolder = lazy(() => import('./FocusManagerHolder').then((module) => ({ default: module.FocusManagerHolder })))

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

/**
 * Holds Fluent's focus manager from the first screen in a layout with bars (the ones with menus and
 * dialogs) for as long as the app runs, here above the layouts, so that going from one layout to
 * another (a table created from /main's dialog opens in the chat layout) does not dispose it. The
 * empty layout's first pages (/signin) load none of it.
 */
function HeldFocusManager() {
  const matches = useMatches()
  const [held, setHeld] = useState(false)
  const needed = matches.some((match) => {
    const layout = (match.handle as RouteHandle | undefined)?.layout
    return layout !== undefined && layout !== 'empty'
  })
  if (needed && !held) setHeld(true)
  if (!held && !needed) return null
  return (
    <Suspense fallback={null}>
      <FocusManagerHolder />
    </Suspense>
  )
}

/** The root route: title, focus handling, the focus manager and the navigation progress bar around every layout. */
export function RootShell() {
  return (
    <>
      <DocumentTitle />
      <FocusOnNavigate />
      <HeldFocusManager />
      <NavigationProgress />
      <Outlet />
    </>
  )
}

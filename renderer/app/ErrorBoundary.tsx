import { Body1, Button, makeStyles, Title2, tokens } from '@fluentui/react-components'
import { ArrowClockwise20Regular, Home20Regular } from '@fluentui/react-icons'
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { LoadingState } from '../components/LoadingState'

// The 404 screen is the catch-all route's own chunk (route-table.tsx); a 404 thrown by a screen's loader
// shows it too, from the same chunk, instead of adding it to every first page.
const NotFoundScreen = lazy(() => import('./screens/NotFoundScreen').then((module) => ({ default: module.NotFoundScreen })))

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
    paddingBlock: '12vh',
    paddingInline: tokens.spacingHorizontalL,
  },
  title: { margin: 0 },
  text: { maxWidth: '52ch', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', justifyContent: 'center' },
})

/** What a broken screen shows. Texts have English defaults for when translations never arrived. */
export function ErrorFallback({ withHomeLink = true }: { withHomeLink?: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <section className={styles.root} role="alert" data-testid="error-screen">
      <Title2 as="h1" className={styles.title}>
        {t('shell.error.title', { defaultValue: 'Something went wrong' })}
      </Title2>
      <Body1 as="p" className={styles.text}>
        {t('shell.error.text', { defaultValue: 'An unexpected error stopped this screen. Reloading the page usually helps.' })}
      </Body1>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<ArrowClockwise20Regular />} onClick={() => location.reload()}>
          {t('common.reload', { defaultValue: 'Reload the page' })}
        </Button>
        {withHomeLink ? (
          <Button icon={<Home20Regular />} onClick={() => location.assign('/main')}>
            {t('common.goHome', { defaultValue: 'Go to the home page' })}
          </Button>
        ) : null}
      </div>
    </section>
  )
}

/** Catches render errors anywhere below it so one broken screen never blanks the app. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('render error', error, info.componentStack)
  }

  override render(): ReactNode {
    return this.state.error ? <ErrorFallback /> : this.props.children
  }
}

/** The router's error element: a 404 response shows the 404 screen, anything else the error screen. */
export function RouteErrorScreen() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<LoadingState />}>
        <NotFoundScreen />
      </Suspense>
    )
  }
  console.error('route error', error)
  return <ErrorFallback />
}

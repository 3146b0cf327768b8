import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowClockwise20Regular } from '@fluentui/react-icons'
import { lazy, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { routes, type AdminDashboard } from '../../../../server/contract/http'
import { buyRoutes, type Revenue } from '../../../../server/contract/http/buy'
import { call } from '../../../api/client'
import { errorText } from '../../../components/error-text'
import { LoadingState } from '../../../components/LoadingState'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { ChartsBoundary } from './ChartsBoundary'
import { DashboardTiles } from './DashboardTiles'
import { RecalcPanel } from './RecalcPanel'
import { SiteSwitches } from './SiteSwitches'

// recharts is drawn in its own chunk, loaded once the figures are here.
const DashboardCharts = lazy(() => import('./DashboardCharts').then((module) => ({ default: module.DashboardCharts })))

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  toolbar: { display: 'flex', justifyContent: 'flex-end' },
})

/** Revenue is read by admins only; for others it stays out of the charts. */
type RevenueAnswer = { items: Revenue['items'] } | { error: unknown } | null

/** The figures, the charts, the site switches and the rating recompute. */
export function OverviewPanel({ showRevenue }: { showRevenue: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [version, setVersion] = useState(0)
  const [answer, setAnswer] = useState<{ version: number; dashboard: AdminDashboard | null; error: unknown }>({ version: -1, dashboard: null, error: null })
  const [revenue, setRevenue] = useState<RevenueAnswer>(null)

  useEffect(() => {
    const abort = new AbortController()
    call(routes.admin.dashboard, { signal: abort.signal })
      .then((dashboard) => setAnswer({ version, dashboard, error: null }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setAnswer((last) => ({ version, dashboard: last.dashboard, error }))
      })
    if (showRevenue) {
      call(buyRoutes.adminRevenue, { query: { days: 30 }, signal: abort.signal })
        .then((list) => setRevenue({ items: list.items }))
        .catch((error: unknown) => {
          if (!abort.signal.aborted) setRevenue({ error })
        })
    }
    return () => abort.abort()
  }, [version, showRevenue])

  const dashboard = answer.dashboard
  const loading = answer.version !== version
  return (
    <div className={styles.root} data-testid="dashboard-overview" aria-busy={loading}>
      <div className={styles.toolbar}>
        <Button icon={<ArrowClockwise20Regular />} disabled={loading} onClick={() => setVersion((value) => value + 1)} data-testid="dashboard-refresh">
          {t('adminPanel.refresh')}
        </Button>
      </div>
      {answer.error ? <TextMessageBar intent="error">{errorText(t, answer.error)}</TextMessageBar> : null}
      {!dashboard && loading ? <LoadingState /> : null}
      {dashboard ? (
        <>
          <DashboardTiles dashboard={dashboard} />
          {revenue && 'error' in revenue ? <TextMessageBar intent="error">{errorText(t, revenue.error)}</TextMessageBar> : null}
          <ChartsBoundary fallback={<TextMessageBar intent="error">{t('adminDashboard.charts.failed')}</TextMessageBar>}>
            <Suspense fallback={<LoadingState />}>
              <DashboardCharts dashboard={dashboard} {...(revenue && 'items' in revenue ? { revenue: revenue.items } : {})} />
            </Suspense>
          </ChartsBoundary>
          {/* Keyed by the load, so a refresh shows the switches as the server has them now. */}
          <SiteSwitches key={`switches-${answer.version}`} initial={dashboard.settings} />
        </>
      ) : null}
      <RecalcPanel />
    </div>
  )
}

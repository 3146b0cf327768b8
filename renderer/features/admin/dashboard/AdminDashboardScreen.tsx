import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useSnapshot } from 'valtio'
import { Role } from '../../../../server/contract/http'
import { Screen } from '../../../components/Screen'
import { sessionState } from '../../../state/session'
import { PaymentsPanel } from '../payments'
import { AuditPanel } from './AuditPanel'
import { OverviewPanel } from './OverviewPanel'

const useStyles = makeStyles({ panel: { paddingBlockStart: tokens.spacingVerticalM } })

const tabs = ['overview', 'audit', 'payments'] as const
type DashboardTab = (typeof tabs)[number]

/**
 * /admin/dashboard: the overview (figures, charts, switches, rating recompute), the audit trail and
 * the payments, as tabs. The tab is kept in the address (`?tab=audit`), so a reload or a shared link
 * opens it again. Revenue and payments are for admins only.
 */
export function AdminDashboardScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { user } = useSnapshot(sessionState)
  const admin = user?.roleId === Role.admin
  const [params, setParams] = useSearchParams()
  const asked = params.get('tab') as DashboardTab | null
  const tab: DashboardTab = asked && tabs.includes(asked) && (asked !== 'payments' || admin) ? asked : 'overview'
  const panelId = `dashboard-panel-${tab}`
  return (
    <Screen title={t('adminNav.dashboard')}>
      <TabList
        selectedValue={tab}
        onTabSelect={(_, data) => setParams(data.value === 'overview' ? {} : { tab: String(data.value) }, { replace: true })}
        aria-label={t('adminDashboard.tabs.label')}
      >
        <Tab value="overview" id="dashboard-tab-overview" aria-controls={panelId} data-testid="dashboard-tab-overview">
          {t('adminDashboard.tabs.overview')}
        </Tab>
        <Tab value="audit" id="dashboard-tab-audit" aria-controls={panelId} data-testid="dashboard-tab-audit">
          {t('adminDashboard.tabs.audit')}
        </Tab>
        {admin ? (
          <Tab value="payments" id="dashboard-tab-payments" aria-controls={panelId} data-testid="dashboard-tab-payments">
            {t('premium.admin.title')}
          </Tab>
        ) : null}
      </TabList>
      <div role="tabpanel" id={panelId} aria-labelledby={`dashboard-tab-${tab}`} className={styles.panel}>
        {tab === 'overview' ? <OverviewPanel showRevenue={admin} /> : null}
        {tab === 'audit' ? <AuditPanel /> : null}
        {tab === 'payments' ? <PaymentsPanel /> : null}
      </div>
    </Screen>
  )
}

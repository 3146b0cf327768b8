import { Caption1, makeStyles, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdminDashboard } from '../../../../server/contract/http/admin'
import { RouterLink } from '../../../components/RouterLink'

const useStyles = makeStyles({
  tiles: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: tokens.spacingHorizontalL, margin: 0, padding: 0 },
  tile: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    margin: 0,
  },
  label: { color: tokens.colorNeutralForeground3 },
  value: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: tokens.fontWeightSemibold, margin: 0 },
})

function Tile({ id, label, value, extra }: { id: string; label: string; value: string; extra?: ReactNode }) {
  const styles = useStyles()
  return (
    <div className={styles.tile} data-testid={id}>
      <dt>
        <Caption1 className={styles.label}>{label}</Caption1>
      </dt>
      <dd className={styles.value}>{value}</dd>
      {extra ? <dd style={{ margin: 0 }}>{extra}</dd> : null}
    </div>
  )
}

/** The figures at a glance: online now, active in the last 24 hours, bug reports not solved yet. */
export function DashboardTiles({ dashboard }: { dashboard: AdminDashboard }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const number = new Intl.NumberFormat(i18n.language)
  return (
    <dl className={styles.tiles} aria-label={t('adminDashboard.tiles.label')}>
      <Tile id="tile-online" label={t('adminDashboard.tiles.online')} value={number.format(dashboard.onlineNow)} />
      <Tile id="tile-active" label={t('adminDashboard.tiles.active')} value={number.format(dashboard.activeLastDay)} />
      <Tile
        id="tile-bugs"
        label={t('adminDashboard.tiles.bugs')}
        value={dashboard.openBugReports === null ? '—' : number.format(dashboard.openBugReports)}
        extra={<RouterLink to="/admin/bug_report">{t('adminDashboard.tiles.bugsLink')}</RouterLink>}
      />
    </dl>
  )
}

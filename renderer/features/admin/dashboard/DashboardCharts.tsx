import { makeStyles, Subtitle2, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { AdminDashboard } from '../../../../server/contract/http/admin'
import type { Revenue } from '../../../../server/contract/http/buy'
import { formatPrice } from '../../premium/premium-format'
import { activityByDay, chartDirection, revenueByDay, type RevenueRow } from './chart-data'

// recharts lives in this module only, which the dashboard loads lazily: it reaches no other chunk.

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))', gap: tokens.spacingHorizontalL },
  figure: {
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  chart: { width: '100%', height: '240px' },
  caption: { margin: 0 },
  details: { '& summary': { cursor: 'pointer', color: tokens.colorBrandForegroundLink } },
  scroll: { overflowX: 'auto', maxHeight: '240px' },
})

const seriesColours = [tokens.colorPaletteBlueForeground2, tokens.colorPaletteGreenForeground1, tokens.colorPaletteMarigoldForeground1, tokens.colorPaletteBerryForeground1, tokens.colorPaletteTealForeground2]

/** A chart with its caption, a spoken summary, and the same figures as a table for whoever cannot see it. */
function ChartFigure(props: { id: string; title: string; summary: string; chart: ReactNode; headers: string[]; rows: Array<{ key: string; cells: ReactNode[] }> }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <figure className={styles.figure} aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <Subtitle2 as="h3" id={`${props.id}-title`} className={styles.caption}>
        {props.title}
      </Subtitle2>
      {/* SVG text anchors follow the page's direction and would draw the ticks over the plot in
          Hebrew; the plot is laid out left to right and mirrored by its axes instead. */}
      <div className={styles.chart} role="img" aria-label={props.summary} dir="ltr">
        {props.chart}
      </div>
      <details className={styles.details}>
        <summary>{t('adminDashboard.charts.asTable')}</summary>
        <div className={styles.scroll}>
          <Table size="small" aria-label={props.title}>
            <TableHeader>
              <TableRow>
                {props.headers.map((header) => (
                  <TableHeaderCell key={header}>{header}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {props.rows.map((row) => (
                <TableRow key={row.key}>
                  {row.cells.map((cell, index) => (
                    <TableCell key={index}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </figure>
  )
}

/** What stands where a chart has nothing to draw, in the page's own direction. */
function EmptyChart({ text }: { text: string }) {
  const { i18n } = useTranslation()
  return (
    <Text as="p" block dir={i18n.dir(i18n.language)} style={{ margin: 0 }}>
      {text}
    </Text>
  )
}

function useChartFormat() {
  const { i18n } = useTranslation()
  const direction = chartDirection(i18n.dir(i18n.language))
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' })
  const number = new Intl.NumberFormat(i18n.language)
  return { direction, day: (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`)), number: (value: number) => number.format(value), language: i18n.language }
}

const axisProps = { stroke: tokens.colorNeutralForeground3, fontSize: 12 }
const tooltipStyle = { background: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke1}`, color: tokens.colorNeutralForeground1 }

/** Sign-ups and games started per day over the last 30 days. */
function ActivityChart({ dashboard }: { dashboard: AdminDashboard }) {
  const { t } = useTranslation()
  const format = useChartFormat()
  const data = activityByDay(dashboard.signups, dashboard.games).map((entry) => ({ ...entry, label: format.day(entry.day) }))
  const signups = data.reduce((sum, entry) => sum + entry.signups, 0)
  const games = data.reduce((sum, entry) => sum + entry.games, 0)
  return (
    <ChartFigure
      id="dashboard-activity-chart"
      title={t('adminDashboard.charts.activity')}
      summary={t('adminDashboard.charts.activitySummary', { signups: format.number(signups), games: format.number(games) })}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
            <CartesianGrid stroke={tokens.colorNeutralStroke2} strokeDasharray="3 3" />
            <XAxis dataKey="label" reversed={format.direction.reversed} minTickGap={24} {...axisProps} />
            <YAxis orientation={format.direction.valueAxis} allowDecimals={false} width={40} {...axisProps} />
            <Tooltip contentStyle={tooltipStyle} />
            <Legend />
            <Line type="monotone" dataKey="signups" name={t('adminDashboard.charts.signups')} stroke={seriesColours[0]} strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line type="monotone" dataKey="games" name={t('adminDashboard.charts.games')} stroke={seriesColours[1]} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      }
      headers={[t('adminDashboard.charts.day'), t('adminDashboard.charts.signups'), t('adminDashboard.charts.games')]}
      rows={data.map((entry) => ({ key: entry.day, cells: [entry.label, format.number(entry.signups), format.number(entry.games)] }))}
    />
  )
}

/** Tables running now per media room home (the built-in server or a media node). */
function TablesChart({ dashboard }: { dashboard: AdminDashboard }) {
  const { t } = useTranslation()
  const format = useChartFormat()
  const nodeName = (node: string) => (node === 'builtin' ? t('adminDashboard.charts.builtin') : node === 'none' ? t('adminDashboard.charts.noMedia') : node)
  const data = dashboard.tablesPerNode.map((entry) => ({ node: nodeName(entry.node), tables: entry.tables }))
  const total = data.reduce((sum, entry) => sum + entry.tables, 0)
  if (data.length === 0) {
    return (
      <ChartFigure
        id="dashboard-tables-chart"
        title={t('adminDashboard.charts.tables')}
        summary={t('adminDashboard.charts.noTables')}
        chart={<EmptyChart text={t('adminDashboard.charts.noTables')} />}
        headers={[t('adminDashboard.charts.node'), t('adminDashboard.charts.tablesCount')]}
        rows={[]}
      />
    )
  }
  return (
    <ChartFigure
      id="dashboard-tables-chart"
      title={t('adminDashboard.charts.tables')}
      summary={t('adminDashboard.charts.tablesSummary', { tables: format.number(total), nodes: format.number(data.length) })}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
            <CartesianGrid stroke={tokens.colorNeutralStroke2} strokeDasharray="3 3" />
            <XAxis dataKey="node" reversed={format.direction.reversed} {...axisProps} />
            <YAxis orientation={format.direction.valueAxis} allowDecimals={false} width={40} {...axisProps} />
            <Tooltip contentStyle={tooltipStyle} />
            <Bar dataKey="tables" name={t('adminDashboard.charts.tablesCount')} fill={seriesColours[0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      headers={[t('adminDashboard.charts.node'), t('adminDashboard.charts.tablesCount')]}
      rows={data.map((entry) => ({ key: entry.node, cells: [<span dir="auto">{entry.node}</span>, format.number(entry.tables)] }))}
    />
  )
}

/** Revenue per day, one line per currency (paid and not refunded), over the activity chart's days. */
function RevenueChart({ dashboard, revenue }: { dashboard: AdminDashboard; revenue: Revenue['items'] }) {
  const { t } = useTranslation()
  const format = useChartFormat()
  const series = revenueByDay(
    revenue,
    dashboard.signups.map((entry) => entry.day),
  )
  const money = (amount: number, currency: string) => formatPrice(Math.round(amount * 100), currency, format.language)
  const totals = series.currencies.map((currency) => money(series.rows.reduce((sum, row) => sum + Number(row[currency] ?? 0), 0), currency))
  const data: Array<RevenueRow & { label: string }> = series.rows.map((row) => ({ ...row, label: format.day(row.day) }))
  return (
    <ChartFigure
      id="dashboard-revenue-chart"
      title={t('premium.admin.revenue')}
      summary={series.empty ? t('premium.admin.noRevenue') : t('adminDashboard.charts.revenueSummary', { totals: totals.join(', ') })}
      chart={
        series.empty ? (
          <EmptyChart text={t('premium.admin.noRevenue')} />
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
              <CartesianGrid stroke={tokens.colorNeutralStroke2} strokeDasharray="3 3" />
              <XAxis dataKey="label" reversed={format.direction.reversed} minTickGap={24} {...axisProps} />
              <YAxis orientation={format.direction.valueAxis} width={56} {...axisProps} />
              <Tooltip contentStyle={tooltipStyle} formatter={(value, name) => [money(Number(value), String(name)), String(name)]} />
              <Legend />
              {series.currencies.map((currency, index) => (
                <Line key={currency} type="monotone" dataKey={currency} name={currency} stroke={seriesColours[index % seriesColours.length]} strokeWidth={2} dot={false} isAnimationActive={false} />
              ))}
            </LineChart>
          </ResponsiveContainer>
        )
      }
      headers={[t('adminDashboard.charts.day'), ...series.currencies]}
      rows={series.empty ? [] : data.map((row) => ({ key: row.day, cells: [row.label, ...series.currencies.map((currency) => money(Number(row[currency] ?? 0), currency))] }))}
    />
  )
}

/**
 * The dashboard's charts. `revenue` is left out for whoever may not read it; drawn with the same
 * axis as the activity chart. In a right-to-left language time runs from the right.
 */
export function DashboardCharts({ dashboard, revenue }: { dashboard: AdminDashboard; revenue?: Revenue['items'] }) {
  const styles = useStyles()
  return (
    <div className={styles.grid}>
      <ActivityChart dashboard={dashboard} />
      <TablesChart dashboard={dashboard} />
      {revenue ? <RevenueChart dashboard={dashboard} revenue={revenue} /> : null}
    </div>
  )
}

import { tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { RatingPoint } from '../../../server/contract/http/statistics'

/**
 * The rating after each game on the overall ladder, as a line (recharts, in its own chunk: loaded
 * with the statistics screen only). The chart is drawn left to right in every language: time runs
 * that way on an axis; the screen gives the same figures as text beside it.
 */
export function RatingChart({ points }: { points: readonly RatingPoint[] }) {
  const { t, i18n } = useTranslation()
  const day = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short' })
  const data = points.map((point, index) => ({ index: index + 1, rating: point.rating, date: day.format(new Date(point.endedAt)) }))
  return (
    <div dir="ltr" style={{ width: '100%', height: 240 }} role="img" aria-label={t('statistics.chart')} data-testid="rating-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid stroke={tokens.colorNeutralStroke2} strokeDasharray="3 3" />
          <XAxis dataKey="date" stroke={tokens.colorNeutralForeground3} minTickGap={24} />
          <YAxis stroke={tokens.colorNeutralForeground3} domain={['auto', 'auto']} width={48} />
          <Tooltip
            formatter={(value) => [String(value), t('statistics.rating')]}
            labelFormatter={(label) => t('statistics.chartDate', { date: String(label) })}
            contentStyle={{ background: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke1}` }}
          />
          <Line type="monotone" dataKey="rating" stroke={tokens.colorBrandForeground1} strokeWidth={2} dot={data.length <= 30} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}

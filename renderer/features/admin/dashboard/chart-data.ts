import type { AdminDashboard } from '../../../../server/contract/http/admin'
import type { Revenue } from '../../../../server/contract/http/buy'

/** One day of the activity chart: sign-ups and games started (UTC day, YYYY-MM-DD). */
export interface ActivityDay {
  day: string
  signups: number
  games: number
}

/** Sign-ups and games per day side by side, on the days the server counted (oldest first). */
export function activityByDay(signups: AdminDashboard['signups'], games: AdminDashboard['games']): ActivityDay[] {
  const gamesOf = new Map(games.map((entry) => [entry.day, entry.count]))
  const days = [...new Set([...signups.map((entry) => entry.day), ...games.map((entry) => entry.day)])].sort()
  const signupsOf = new Map(signups.map((entry) => [entry.day, entry.count]))
  return days.map((day) => ({ day, signups: signupsOf.get(day) ?? 0, games: gamesOf.get(day) ?? 0 }))
}

/** One day of the revenue chart: the amount per currency in major units (4.99, not 499). */
export type RevenueRow = { day: string } & Record<string, number | string>

export interface RevenueSeries {
  /** Every currency that earned something, alphabetically: one line each. */
  currencies: string[]
  /** One row per day of `days` (the chart's axis), 0 where a currency earned nothing that day. */
  rows: RevenueRow[]
  /** Whether anything was earned at all (else the screen says so instead of drawing zeros). */
  empty: boolean
}

/**
 * The revenue per day and currency the server reports (only days with payments), spread over the
 * dashboard's days so the chart's axis matches the activity chart's. Amounts come in minor units.
 */
export function revenueByDay(items: Revenue['items'], days: readonly string[]): RevenueSeries {
  const currencies = [...new Set(items.map((item) => item.currency))].sort()
  const axis = [...new Set([...days, ...items.map((item) => item.day)])].sort()
  const rows = axis.map((day) => {
    const row: RevenueRow = { day }
    for (const currency of currencies) row[currency] = 0
    for (const item of items) if (item.day === day) row[item.currency] = Number(row[item.currency] ?? 0) + item.amount / 100
    return row
  })
  return { currencies, rows, empty: items.length === 0 }
}

/**
 * How a chart is laid out in a language: in a right-to-left language time runs from right to left,
 * so the X axis is reversed and the value axis stands on the right.
 */
export function chartDirection(direction: 'ltr' | 'rtl'): { reversed: boolean; valueAxis: 'left' | 'right' } {
  return direction === 'rtl' ? { reversed: true, valueAxis: 'right' } : { reversed: false, valueAxis: 'left' }
}

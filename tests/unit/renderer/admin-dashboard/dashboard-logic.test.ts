import { describe, expect, it } from 'vitest'
import { auditQueryOf, emptyAuditFilter } from '../../../../renderer/features/admin/dashboard/audit-filter'
import { activityByDay, chartDirection, revenueByDay } from '../../../../renderer/features/admin/dashboard/chart-data'
import { isRefundable } from '../../../../renderer/features/admin/payments/refundable'

describe('dashboard charts data', () => {
  it('puts sign-ups and games of the same day side by side, oldest first, 0 where one is missing', () => {
    expect(
      activityByDay(
        [
          { day: '2026-11-02', count: 3 },
          { day: '2026-11-01', count: 1 },
        ],
        [{ day: '2026-11-02', count: 7 }],
      ),
    ).toEqual([
      { day: '2026-11-01', signups: 1, games: 0 },
      { day: '2026-11-02', signups: 3, games: 7 },
    ])
  })

  it('spreads revenue over the chart days, one column per currency, in major units', () => {
    const series = revenueByDay(
      [
        { day: '2026-11-02', currency: 'USD', amount: 499, count: 1 },
        { day: '2026-11-02', currency: 'EUR', amount: 1000, count: 2 },
        { day: '2026-11-03', currency: 'USD', amount: 1497, count: 3 },
      ],
      ['2026-11-01', '2026-11-02', '2026-11-03'],
    )
    expect(series.currencies).toEqual(['EUR', 'USD'])
    expect(series.empty).toBe(false)
    expect(series.rows).toEqual([
      { day: '2026-11-01', EUR: 0, USD: 0 },
      { day: '2026-11-02', EUR: 10, USD: 4.99 },
      { day: '2026-11-03', EUR: 0, USD: 14.97 },
    ])
  })

  it('says there is no revenue instead of drawing zeros', () => {
    const series = revenueByDay([], ['2026-11-01'])
    expect(series).toEqual({ currencies: [], rows: [{ day: '2026-11-01' }], empty: true })
  })

  it('lays the charts out from the right in a right-to-left language', () => {
    expect(chartDirection('rtl')).toEqual({ reversed: true, valueAxis: 'right' })
    expect(chartDirection('ltr')).toEqual({ reversed: false, valueAxis: 'left' })
  })
})

describe('audit filter', () => {
  it('sends nothing for an empty form, and trimmed fields for a filled one', () => {
    expect(auditQueryOf(emptyAuditFilter)).toEqual({ query: {} })
    expect(auditQueryOf({ ...emptyAuditFilter, actor: ' 12 ', action: ' setting.update ', targetType: 'setting', targetId: ' premium_page ' })).toEqual({
      query: { actor: 12, action: 'setting.update', targetType: 'setting', targetId: 'premium_page' },
    })
  })

  it('refuses an actor that is not a user id, naming the field', () => {
    for (const actor of ['abc', '0', '-3', '1.5', '99999999999']) expect(auditQueryOf({ ...emptyAuditFilter, actor })).toEqual({ field: 'actor', error: 'adminDashboard.audit.actorInvalid' })
  })

  it('includes the whole last day: "to" is the next local midnight', () => {
    const result = auditQueryOf({ ...emptyAuditFilter, from: '2026-11-01', to: '2026-11-01' })
    expect(result).toEqual({ query: { from: new Date(2026, 10, 1).toISOString(), to: new Date(2026, 10, 2).toISOString() } })
  })

  it('refuses an end before the start, and a day that does not exist', () => {
    expect(auditQueryOf({ ...emptyAuditFilter, from: '2026-11-05', to: '2026-11-04' })).toEqual({ field: 'to', error: 'adminDashboard.audit.rangeInvalid' })
    expect(auditQueryOf({ ...emptyAuditFilter, from: '2026-02-31' })).toEqual({ field: 'from', error: 'adminDashboard.audit.dateInvalid' })
  })
})

describe('refunds', () => {
  it('are offered for a paid purchase only', () => {
    expect(isRefundable({ status: 'paid', kind: 'purchase' })).toBe(true)
    expect(isRefundable({ status: 'paid', kind: 'grant' })).toBe(false)
    for (const status of ['pending', 'failed', 'refunded', 'expired'] as const) expect(isRefundable({ status, kind: 'purchase' })).toBe(false)
  })
})

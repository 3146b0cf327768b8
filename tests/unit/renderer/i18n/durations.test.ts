import { describe, expect, it } from 'vitest'
import { breakDownDuration, durationParts, formatClock, formatDuration } from '../../../../renderer/i18n/durations'
import { createShellI18n } from '../shell/support'

const day = 24 * 60 * 60

describe('countdown units', () => {
  it('breaks seconds into months (30 days), days, hours, minutes and seconds', () => {
    expect(breakDownDuration(0)).toEqual({ months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 })
    expect(breakDownDuration(59)).toEqual({ months: 0, days: 0, hours: 0, minutes: 0, seconds: 59 })
    expect(breakDownDuration(61)).toEqual({ months: 0, days: 0, hours: 0, minutes: 1, seconds: 1 })
    expect(breakDownDuration(3725)).toEqual({ months: 0, days: 0, hours: 1, minutes: 2, seconds: 5 })
    expect(breakDownDuration(30 * day + day + 3600 + 60 + 1)).toEqual({ months: 1, days: 1, hours: 1, minutes: 1, seconds: 1 })
    expect(breakDownDuration(65 * day)).toEqual({ months: 2, days: 5, hours: 0, minutes: 0, seconds: 0 })
  })

  it('treats negative, fractional and invalid input safely', () => {
    expect(breakDownDuration(-5)).toEqual({ months: 0, days: 0, hours: 0, minutes: 0, seconds: 0 })
    expect(breakDownDuration(Number.NaN).seconds).toBe(0)
    expect(breakDownDuration(61.9)).toEqual({ months: 0, days: 0, hours: 0, minutes: 1, seconds: 1 })
  })

  it('shows the non-zero units, largest first, and "0 seconds" at zero', () => {
    expect(durationParts(3605)).toEqual([
      { unit: 'hours', value: 1 },
      { unit: 'seconds', value: 5 },
    ])
    expect(durationParts(0)).toEqual([{ unit: 'seconds', value: 0 }])
  })

  it('writes each number with its translated, plural-aware unit word', async () => {
    const english = await createShellI18n('en')
    expect(formatDuration(english.t, 'en', 3725)).toBe('1 hour 2 minutes 5 seconds')
    expect(formatDuration(english.t, 'en', 31 * day + 1)).toBe('1 month 1 day 1 second')
    const ukrainian = await createShellI18n('uk')
    expect(formatDuration(ukrainian.t, 'uk', 2 * 3600 + 21 * 60 + 5)).toBe('2 години 21 хвилина 5 секунд')
    expect(formatDuration(ukrainian.t, 'uk', 11 * day + 24)).toBe('11 днів 24 секунди')
    const hebrew = await createShellI18n('he')
    expect(formatDuration(hebrew.t, 'he', 61)).toBe('1 דקה 1 שנייה')
  })
})

describe('formatClock', () => {
  it('formats seconds as [hours:]mm:ss with leading zeros', () => {
    expect(formatClock(0)).toBe('00:00')
    expect(formatClock(5)).toBe('00:05')
    expect(formatClock(65)).toBe('01:05')
    expect(formatClock(599)).toBe('09:59')
    expect(formatClock(3599)).toBe('59:59')
    expect(formatClock(3600)).toBe('01:00:00')
    expect(formatClock(3725)).toBe('01:02:05')
    expect(formatClock(36_000 + 61)).toBe('10:01:01')
    expect(formatClock(100 * 3600)).toBe('100:00:00')
  })

  it('never shows a negative or broken clock', () => {
    expect(formatClock(-3)).toBe('00:00')
    expect(formatClock(Number.NaN)).toBe('00:00')
    expect(formatClock(9.7)).toBe('00:09')
  })
})

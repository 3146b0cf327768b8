import type { TFunction } from 'i18next'
import { translatePlural } from './plural'

/** The units of a countdown, largest first. A month counts as 30 days. */
export const durationUnits = ['months', 'days', 'hours', 'minutes', 'seconds'] as const
export type DurationUnit = (typeof durationUnits)[number]

const secondsPer: Record<DurationUnit, number> = {
  months: 30 * 24 * 60 * 60,
  days: 24 * 60 * 60,
  hours: 60 * 60,
  minutes: 60,
  seconds: 1,
}

function wholeSeconds(totalSeconds: number): number {
  return Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0
}

/** Splits seconds into months, days, hours, minutes and seconds. */
export function breakDownDuration(totalSeconds: number): Record<DurationUnit, number> {
  let rest = wholeSeconds(totalSeconds)
  const parts = {} as Record<DurationUnit, number>
  for (const unit of durationUnits) {
    parts[unit] = Math.floor(rest / secondsPer[unit])
    rest -= parts[unit] * secondsPer[unit]
  }
  return parts
}

/** The units worth showing: every non-zero unit, largest first; zero shows as "0 seconds". */
export function durationParts(totalSeconds: number): Array<{ unit: DurationUnit; value: number }> {
  const parts = breakDownDuration(totalSeconds)
  const shown = durationUnits.filter((unit) => parts[unit] > 0).map((unit) => ({ unit, value: parts[unit] }))
  return shown.length > 0 ? shown : [{ unit: 'seconds', value: 0 }]
}

/** "1 month 2 days 5 seconds", each number with its translated, plural-aware unit word (`units.<unit>.<form>`). */
export function formatDuration(t: TFunction, locale: string, totalSeconds: number): string {
  return durationParts(totalSeconds)
    .map(({ unit, value }) => `${value} ${translatePlural(t, locale, `units.${unit}`, value)}`)
    .join(' ')
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** Seconds as [hours:]mm:ss with leading zeros: 65 -> "01:05", 3725 -> "01:02:05". */
export function formatClock(totalSeconds: number): string {
  const total = wholeSeconds(totalSeconds)
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  return `${hours > 0 ? `${twoDigits(hours)}:` : ''}${twoDigits(minutes)}:${twoDigits(seconds)}`
}

/** Whether the runtime knows this IANA time zone (`Europe/Kyiv`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(instant))
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0)
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second')) - Math.floor(instant / 1000) * 1000
}

/** The instant a wall-clock day and time (`2026-12-01`, `18:30`) happen in a zone. */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  // Twice: the offset at the first guess may differ from the one at the answer across a clock change.
  const first = wall - offsetAt(wall, zone)
  return new Date(wall - offsetAt(first, zone))
}

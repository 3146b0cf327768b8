/** The longest reason the server takes for extra points. */
export const reasonMaxLength = 500

/** What the extra-points form says is wrong (translation keys), or the points and reason to send. */
export type PointsCheck = { ok: true; points: number; reason: string } | { ok: false; points: string | null; reason: string | null }

/**
 * Checks the judge's extra points before they are sent: a number (a comma is a decimal point too)
 * between -1 and +1 in steps of 0.05, and a reason of 1 to 500 characters. The server checks again.
 */
export function checkPoints(pointsText: string, reasonText: string): PointsCheck {
  const value = Number(pointsText.trim().replace(',', '.'))
  let points: string | null = null
  if (pointsText.trim() === '' || !Number.isFinite(value)) points = 'game.seatMenu.pointsInvalid'
  else if (value < -1 || value > 1) points = 'game.seatMenu.pointsRange'
  else if (Math.abs(value * 20 - Math.round(value * 20)) > 1e-9) points = 'game.seatMenu.pointsStep'
  else if (value === 0) points = 'game.seatMenu.pointsZero'
  const reason = reasonText.trim()
  const reasonError = reason === '' ? 'game.seatMenu.reasonRequired' : reason.length > reasonMaxLength ? 'game.seatMenu.reasonTooLong' : null
  if (points || reasonError) return { ok: false, points, reason: reasonError }
  return { ok: true, points: Math.round(value * 20) / 20, reason }
}

/**
 * What the pages report about themselves (`desktop:app:status`): online, unread count, seated in a
 * running game, and the shell's texts in the user's language. Payloads are untrusted: each field is
 * checked, texts are cut, and a bad payload is refused whole.
 */
import type { DesktopLabels, DesktopStatus } from '../common/bridge'

/** The shell's texts until a page reports its own (English). */
export const defaultLabels: DesktopLabels = {
  online: 'Online',
  offline: 'Offline',
  unread: 'Unread: {{count}}',
  open: 'Open Mafia Table',
  quit: 'Quit',
  quitQuestion: 'Leave the game and quit?',
  quitDetail: 'You are seated in a running game. Quitting leaves your seat.',
  quitConfirm: 'Leave and quit',
  cancel: 'Cancel',
  updateReady: 'An update is ready',
  updateDetail: 'Restart Mafia Table now to install it?',
  updateRestart: 'Restart now',
  updateLater: 'Later',
}

const labelKeys = Object.keys(defaultLabels) as (keyof DesktopLabels)[]

/** A status from an IPC payload; throws on anything that is not one. */
export function parseDesktopStatus(payload: unknown): DesktopStatus {
  if (typeof payload !== 'object' || payload === null) throw new TypeError('A status must be an object')
  const { online, unread, seatedInRunningGame, labels } = payload as Record<string, unknown>
  if (typeof online !== 'boolean' || typeof seatedInRunningGame !== 'boolean') throw new TypeError('online and seatedInRunningGame must be booleans')
  if (typeof unread !== 'number' || !Number.isInteger(unread) || unread < 0 || unread > 1_000_000) throw new TypeError('unread must be a count')
  if (typeof labels !== 'object' || labels === null) throw new TypeError('labels must be an object')
  const parsed = {} as DesktopLabels
  for (const key of labelKeys) {
    const text = (labels as Record<string, unknown>)[key]
    if (typeof text !== 'string' || text.trim() === '') throw new TypeError(`labels.${key} must be a text`)
    parsed[key] = Array.from(text).slice(0, 200).join('')
  }
  return { online, unread, seatedInRunningGame, labels: parsed }
}

/** A label with its `{{count}}` filled in. */
export function formatLabel(label: string, count: number): string {
  return label.replace(/\{\{\s*count\s*\}\}/g, String(count))
}

import { proxy } from 'valtio'
import type { SettingFlag } from '../../server/contract/http'
import { systemRoutes } from '../../server/contract/http/system'
import { call } from '../api/client'

/** The public settings flags (GET /api/settings/load). */
export interface SiteSettings {
  maintenance: boolean
  maintenanceMessage: string
  premiumPage: boolean
}

export const settingsState = proxy<SiteSettings & { loaded: boolean }>({
  maintenance: false,
  maintenanceMessage: '',
  premiumPage: false,
  loaded: false,
})

/** The server sends name/value strings; 'true' (and only 'true') is read as on. */
export function parseSettings(flags: readonly SettingFlag[]): SiteSettings {
  const value = (name: string) => flags.find((flag) => flag.name === name)?.value
  return {
    maintenance: value('maintenance')?.trim().toLowerCase() === 'true',
    maintenanceMessage: value('maintenance_message')?.trim() ?? '',
    premiumPage: value('premium_page')?.trim().toLowerCase() === 'true',
  }
}

export function applySettings(flags: readonly SettingFlag[]): void {
  Object.assign(settingsState, parseSettings(flags), { loaded: true })
}

let loadedAt = 0
let loading: Promise<void> | null = null

/** Loads the flags; a failure keeps the previous values (everything off at first). */
export function loadSettings(): Promise<void> {
  if (loading) return loading
  // Counted from the attempt, so a failing server is not asked again on every navigation.
  loadedAt = Date.now()
  loading = call(systemRoutes.loadSettings)
    .then(applySettings)
    .catch((error: unknown) => console.warn('settings could not be loaded', error))
    .finally(() => {
      loading = null
    })
  return loading
}

/** Flags older than five minutes are fetched again (an admin may have started maintenance). */
export function refreshSettingsIfStale(maxAgeMilliseconds = 5 * 60_000): void {
  if (Date.now() - loadedAt >= maxAgeMilliseconds) void loadSettings()
}

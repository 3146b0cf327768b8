/**
 * What the desktop app remembers between runs: the chosen server, the media nodes it last named and
 * the main window's bounds. One
 * small JSON file in the user's data folder (`app.getPath('userData')/desktop-settings.json`), read
 * once and written on each change. Device choices (camera, microphone, speaker) need nothing here:
 * the renderer keeps them in its storage, which lasts for the app's own origin `app://mafia`.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { mediaOriginsOf } from './media-origins'

/** The main window's place on screen. */
export interface WindowBounds {
  x: number
  y: number
  width: number
  height: number
  maximized: boolean
}

export interface DesktopSettings {
  serverOrigin?: string
  /** The media nodes the club server named at the last start that reached it (media-origins.ts). */
  mediaOrigins?: string[]
  mainWindow?: WindowBounds
}

export interface SettingsStore {
  read(): DesktopSettings
  update(change: Partial<DesktopSettings>): void
}

/** Reads the settings file; a missing or broken one is an empty start (never a crash). */
function load(path: string): DesktopSettings {
  try {
    const value: unknown = JSON.parse(readFileSync(path, 'utf8'))
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
    const { serverOrigin, mediaOrigins, mainWindow } = value as Record<string, unknown>
    const settings: DesktopSettings = {}
    if (typeof serverOrigin === 'string') settings.serverOrigin = serverOrigin
    // Each remembered node is checked again: the file is the user's to edit, the policy is not.
    if (Array.isArray(mediaOrigins)) settings.mediaOrigins = mediaOriginsOf(mediaOrigins)
    const bounds = parseWindowBounds(mainWindow)
    if (bounds) settings.mainWindow = bounds
    return settings
  } catch {
    return {}
  }
}

/** Window bounds from stored JSON, or null when any field is missing or not a sane number. */
export function parseWindowBounds(value: unknown): WindowBounds | null {
  if (typeof value !== 'object' || value === null) return null
  const { x, y, width, height, maximized } = value as Record<string, unknown>
  const sane = (n: unknown, min: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= min && n <= 100_000
  if (!sane(x, -100_000) || !sane(y, -100_000) || !sane(width, 1) || !sane(height, 1)) return null
  return { x, y, width, height, maximized: maximized === true }
}

/** The settings in the file at `path`; each update is written at once (through a temporary file, so a crash never leaves half a file). */
export function createSettingsStore(path: string): SettingsStore {
  let settings = load(path)
  return {
    read: () => ({ ...settings }),
    update(change) {
      settings = { ...settings, ...change }
      mkdirSync(dirname(path), { recursive: true })
      const temporary = `${path}.tmp`
      writeFileSync(temporary, JSON.stringify(settings, null, 2))
      renameSync(temporary, path)
    },
  }
}

/**
 * Updates from a generic feed (electron-updater's `generic` provider: a folder on any web server
 * holding `latest.yml`, `latest-mac.yml`, `latest-linux.yml` and the installers electron-builder
 * made). The download's progress shows on the window's task bar button and in the page; once it is
 * downloaded the user is asked before the app restarts. electron-updater checks the download's
 * sha512 against the feed (and on Windows the installer's signature against the app's publisher)
 * and reports a mismatch as an `error`: such a download is never installed, here or on quit
 * (`autoInstallOnAppQuit` is off: nothing installs without the user's yes).
 */
import type { MessageBoxOptions, MessageBoxReturnValue } from 'electron'
import type { DesktopLabels } from '../common/bridge'

/** The environment variable naming the update feed (overrides the one packaged in app-update.yml). */
export const updateFeedVariable = 'MAFIA_UPDATE_URL'

/** The part of electron-updater's `autoUpdater` used here. */
export interface UpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  setFeedURL(options: { provider: 'generic'; url: string; channel?: string }): void
  checkForUpdates(): Promise<unknown>
  on(event: string, listener: (...args: never[]) => void): unknown
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void
}

/** A feed address: https only (an update is code the app will run), http on this machine for testing. */
export function parseFeedUrl(value: string | undefined): string | null {
  if (value === undefined || value.trim() === '') return null
  try {
    const url = new URL(value.trim())
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null
    if (url.username || url.password) return null
    return url.href
  } catch {
    return null
  }
}

export interface UpdateFlowOptions {
  updater: UpdaterLike
  /** MAFIA_UPDATE_URL, or undefined to use the feed packaged with the app. */
  feedUrl: string | undefined
  /** The app is installed (`app.isPackaged`): a development run never updates itself. */
  packaged: boolean
  ask: (options: MessageBoxOptions) => Promise<Pick<MessageBoxReturnValue, 'response'>>
  /** 0 to 100 while downloading, -1 when done or failed (the task bar's progress and the page's). */
  progress: (percent: number) => void
  labels: () => DesktopLabels
  log: (message: string, error?: unknown) => void
}

/** Sets up the updater and checks once; returns the state for tests and logs, or null when updates are off. */
export function startUpdateFlow(options: UpdateFlowOptions): { state: () => string } | null {
  const { updater } = options
  if (!options.packaged) return null
  let state: 'checking' | 'downloading' | 'asking' | 'installing' | 'failed' | 'idle' = 'checking'
  if (options.feedUrl !== undefined) {
    const feed = parseFeedUrl(options.feedUrl)
    if (!feed) {
      options.log(`${updateFeedVariable} must be an https URL; updates are off`)
      return null
    }
    updater.setFeedURL({ provider: 'generic', url: feed })
  }
  updater.autoDownload = true
  updater.autoInstallOnAppQuit = false

  updater.on('update-available', () => {
    state = 'downloading'
    options.progress(0)
  })
  updater.on('update-not-available', () => {
    state = 'idle'
  })
  updater.on('download-progress', (info: { percent?: unknown }) => {
    if (state !== 'downloading' || typeof info?.percent !== 'number') return
    options.progress(Math.max(0, Math.min(100, Math.round(info.percent))))
  })
  updater.on('error', (error: unknown) => {
    // A failed checksum or signature lands here: the download is dropped, nothing is installed.
    state = 'failed'
    options.progress(-1)
    options.log('The update failed and was not installed', error)
  })
  updater.on('update-downloaded', () => {
    if (state !== 'downloading') return
    state = 'asking'
    options.progress(-1)
    const labels = options.labels()
    options
      .ask({ type: 'info', message: labels.updateReady, detail: labels.updateDetail, buttons: [labels.updateRestart, labels.updateLater], defaultId: 0, cancelId: 1, noLink: true })
      .then(({ response }) => {
        if (response === 0 && state === 'asking') {
          state = 'installing'
          updater.quitAndInstall(false, true)
        } else if (state === 'asking') state = 'idle'
      })
      .catch((error: unknown) => options.log('Could not ask about the update', error))
  })
  updater.checkForUpdates().catch((error: unknown) => {
    state = 'failed'
    options.log('Could not check for updates', error)
  })
  return { state: () => state }
}

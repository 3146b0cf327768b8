/**
 * Updates from a generic feed (electron-updater's `generic` provider: a folder on any web server
 * holding `latest.yml`, `latest-mac.yml`, `latest-linux.yml` and the installers electron-builder
 * made). The download's progress shows on the window's task bar button and in the page's update
 * banner; once it is downloaded the banner offers a restart, and the user is asked before the app
 * restarts. electron-updater checks the download's
 * sha512 against the feed (and on Windows the installer's signature against the app's publisher)
 * and reports a mismatch as an `error`: such a download is never installed, here or on quit
 * (`autoInstallOnAppQuit` is off: nothing installs without the user's yes).
 */
import type { MessageBoxOptions, MessageBoxReturnValue } from 'electron'
import type { DesktopLabels, UpdateFailure, UpdateState } from '../common/bridge'

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
  /** Each change the page shows: downloading with its percent (also on the task bar), ready, failed. */
  report: (state: UpdateState) => void
  labels: () => DesktopLabels
  log: (message: string, error?: unknown) => void
}

/** What the update flow offers the rest of the app. */
export interface UpdateFlow {
  /** Where the flow is (for tests and logs). */
  state(): 'checking' | 'downloading' | 'ready' | 'asking' | 'installing' | 'failed' | 'idle'
  /** What the page shows now; null while there is nothing to show (checking, no update). */
  shown(): UpdateState | null
  /** The user asked to restart into the downloaded update: asks first; resolves true when it installs. */
  install(): Promise<boolean>
}

const networkCodes = new Set(['ENOTFOUND', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

/** Why an update failed, from electron-updater's error: its codes for a bad sha512 or signature, a network failure, or anything else. */
export function updateFailureOf(error: unknown): UpdateFailure {
  const { code, message, statusCode } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; statusCode?: unknown }
  if (code === 'ERR_CHECKSUM_MISMATCH' || (typeof message === 'string' && /sha512 checksum mismatch/i.test(message))) return 'checksum'
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') return 'signature'
  if ((typeof code === 'string' && networkCodes.has(code)) || typeof statusCode === 'number' || (typeof message === 'string' && /net::ERR_/.test(message))) return 'network'
  return 'other'
}

/** Sets up the updater and checks once; null when updates are off. */
export function startUpdateFlow(options: UpdateFlowOptions): UpdateFlow | null {
  const { updater } = options
  if (!options.packaged) return null
  let state: ReturnType<UpdateFlow['state']> = 'checking'
  let shown: UpdateState | null = null
  const show = (next: UpdateState) => {
    shown = next
    options.report(next)
  }
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
    show({ phase: 'downloading', percent: 0 })
  })
  updater.on('update-not-available', () => {
    state = 'idle'
  })
  updater.on('download-progress', (info: { percent?: unknown }) => {
    if (state !== 'downloading' || typeof info?.percent !== 'number') return
    show({ phase: 'downloading', percent: Math.max(0, Math.min(100, Math.round(info.percent))) })
  })
  updater.on('error', (error: unknown) => {
    // A failed checksum or signature lands here: the download is dropped, nothing is installed.
    options.log('The update failed and was not installed', error)
    // A check that found nothing to download (offline at start) is only logged; the page shows a
    // failed download or install. A downloaded update waiting for the user's yes stays offered.
    if (state === 'downloading' || state === 'installing') show({ phase: 'failed', reason: updateFailureOf(error) })
    if (state !== 'ready' && state !== 'asking') state = 'failed'
  })
  updater.on('update-downloaded', () => {
    if (state !== 'downloading') return
    state = 'ready'
    show({ phase: 'ready' })
  })
  updater.checkForUpdates().catch((error: unknown) => {
    if (state === 'checking') state = 'failed'
    options.log('Could not check for updates', error)
  })

  return {
    state: () => state,
    shown: () => shown,
    async install() {
      if (state !== 'ready') return false
      state = 'asking'
      const labels = options.labels()
      try {
        const { response } = await options.ask({ type: 'info', message: labels.updateReady, detail: labels.updateDetail, buttons: [labels.updateRestart, labels.updateLater], defaultId: 0, cancelId: 1, noLink: true })
        if (response !== 0 || state !== 'asking') {
          // "Later": the update stays downloaded and the page keeps offering it.
          if (state === 'asking') state = 'ready'
          return false
        }
      } catch (error) {
        options.log('Could not ask about the update', error)
        state = 'ready'
        return false
      }
      state = 'installing'
      updater.quitAndInstall(false, true)
      return true
    },
  }
}

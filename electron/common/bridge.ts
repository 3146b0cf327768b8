/**
 * The one bridge between the renderer and the desktop shell.
 *
 * The preload implements `DesktopBridge` over IPC and exposes it as `window.desktop`; the web build
 * implements the same type with browser fallbacks (`renderer/platform/bridge.ts`). This file is pure:
 * no Electron or Node import, so the renderer may import its types.
 */

/** Every IPC channel between the renderer and the main process starts with this prefix. */
export const desktopChannelPrefix = 'desktop:'

/** An IPC channel name of this app: `desktop:<area>:<verb>`. */
export type DesktopChannel = `desktop:${string}`

/** The IPC channels, named by area. The preload invokes only these; the main process handles only these. */
export const desktopChannels = {
  /** Resolves to the application version (`app.getVersion()`). */
  appVersion: 'desktop:app:version',
  /** Shows a native notification; the payload is a `NotificationContent`. */
  showNotification: 'desktop:notifications:show',
  /** Resolves to whether the sender's window has the keyboard focus. */
  isWindowFocused: 'desktop:window:is-focused',
  /** Opens (or brings to the front) the admin window. */
  openAdminWindow: 'desktop:window:open-admin',
  /** The page's state for the tray, the badge and quitting; the payload is a `DesktopStatus`. */
  reportStatus: 'desktop:app:status',
  /** Saves another club server and restarts on it; the payload is the origin typed. Resolves to a `ServerChoiceAnswer`. */
  chooseServer: 'desktop:app:choose-server',
  /** The page has left its table after `quitting`: the app may close. */
  readyToQuit: 'desktop:app:ready-to-quit',
  /** Resolves to the update's `UpdateState` now, or null when there is nothing to show. */
  updateState: 'desktop:app:update-state',
  /** The user asked to restart into a downloaded update: the main process asks first. Resolves to true when it installs. */
  installUpdate: 'desktop:app:install-update',
} as const satisfies Record<string, DesktopChannel>

/** Messages the main process sends to the page (the preload listens to these only). */
export const desktopEvents = {
  /** Open this app route in the page (a notification's click, a tray entry); the payload is the route. */
  navigate: 'desktop:page:navigate',
  /** The app is quitting: leave the table cleanly, then invoke `readyToQuit`. */
  quitting: 'desktop:page:quitting',
  /** An update's state changed (downloading with its percent, ready, failed); the payload is an `UpdateState`. */
  updateState: 'desktop:page:update-state',
} as const satisfies Record<string, DesktopChannel>

/** The command-line switch that carries the club server's origin to the preload (`webPreferences.additionalArguments`). */
export const serverOriginSwitch = '--mafia-server-origin='
/** The switch that says the user has not chosen a server yet (first start). */
export const serverUnchosenSwitch = '--mafia-server-unchosen'

/** What the page tells the shell about itself: shown in the tray and the badge, asked when quitting. */
export interface DesktopStatus {
  /** Connected to the club server. */
  online: boolean
  /** Unread one-to-one messages and friend requests: the badge count. */
  unread: number
  /** Seated in a game that is running: quitting asks first. */
  seatedInRunningGame: boolean
  /** The texts of the tray and the quit question, in the user's language. */
  labels: DesktopLabels
}

/** The shell's texts, translated by the page (the main process has no translations of its own). */
export interface DesktopLabels {
  online: string
  offline: string
  unread: string
  open: string
  quit: string
  quitQuestion: string
  quitDetail: string
  quitConfirm: string
  cancel: string
  updateReady: string
  updateDetail: string
  updateRestart: string
  updateLater: string
}

/** Why an update failed, as the page explains it: its sha512 or its signature did not match, the feed could not be reached, or anything else. */
export type UpdateFailure = 'checksum' | 'signature' | 'network' | 'other'

/** An update as the page shows it: downloading (0 to 100), downloaded and waiting for a restart, or failed (never installed). */
export type UpdateState = { phase: 'downloading'; percent: number } | { phase: 'ready' } | { phase: 'failed'; reason: UpdateFailure }

const updateFailures: readonly string[] = ['checksum', 'signature', 'network', 'other'] satisfies UpdateFailure[]

/** An `UpdateState` from an IPC payload, checked field by field; null for anything else. */
export function parseUpdateState(value: unknown): UpdateState | null {
  if (typeof value !== 'object' || value === null) return null
  const { phase, percent, reason } = value as Record<string, unknown>
  if (phase === 'downloading' && typeof percent === 'number' && Number.isFinite(percent)) return { phase, percent: Math.max(0, Math.min(100, Math.round(percent))) }
  if (phase === 'ready') return { phase }
  if (phase === 'failed' && typeof reason === 'string' && updateFailures.includes(reason)) return { phase, reason: reason as UpdateFailure }
  return null
}

/** The answer to choosing a server: saved (the app restarts), or why the origin was refused. */
export type ServerChoiceAnswer = { ok: true } | { ok: false; reason: 'not_a_url' | 'not_secure' | 'credentials' | 'has_path' | 'unsupported' }

/**
 * Where the notification sound lives: `sounds/notify.wav` at the root of the renderer build
 * (Vite copies `renderer/public/` there).
 */
export const notificationSoundFile = 'sounds/notify.wav'

/** What a notification says. Both texts are plain text, never HTML. */
export interface NotificationContent {
  /** The headline, for example the sender of a chat message. */
  title: string
  /** The text under the headline, for example the message itself. */
  body: string
  /** The app route a click opens (`/chat/12`, `/friends`, `/mafia/3`); without one a click only shows the window. */
  route?: string
}

/** What the renderer may ask of the platform it runs on: the desktop shell or a browser. */
export interface DesktopBridge {
  /**
   * The application version: the desktop app's own version, or the version the web build was made from.
   */
  appVersion(): Promise<string>
  /**
   * The operating system as Node names it (`win32`, `darwin`, `linux`), or `web` in a browser.
   */
  readonly platform: string
  /**
   * Plays the short notification sound. Resolves even when the sound could not be played
   * (no audio device, autoplay refused): a notification sound is never essential.
   */
  playNotificationSound(): Promise<void>
  /**
   * Shows a notification outside the page: a native one on the desktop, a Web Notification in a
   * browser that has the permission, nothing otherwise. Used by chat while the window is not focused.
   */
  showNotification(content: NotificationContent): Promise<void>
  /** Whether the app's window has the keyboard focus (so a notification would be redundant). */
  isWindowFocused(): Promise<boolean>
  /**
   * The club server's origin the page calls (`/api`, the socket, media): `''` in a browser (the page's
   * own origin), the chosen server in the desktop app (its pages come from `app://mafia`).
   */
  readonly serverOrigin: string
  /** False on the desktop app's first start, before the user confirmed a server; true in a browser. */
  readonly serverChosen: boolean
  /** Saves another club server and restarts the app on it; a browser answers `unsupported`. */
  chooseServer(origin: string): Promise<ServerChoiceAnswer>
  /** Opens the admin panel in its own window; resolves false where there is none (a browser navigates instead). */
  openAdminWindow(): Promise<boolean>
  /** Tells the shell the page's state (tray, badge, quitting). A browser ignores it. */
  reportStatus(status: DesktopStatus): Promise<void>
  /** Listens to the shell's requests to open a route; returns the way to stop. */
  onNavigate(listener: (route: string) => void): () => void
  /**
   * Listens to the app quitting: the listener leaves the table cleanly; the app closes once it settles
   * (or after a few seconds). Returns the way to stop.
   */
  onQuitting(listener: () => Promise<void>): () => void
  /**
   * Listens to the app's update: called at once with the state now (when there is one), then on each
   * change. A browser never calls it. Returns the way to stop.
   */
  onUpdateState(listener: (state: UpdateState) => void): () => void
  /** Restarts into the downloaded update, after the shell asked the user; resolves false when nothing was installed (a browser: always). */
  installUpdate(): Promise<boolean>
}

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
} as const satisfies Record<string, DesktopChannel>

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
}

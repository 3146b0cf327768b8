import type { BrowserWindow, BrowserWindowConstructorOptions } from 'electron'

/** The window class, injected so this module loads (and is tested) without Electron. */
export interface WindowClass {
  new (options: BrowserWindowConstructorOptions): BrowserWindow
}

/**
 * The main window's options. The page gets no Node: it runs sandboxed, in its own JavaScript world,
 * and reaches the main process only through the preload's `window.desktop`.
 */
export function buildMainWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 960,
    minHeight: 600,
    title: 'Mafia Table',
    backgroundColor: '#1b1b1f',
    // Shown on 'ready-to-show', so the user never sees a blank frame.
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // A table's remote voices and the chat sound must play without a click first.
      autoplayPolicy: 'no-user-gesture-required',
    },
  }
}

/** Opens the main window at `url`; it shows itself once painted, or at once if the page fails to load. */
export function openMainWindow(Window: WindowClass, options: { preloadPath: string; url: string }): BrowserWindow {
  const window = new Window(buildMainWindowOptions(options.preloadPath))
  window.once('ready-to-show', () => window.show())
  window.loadURL(options.url).catch((error: unknown) => {
    console.error(`Could not load ${options.url}`, error)
    if (!window.isDestroyed()) window.show()
  })
  return window
}

/** Brings a window to the front, restoring it if minimised. */
export function bringToFront(window: Pick<BrowserWindow, 'isMinimized' | 'restore' | 'show' | 'focus'>): void {
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
}

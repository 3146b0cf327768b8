import type { BrowserWindow, BrowserWindowConstructorOptions, Rectangle } from 'electron'
import { serverOriginSwitch, serverUnchosenSwitch } from '../common/bridge'
import type { WindowBounds } from './settings-store'

/** The window class, injected so this module loads (and is tested) without Electron. */
export interface WindowClass {
  new (options: BrowserWindowConstructorOptions): BrowserWindow
}

/** What every window of the app's pages needs: the preload, and the club server for the preload to pass on. */
export interface PageOptions {
  preloadPath: string
  /** The club server the page calls (the preload exposes it as `serverOrigin`). */
  serverOrigin?: string
  /** False on first start: the page offers the server choice. */
  serverChosen?: boolean
}

/** The main window's size when nothing is remembered. */
export const defaultMainBounds = { width: 1280, height: 800 } as const

/**
 * A window's options. The page gets no Node: it runs sandboxed, in its own JavaScript world,
 * and reaches the main process only through the preload's `window.desktop`.
 */
export function buildMainWindowOptions(page: PageOptions | string, bounds?: Partial<Rectangle>): BrowserWindowConstructorOptions {
  const { preloadPath, serverOrigin, serverChosen } = typeof page === 'string' ? { preloadPath: page, serverOrigin: undefined, serverChosen: true } : page
  const additionalArguments: string[] = []
  if (serverOrigin !== undefined) additionalArguments.push(`${serverOriginSwitch}${serverOrigin}`)
  if (serverChosen === false) additionalArguments.push(serverUnchosenSwitch)
  return {
    width: bounds?.width ?? defaultMainBounds.width,
    height: bounds?.height ?? defaultMainBounds.height,
    ...(bounds?.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
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
      ...(additionalArguments.length > 0 ? { additionalArguments } : {}),
    },
  }
}

/** Opens a window at `url`; it shows itself once painted, or at once if the page fails to load. */
export function openMainWindow(Window: WindowClass, options: PageOptions & { url: string; bounds?: WindowBounds | null }): BrowserWindow {
  const window = new Window(buildMainWindowOptions(options, options.bounds ?? undefined))
  window.once('ready-to-show', () => {
    if (options.bounds?.maximized) window.maximize()
    window.show()
  })
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

/** Whether two rectangles share enough area for a window to be grabbed (its title bar at least). */
function overlaps(bounds: Rectangle, area: Rectangle): boolean {
  const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x)
  const height = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y)
  return width >= 100 && height >= 50
}

/**
 * The bounds to open the main window with: the remembered ones when they still fall on a screen
 * (a monitor unplugged since must not leave the window out of reach), shrunk to fit it; else none
 * (the default size, centred).
 */
export function restoreBounds(saved: WindowBounds | undefined, workAreas: readonly Rectangle[]): WindowBounds | null {
  if (!saved) return null
  const area = workAreas.find((candidate) => overlaps(saved, candidate))
  if (!area) return null
  return { ...saved, width: Math.min(saved.width, area.width), height: Math.min(saved.height, area.height) }
}

type TrackedWindow = Pick<BrowserWindow, 'on' | 'getNormalBounds' | 'isMaximized' | 'isDestroyed'>

/**
 * Remembers a window's place: on each move and resize (once it settles, `delayMs`), and when it
 * closes. The bounds are the normal ones, so a maximised window reopens maximised over its old place.
 */
export function trackWindowBounds(window: TrackedWindow, save: (bounds: WindowBounds) => void, delayMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const capture = () => {
    if (window.isDestroyed()) return
    const { x, y, width, height } = window.getNormalBounds()
    save({ x, y, width, height, maximized: window.isMaximized() })
  }
  const later = () => {
    clearTimeout(timer)
    timer = setTimeout(capture, delayMs)
  }
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event as 'resize', later)
  window.on('close', () => {
    clearTimeout(timer)
    capture()
  })
}

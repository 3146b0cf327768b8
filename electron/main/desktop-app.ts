import type { App, BrowserWindow, IpcMain, Session, Shell, WebContents } from 'electron'
import { appEntryUrl, isAppUrl, resolveAppLocation } from './app-location'
import { findDeepLinkRoute, parseDeepLink, registerDeepLinkScheme } from './deep-links'
import { registerIpcHandlers } from './ipc'
import { createNativeNotifications, type NotificationClass } from './ipc/notifications'
import { createIpcRegistry } from './ipc/registry'
import { secureApp, secureSession } from './security'
import { bringToFront, openMainWindow, type WindowClass } from './windows'

/** The parts of Electron the desktop app uses: main.ts passes Electron's own, tests pass fakes. */
export interface DesktopElectron {
  app: Pick<App, 'enableSandbox' | 'requestSingleInstanceLock' | 'quit' | 'on' | 'whenReady' | 'getVersion' | 'setAsDefaultProtocolClient'>
  BrowserWindow: WindowClass & { fromWebContents(contents: WebContents): BrowserWindow | null }
  ipcMain: Pick<IpcMain, 'handle'>
  session: { readonly defaultSession: Session }
  shell: Pick<Shell, 'openExternal'>
  Notification: NotificationClass
}

/** How this run was started (from `process` and the environment). */
export interface DesktopRun {
  /** `MAFIA_APP_URL`: an app server to open instead of the renderer build. */
  appUrl: string | undefined
  /** The renderer build's `index.html`. */
  rendererIndexPath: string
  /** The bundled preload script. */
  preloadPath: string
  /** The command line; a `mafia://` link may be among it. */
  argv: readonly string[]
  /** `process.defaultApp`: started as `electron .` rather than as an installed app. */
  defaultApp: boolean
  execPath: string
  platform: NodeJS.Platform
}

let started = false

/**
 * Starts the desktop app: one instance only (a second one hands its `mafia://` link to the first and
 * quits), lock-down before anything loads, then the IPC handlers and the main window once Electron is
 * ready. Refuses to start twice.
 */
export function startDesktopApp(electron: DesktopElectron, run: DesktopRun): void {
  if (started) throw new Error('The desktop app is already started')
  started = true
  const { app } = electron
  const location = resolveAppLocation(run.appUrl, run.rendererIndexPath)

  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  secureApp(app, location, (address) => electron.shell.openExternal(address))
  registerDeepLinkScheme(app, run)

  let ready = false
  let pendingRoute: string | undefined = findDeepLinkRoute(run.argv) ?? undefined
  let mainWindow: BrowserWindow | null = null

  /** Shows the app, at `route` if given: the window is brought to the front, or opened if there is none. */
  const show = (route?: string): void => {
    if (!ready) {
      pendingRoute = route ?? pendingRoute
      return
    }
    if (mainWindow && !mainWindow.isDestroyed()) {
      bringToFront(mainWindow)
      if (route) mainWindow.loadURL(appEntryUrl(location, route)).catch((error: unknown) => console.error(`Could not open ${route}`, error))
      return
    }
    const window = openMainWindow(electron.BrowserWindow, { preloadPath: run.preloadPath, url: appEntryUrl(location, route) })
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null
    })
    mainWindow = window
  }

  app.on('second-instance', (_event, argv) => show(findDeepLinkRoute(argv) ?? undefined))
  app.on('open-url', (event, link) => {
    event.preventDefault()
    show(parseDeepLink(link) ?? undefined)
  })
  app.on('activate', () => show())
  app.on('window-all-closed', () => {
    if (run.platform !== 'darwin') app.quit()
  })

  app
    .whenReady()
    .then(() => {
      secureSession(electron.session.defaultSession, location)
      const registry = createIpcRegistry(electron.ipcMain, (event) => isAppUrl(event.senderFrame?.url, location))
      const windowOf = (contents: WebContents) => electron.BrowserWindow.fromWebContents(contents)
      registerIpcHandlers(registry, {
        app: { version: () => app.getVersion() },
        notifications: createNativeNotifications(electron.Notification, windowOf),
        windows: { isFocused: (contents) => windowOf(contents)?.isFocused() ?? false },
      })
      ready = true
      const route = pendingRoute
      pendingRoute = undefined
      show(route)
    })
    .catch((error: unknown) => {
      console.error('The desktop app could not start', error)
      app.quit()
    })
}

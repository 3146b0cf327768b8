import type { App, BrowserWindow, Dialog, IpcMain, Menu, MenuItemConstructorOptions, Protocol, Rectangle, Session, Shell, WebContents } from 'electron'
import { desktopEvents, type DesktopStatus } from '../common/bridge'
import { createAdminWindowOpener } from './admin-window'
import { appEntryUrl, isAppUrl, resolveAppLocation } from './app-location'
import { appScheme, appSchemePrivileges, createAppProtocolHandler } from './app-protocol'
import { deepLinkRoute, findDeepLinkRoute, registerDeepLinkScheme } from './deep-links'
import { registerIpcHandlers } from './ipc'
import { configuredMediaOrigins, learnMediaOrigins, mediaOriginsOf } from './media-origins'
import { createNativeNotifications, type NotificationClass } from './ipc/notifications'
import { createIpcRegistry } from './ipc/registry'
import { installQuitGuard } from './quit-guard'
import { buildContentSecurityPolicy, secureApp, secureSession } from './security'
import { selectServerOrigin } from './server-origin'
import { createSettingsStore } from './settings-store'
import { defaultLabels } from './status'
import { createShellIndicators, type TrayLike } from './tray'
import { startUpdateFlow, type UpdateFlow, type UpdaterLike } from './updater'
import { bringToFront, openMainWindow, restoreBounds, trackWindowBounds, type WindowClass } from './windows'

/** The route of the server choice, opened on first start. */
export const serverChoiceRoute = '/desktop/server'

/** The parts of Electron the desktop app uses: main.ts passes Electron's own, tests pass fakes. */
export interface DesktopElectron {
  app: Pick<
    App,
    'enableSandbox' | 'requestSingleInstanceLock' | 'quit' | 'on' | 'whenReady' | 'getVersion' | 'setAsDefaultProtocolClient' | 'setBadgeCount' | 'relaunch' | 'isPackaged'
  > & { dock?: Pick<NonNullable<App['dock']>, 'setMenu'> | undefined }
  BrowserWindow: WindowClass & { fromWebContents(contents: WebContents): BrowserWindow | null }
  ipcMain: Pick<IpcMain, 'handle'>
  session: { readonly defaultSession: Session }
  shell: Pick<Shell, 'openExternal'>
  Notification: NotificationClass
  protocol: Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle'>
  net: { fetch(url: string): Promise<Response> }
  dialog: Pick<Dialog, 'showMessageBox'>
  screen: { getAllDisplays(): { workArea: Rectangle }[] }
  Tray: new (icon: string) => TrayLike
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): Menu }
  /** electron-updater's `autoUpdater` (absent: no updates). */
  autoUpdater?: UpdaterLike | undefined
}

/** How this run was started (from `process` and the environment). */
export interface DesktopRun {
  /** `MAFIA_APP_URL`: an app server to open instead of the app's own pages (development). */
  appUrl: string | undefined
  /** `MAFIA_SERVER_URL`: the club server for this run, over the remembered one. */
  serverUrl?: string | undefined
  /** `MAFIA_UPDATE_URL`: the update feed, over the packaged one. */
  updateFeedUrl?: string | undefined
  /** `MAFIA_MEDIA_ORIGINS`: media nodes the page may reach beside those the club server names. */
  mediaOrigins?: string | undefined
  /** The renderer build's folder (`index.html` and its assets). */
  rendererDir: string
  /** The bundled preload script. */
  preloadPath: string
  /** The remembered settings (`userData/desktop-settings.json`). */
  settingsPath: string
  /** The tray icon (a PNG). */
  trayIconPath: string
  /** The command line; a `mafia://` link may be among it. */
  argv: readonly string[]
  /** `process.defaultApp`: started as `electron .` rather than as an installed app. */
  defaultApp: boolean
  execPath: string
  platform: NodeJS.Platform
}

let started = false

/**
 * Starts the desktop app: its scheme registered as privileged, one instance only (a second one hands
 * its `mafia://` link to the first and quits), lock-down before anything loads; once Electron is
 * ready, the scheme's handler, the IPC handlers, the tray, the quit guard, the updater and the main
 * window. Refuses to start twice.
 */
export function startDesktopApp(electron: DesktopElectron, run: DesktopRun): void {
  if (started) throw new Error('The desktop app is already started')
  started = true
  const { app } = electron
  const settings = createSettingsStore(run.settingsPath)
  const server = selectServerOrigin({ override: run.serverUrl, saved: settings.read().serverOrigin })
  const location = resolveAppLocation(run.appUrl, server.origin)
  const configuredMedia = configuredMediaOrigins(run.mediaOrigins)
  const page = { preloadPath: run.preloadPath, serverOrigin: location.serverOrigin, serverChosen: server.chosen || location.kind === 'server' }

  // Before ready, and before anything else: a scheme is privileged only if registered this early.
  electron.protocol.registerSchemesAsPrivileged([appSchemePrivileges])
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return
  }
  secureApp(app, location, (address) => electron.shell.openExternal(address))
  registerDeepLinkScheme(app, run)

  let ready = false
  let pendingRoute: string | undefined = findDeepLinkRoute(run.argv) ?? (page.serverChosen ? undefined : serverChoiceRoute)
  let mainWindow: BrowserWindow | null = null
  const statuses = new Map<number, { contents: WebContents; status: DesktopStatus }>()
  let indicators: ReturnType<typeof createShellIndicators> | null = null
  let updates: UpdateFlow | null = null

  const openWindow = (route: string | undefined, remember: boolean): BrowserWindow => {
    const bounds = remember ? restoreBounds(settings.read().mainWindow, electron.screen.getAllDisplays().map((display) => display.workArea)) : null
    const window = openMainWindow(electron.BrowserWindow, { ...page, url: appEntryUrl(location, route), bounds })
    const contentsId = window.webContents?.id
    window.on('closed', () => {
      if (contentsId !== undefined) statuses.delete(contentsId)
    })
    return window
  }

  /** Shows the app, at `route` if given: the window is brought to the front (the page opens the route), or opened if there is none. */
  const show = (route?: string): void => {
    if (!ready) {
      pendingRoute = route ?? pendingRoute
      return
    }
    if (mainWindow && !mainWindow.isDestroyed()) {
      bringToFront(mainWindow)
      if (route) mainWindow.webContents.send(desktopEvents.navigate, route)
      return
    }
    const window = openWindow(route, true)
    trackWindowBounds(window, (bounds) => settings.update({ mainWindow: bounds }))
    window.on('focus', () => indicators?.seen())
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = null
    })
    mainWindow = window
  }

  app.on('second-instance', (_event, argv) => show(findDeepLinkRoute(argv) ?? undefined))
  app.on('open-url', (event, link) => {
    event.preventDefault()
    show(deepLinkRoute(link))
  })
  app.on('activate', () => show())
  app.on('window-all-closed', () => {
    if (run.platform !== 'darwin') app.quit()
  })

  const quitGuard = installQuitGuard({
    app,
    ask: (options) => electron.dialog.showMessageBox(options),
    pages: () => [...statuses.values()].map(({ contents, status }) => ({ contents, status })),
  })

  /**
   * The club's media nodes for the page's policy: the configured ones and those the club server names
   * now (remembered for a start that cannot reach it), else those it named last time.
   */
  const mediaOrigins = async (): Promise<string[]> => {
    const remembered = settings.read().mediaOrigins ?? []
    const learned = await learnMediaOrigins({ serverOrigin: location.serverOrigin, fetch: (url) => electron.net.fetch(url) })
    if (learned && learned.join(' ') !== remembered.join(' ')) settings.update({ mediaOrigins: learned })
    return mediaOriginsOf([...configuredMedia, ...(learned ?? remembered)])
  }

  app
    .whenReady()
    .then(mediaOrigins)
    .then((media) => {
      const policy = buildContentSecurityPolicy(location, media)
      if (location.kind === 'scheme') {
        electron.protocol.handle(
          appScheme,
          createAppProtocolHandler({
            rootDir: run.rendererDir,
            headers: { 'Content-Security-Policy': policy },
            uploads: { origin: location.serverOrigin, fetch: (url) => electron.net.fetch(url) },
          }),
        )
      }
      secureSession(electron.session.defaultSession, location, media)
      const registry = createIpcRegistry(electron.ipcMain, (event) => isAppUrl(event.senderFrame?.url, location))
      const windowOf = (contents: WebContents) => electron.BrowserWindow.fromWebContents(contents)
      indicators = createShellIndicators({
        createTray: () => {
          try {
            return new electron.Tray(run.trayIconPath)
          } catch (error) {
            console.warn('No tray on this desktop', error)
            return null
          }
        },
        buildMenu: (template) => electron.Menu.buildFromTemplate(template),
        setBadgeCount: (count) => app.setBadgeCount(count),
        setDockMenu: app.dock ? (menu) => app.dock?.setMenu(menu as Menu) : undefined,
        actions: { open: () => show(), openMessages: () => show('/messages'), quit: () => app.quit() },
      })
      const admin = createAdminWindowOpener((route) => openWindow(route, false))
      registerIpcHandlers(registry, {
        app: { version: () => app.getVersion(), updateState: () => updates?.shown() ?? null, installUpdate: async () => (await updates?.install()) ?? false },
        notifications: createNativeNotifications(electron.Notification, windowOf, () => indicators?.notified()),
        windows: { isFocused: (contents) => windowOf(contents)?.isFocused() ?? false },
        shell: {
          openAdminWindow: () => admin.open(),
          reportStatus: (status, contents) => {
            statuses.set(contents.id, { contents, status })
            if (mainWindow && !mainWindow.isDestroyed() && mainWindow.webContents === contents) indicators?.update(status)
          },
          chooseServer: (origin) => {
            settings.update({ serverOrigin: origin })
            app.relaunch()
            app.quit()
          },
          readyToQuit: (contents) => quitGuard.pageReady(contents),
        },
      })
      if (electron.autoUpdater) {
        updates = startUpdateFlow({
          updater: electron.autoUpdater,
          feedUrl: run.updateFeedUrl,
          packaged: app.isPackaged,
          ask: (options) => electron.dialog.showMessageBox(options),
          report: (state) => {
            if (!mainWindow || mainWindow.isDestroyed()) return
            mainWindow.setProgressBar(state.phase === 'downloading' ? state.percent / 100 : -1)
            mainWindow.webContents.send(desktopEvents.updateState, state)
          },
          labels: () => indicators?.status()?.labels ?? defaultLabels,
          log: (message, error) => console.warn(message, error ?? ''),
        })
      }
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

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { desktopChannels, desktopEvents, serverOriginSwitch, serverUnchosenSwitch, type DesktopStatus } from '../../../electron/common/bridge'
import type { DesktopElectron, DesktopRun, startDesktopApp as StartDesktopApp } from '../../../electron/main/desktop-app'
import { defaultLabels } from '../../../electron/main/status'
import { FakeEmitter, fakeEvent, fakeSession } from './fakes'

let nextContentsId = 1

function fakeElectron(options: { lock?: boolean; displays?: { x: number; y: number; width: number; height: number }[] } = {}) {
  let markReady: () => void = () => {}
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve))
  const app = Object.assign(new FakeEmitter(), {
    enableSandbox: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => options.lock ?? true),
    quit: vi.fn(() => {
      const event = fakeEvent()
      app.emit('before-quit', event)
      if (!event.defaultPrevented()) app.quitted = true
    }),
    quitted: false,
    whenReady: vi.fn(() => readyPromise),
    getVersion: vi.fn(() => '1.2.3'),
    setAsDefaultProtocolClient: vi.fn(() => true),
    setBadgeCount: vi.fn(() => true),
    relaunch: vi.fn(),
    isPackaged: false,
  })
  const windows: FakeWindow[] = []
  class FakeWindow extends FakeEmitter {
    readonly loadURL = vi.fn(() => Promise.resolve())
    readonly show = vi.fn()
    readonly focus = vi.fn()
    readonly restore = vi.fn()
    readonly maximize = vi.fn()
    readonly setProgressBar = vi.fn()
    readonly isMinimized = vi.fn(() => false)
    readonly isFocused = vi.fn(() => true)
    readonly isMaximized = vi.fn(() => false)
    readonly getNormalBounds = vi.fn(() => ({ x: 40, y: 30, width: 1100, height: 700 }))
    readonly webContents = { id: nextContentsId++, send: vi.fn(), isDestroyed: () => false }
    destroyed = false
    readonly isDestroyed = () => this.destroyed
    constructor(readonly options: any) {
      super()
      windows.push(this)
    }
    static fromWebContents = vi.fn((contents: unknown) => windows.find((window) => window.webContents === contents) ?? null)
  }
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  const ipcMain = { handle: vi.fn((channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => void handlers.set(channel, handler)) }
  const session = fakeSession()
  class FakeNotification extends FakeEmitter {
    static isSupported = () => true
    readonly show = vi.fn()
    constructor(readonly options: unknown) {
      super()
    }
  }
  const trays: FakeTray[] = []
  class FakeTray extends FakeEmitter {
    readonly setToolTip = vi.fn()
    readonly setContextMenu = vi.fn()
    readonly destroy = vi.fn()
    constructor(readonly icon: string) {
      super()
      trays.push(this)
    }
  }
  const protocol = { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }
  const dialog = { showMessageBox: vi.fn(() => Promise.resolve({ response: 0, checkboxChecked: false })) }
  const electron = {
    app,
    BrowserWindow: FakeWindow,
    ipcMain,
    session: { defaultSession: session },
    shell: { openExternal: vi.fn(() => Promise.resolve()) },
    Notification: FakeNotification,
    protocol,
    net: { fetch: vi.fn(() => Promise.resolve(new Response('img', { headers: { 'content-type': 'image/png' } }))) },
    dialog,
    screen: { getAllDisplays: () => (options.displays ?? [{ x: 0, y: 0, width: 1920, height: 1080 }]).map((workArea) => ({ workArea })) },
    Tray: FakeTray,
    Menu: { buildFromTemplate: vi.fn((template: unknown) => ({ template })) },
  }
  const invoke = (channel: string, window: FakeWindow | undefined, ...args: unknown[]) =>
    handlers.get(channel)!({ sender: window?.webContents, senderFrame: { url: 'app://mafia/main' } }, ...args)
  return {
    electron: electron as unknown as DesktopElectron,
    app,
    windows,
    trays,
    handlers,
    invoke,
    session,
    protocol,
    dialog,
    ready: async () => (markReady(), await vi.waitFor(() => expect(windows.length).toBeGreaterThan(0))),
  }
}

function run(overrides: Partial<DesktopRun> = {}): DesktopRun {
  const dir = mkdtempSync(join(tmpdir(), 'mafia-desktop-'))
  const rendererDir = join(dir, 'renderer')
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<html><head><title>Mafia</title></head><body></body></html>')
  writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
  return {
    appUrl: undefined,
    serverUrl: undefined,
    rendererDir,
    preloadPath: '/opt/mafia/dist/electron/preload/preload.js',
    settingsPath: join(dir, 'settings', 'desktop-settings.json'),
    trayIconPath: '/opt/mafia/build/icons/tray.png',
    argv: ['/opt/mafia/mafia-table'],
    defaultApp: false,
    execPath: '/opt/mafia/mafia-table',
    platform: 'linux',
    ...overrides,
  }
}

function status(overrides: Partial<DesktopStatus> = {}): DesktopStatus {
  return { online: true, unread: 0, seatedInRunningGame: false, labels: { ...defaultLabels, online: 'En ligne', unread: 'Non lus : {{count}}' }, ...overrides }
}

let startDesktopApp: typeof StartDesktopApp

beforeEach(async () => {
  vi.resetModules()
  ;({ startDesktopApp } = await import('../../../electron/main/desktop-app'))
})

describe('starting the desktop app', () => {
  it('registers its scheme as privileged first, then quits at once when another instance holds the lock', () => {
    const fake = fakeElectron({ lock: false })
    startDesktopApp(fake.electron, run())
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, stream: true } },
    ])
    expect(fake.app.quit).toHaveBeenCalled()
    expect(fake.app.whenReady).not.toHaveBeenCalled()
    expect(fake.app.listenerCount('second-instance')).toBe(0)
  })

  it('on first start serves its pages from app://mafia and opens the server choice, with the default server', async () => {
    const fake = fakeElectron()
    const given = run()
    startDesktopApp(fake.electron, given)
    expect(fake.app.enableSandbox).toHaveBeenCalled()
    expect(fake.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('mafia')
    expect(fake.windows).toHaveLength(0)

    await fake.ready()
    expect(fake.session.setPermissionRequestHandler).toHaveBeenCalled()
    expect([...fake.handlers.keys()].sort()).toEqual(Object.values(desktopChannels).sort())
    const [window] = fake.windows
    expect(window?.loadURL).toHaveBeenCalledWith('app://mafia/desktop/server')
    expect(window?.options.webPreferences.additionalArguments).toEqual([`${serverOriginSwitch}https://play.mafia-table.club`, serverUnchosenSwitch])
    expect(window?.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, preload: given.preloadPath })

    // The scheme's handler serves the build, with the app's policy naming the club server.
    const [scheme, handler] = fake.protocol.handle.mock.calls[0] as unknown as [string, (request: Request) => Promise<Response>]
    expect(scheme).toBe('app')
    const page = await handler(new Request('app://mafia/mafia/12'))
    expect(await page.text()).toContain('<base href="/" />')
    expect(page.headers.get('content-security-policy')).toContain('connect-src \'self\' https://play.mafia-table.club wss://play.mafia-table.club')
    const upload = await handler(new Request('app://mafia/uploads/avatar-1.png'))
    expect(await upload.text()).toBe('img')
    expect(fake.electron.net.fetch).toHaveBeenCalledWith('https://play.mafia-table.club/uploads/avatar-1.png')
  })

  it('lets its pages reach the media nodes the club server names, remembered for a start that cannot reach it', async () => {
    const nodes = "default-src 'self'; connect-src 'self' wss://play.mafia-table.club wss://media-1.mafia-table.club:8443"
    const fake = fakeElectron()
    const given = run()
    vi.mocked(fake.electron.net.fetch).mockImplementation(async (url: string) =>
      url.endsWith('/api/health') ? new Response('{}', { headers: { 'Content-Security-Policy': nodes } }) : new Response('img'),
    )
    startDesktopApp(fake.electron, given)
    await fake.ready()
    expect(fake.electron.net.fetch).toHaveBeenCalledWith('https://play.mafia-table.club/api/health')
    const policyOf = async (protocol: typeof fake.protocol) => {
      const [, handler] = protocol.handle.mock.calls[0] as unknown as [string, (request: Request) => Promise<Response>]
      return (await handler(new Request('app://mafia/mafia/12'))).headers.get('content-security-policy') ?? ''
    }
    expect(await policyOf(fake.protocol)).toContain('wss://play.mafia-table.club wss://media-1.mafia-table.club:8443;')
    expect(await policyOf(fake.protocol)).not.toContain('media-2')
    expect(JSON.parse(readFileSync(given.settingsPath, 'utf8')).mediaOrigins).toEqual(['wss://media-1.mafia-table.club:8443'])

    // The next start finds the server down: the nodes it named last time are still allowed.
    vi.resetModules()
    ;({ startDesktopApp } = await import('../../../electron/main/desktop-app'))
    const offline = fakeElectron()
    vi.mocked(offline.electron.net.fetch).mockImplementation(() => Promise.reject(new Error('offline')))
    startDesktopApp(offline.electron, given)
    await offline.ready()
    expect(await policyOf(offline.protocol)).toContain('wss://media-1.mafia-table.club:8443')
  })

  it('remembers the chosen server: a valid choice is saved and the app restarts on it; a refused one changes nothing', async () => {
    const fake = fakeElectron()
    const given = run()
    startDesktopApp(fake.electron, given)
    await fake.ready()
    const window = fake.windows[0]
    expect(await fake.invoke(desktopChannels.chooseServer, window, 'http://club.example.org')).toEqual({ ok: false, reason: 'not_secure' })
    expect(await fake.invoke(desktopChannels.chooseServer, window, 'https://club.example.org/lobby')).toEqual({ ok: false, reason: 'has_path' })
    expect(fake.app.relaunch).not.toHaveBeenCalled()
    expect(await fake.invoke(desktopChannels.chooseServer, window, 'https://club.example.org/')).toEqual({ ok: true })
    expect(JSON.parse(readFileSync(given.settingsPath, 'utf8'))).toMatchObject({ serverOrigin: 'https://club.example.org' })
    expect(fake.app.relaunch).toHaveBeenCalled()
    expect(fake.app.quitted).toBe(true)

    // The next start talks to it and opens the home page.
    vi.resetModules()
    const next = fakeElectron()
    ;(await import('../../../electron/main/desktop-app')).startDesktopApp(next.electron, { ...given, argv: ['/opt/mafia/mafia-table'] })
    await next.ready()
    expect(next.windows[0]?.loadURL).toHaveBeenCalledWith('app://mafia/')
    expect(next.windows[0]?.options.webPreferences.additionalArguments).toEqual([`${serverOriginSwitch}https://club.example.org`])
  })

  it('opens MAFIA_APP_URL instead of its pages, and refuses an insecure app or server address', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ appUrl: 'http://localhost:8080' }))
    await fake.ready()
    expect(fake.windows[0]?.loadURL).toHaveBeenCalledWith('http://localhost:8080/')
    expect(fake.protocol.handle).not.toHaveBeenCalled()

    for (const bad of [{ appUrl: 'http://example.com' }, { serverUrl: 'http://club.example.org' }]) {
      vi.resetModules()
      const fresh = await import('../../../electron/main/desktop-app')
      expect(() => fresh.startDesktopApp(fakeElectron().electron, run(bad))).toThrow(/MAFIA_APP_URL|MAFIA_SERVER_URL: The server address must start with https/)
    }
  })

  it('refuses to start twice', () => {
    startDesktopApp(fakeElectron().electron, run())
    expect(() => startDesktopApp(fakeElectron().electron, run())).toThrow(/already started/)
  })

  it('answers IPC from the app page only', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run())
    await fake.ready()
    const version = fake.handlers.get(desktopChannels.appVersion)!
    expect(await version({ sender: {}, senderFrame: { url: 'app://mafia/main' } })).toBe('1.2.3')
    await expect(version({ sender: {}, senderFrame: { url: 'https://play.mafia-table.club/' } })).rejects.toThrow(/Refused/)
    await expect(version({ sender: {}, senderFrame: { url: 'app://evil/' } })).rejects.toThrow(/Refused/)
  })
})

describe('mafia:// links', () => {
  it('open their route when the app is started by one; a bad one opens the error screen', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ serverUrl: 'https://club.example.org', argv: ['/opt/mafia/mafia-table', 'mafia://confirm/Zk3_x-9aQ2bT7yWvLmN0pR4s'] }))
    await fake.ready()
    expect(fake.windows[0]?.loadURL).toHaveBeenCalledWith('app://mafia/confirm/Zk3_x-9aQ2bT7yWvLmN0pR4s')

    vi.resetModules()
    const bad = fakeElectron()
    ;(await import('../../../electron/main/desktop-app')).startDesktopApp(bad.electron, run({ serverUrl: 'https://club.example.org', argv: ['/x', 'mafia://admin/users'] }))
    await bad.ready()
    expect(bad.windows[0]?.loadURL).toHaveBeenCalledWith('app://mafia/desktop/link-error')
  })

  it('arriving before ready (macOS open-url) open the table once the window exists', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ appUrl: 'https://play.example.com', platform: 'darwin' }))
    const event = fakeEvent()
    fake.app.emit('open-url', event, 'mafia://mafia/7')
    expect(event.defaultPrevented()).toBe(true)
    await fake.ready()
    expect(fake.windows).toHaveLength(1)
    expect(fake.windows[0]?.loadURL).toHaveBeenCalledWith('https://play.example.com/mafia/7')
  })

  it('handed over by a second instance bring the window to the front and the page opens the route; bad ones the error screen', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ serverUrl: 'https://club.example.org' }))
    await fake.ready()
    const [window] = fake.windows
    fake.app.emit('second-instance', fakeEvent(), ['/opt/mafia/mafia-table', 'mafia://mafia/99'], '/home/me')
    expect(window?.focus).toHaveBeenCalled()
    expect(window?.webContents.send).toHaveBeenLastCalledWith(desktopEvents.navigate, '/mafia/99')
    fake.app.emit('second-instance', fakeEvent(), ['/opt/mafia/mafia-table', 'mafia://evil/1'], '/home/me')
    expect(window?.webContents.send).toHaveBeenLastCalledWith(desktopEvents.navigate, '/desktop/link-error')
    fake.app.emit('open-url', fakeEvent(), 'mafia://mafia/1?next=https://evil.example.com')
    expect(window?.webContents.send).toHaveBeenLastCalledWith(desktopEvents.navigate, '/desktop/link-error')
    // A second launch without a link only brings the window to the front.
    fake.app.emit('second-instance', fakeEvent(), ['/opt/mafia/mafia-table'], '/home/me')
    expect(window?.focus).toHaveBeenCalledTimes(4)
    expect(window?.webContents.send).toHaveBeenCalledTimes(3)
    expect(fake.windows).toHaveLength(1)
    expect(window?.loadURL).toHaveBeenCalledTimes(1)
  })
})

describe('windows', () => {
  it('reopen on activate after the window was closed, and the app quits when all close (except on macOS)', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run())
    await fake.ready()
    const [first] = fake.windows
    first!.destroyed = true
    first!.emit('closed')
    fake.app.emit('activate')
    expect(fake.windows).toHaveLength(2)
    fake.app.emit('window-all-closed')
    expect(fake.app.quit).toHaveBeenCalled()

    vi.resetModules()
    const mac = fakeElectron()
    ;(await import('../../../electron/main/desktop-app')).startDesktopApp(mac.electron, run({ platform: 'darwin' }))
    mac.app.emit('window-all-closed')
    expect(mac.app.quit).not.toHaveBeenCalled()
  })

  it('the main window reopens where it was closed, maximised if it was', async () => {
    const fake = fakeElectron()
    const given = run({ serverUrl: 'https://club.example.org' })
    startDesktopApp(fake.electron, given)
    await fake.ready()
    const [window] = fake.windows
    window!.isMaximized.mockReturnValue(true)
    window!.emit('close')
    expect(JSON.parse(readFileSync(given.settingsPath, 'utf8')).mainWindow).toEqual({ x: 40, y: 30, width: 1100, height: 700, maximized: true })

    vi.resetModules()
    const next = fakeElectron()
    ;(await import('../../../electron/main/desktop-app')).startDesktopApp(next.electron, given)
    await next.ready()
    expect(next.windows[0]?.options).toMatchObject({ x: 40, y: 30, width: 1100, height: 700 })
    next.windows[0]!.emit('ready-to-show')
    expect(next.windows[0]?.maximize).toHaveBeenCalled()

    // Its screen is gone: the default size, placed by the system.
    vi.resetModules()
    const moved = fakeElectron({ displays: [{ x: 3000, y: 0, width: 1280, height: 720 }] })
    ;(await import('../../../electron/main/desktop-app')).startDesktopApp(moved.electron, given)
    await moved.ready()
    expect(moved.windows[0]?.options).toMatchObject({ width: 1280, height: 800 })
    expect(moved.windows[0]?.options.x).toBeUndefined()
  })

  it('the admin window opens from the bridge, once: asking again brings it to the front', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ serverUrl: 'https://club.example.org' }))
    await fake.ready()
    const [main] = fake.windows
    expect(await fake.invoke(desktopChannels.openAdminWindow, main)).toBe(true)
    expect(fake.windows).toHaveLength(2)
    const admin = fake.windows[1]!
    expect(admin.loadURL).toHaveBeenCalledWith('app://mafia/admin/dashboard')
    expect(admin.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false })
    expect(admin.options.x).toBeUndefined()
    await fake.invoke(desktopChannels.openAdminWindow, main)
    expect(fake.windows).toHaveLength(2)
    expect(admin.focus).toHaveBeenCalled()
    admin.destroyed = true
    admin.emit('closed')
    await fake.invoke(desktopChannels.openAdminWindow, main)
    expect(fake.windows).toHaveLength(3)
  })
})

describe('the tray, the badge and notifications', () => {
  it('show the status and unread count the main page reports, in its language; a bad status is refused', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ serverUrl: 'https://club.example.org' }))
    await fake.ready()
    const [tray] = fake.trays
    expect(tray?.icon).toBe('/opt/mafia/build/icons/tray.png')
    expect(tray?.setToolTip).toHaveBeenLastCalledWith('Mafia Table · Offline')
    await fake.invoke(desktopChannels.reportStatus, fake.windows[0], status({ unread: 3 }))
    expect(tray?.setToolTip).toHaveBeenLastCalledWith('Mafia Table · En ligne · Non lus : 3')
    expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(3)
    const menu = tray?.setContextMenu.mock.lastCall?.[0] as { template: { id?: string; label?: string; click?: () => void }[] }
    expect(menu.template.map((item) => item.label).filter(Boolean)).toEqual(['En ligne', 'Non lus : 3', 'Open Mafia Table', 'Quit'])
    menu.template.find((item) => item.id === 'unread')?.click?.()
    expect(fake.windows[0]?.webContents.send).toHaveBeenLastCalledWith(desktopEvents.navigate, '/messages')
    menu.template.find((item) => item.id === 'quit')?.click?.()
    expect(fake.app.quit).toHaveBeenCalled()

    await expect(fake.invoke(desktopChannels.reportStatus, fake.windows[0], { ...status(), unread: -1 })).rejects.toThrow(/unread/)
    await expect(fake.invoke(desktopChannels.reportStatus, fake.windows[0], { ...status(), labels: { quit: 'x' } })).rejects.toThrow(/labels/)
  })

  it('a notification shown while unfocused counts on the badge until the window has the focus, and its click opens its route', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ serverUrl: 'https://club.example.org' }))
    await fake.ready()
    const [window] = fake.windows
    fake.app.setBadgeCount.mockClear()
    await fake.invoke(desktopChannels.showNotification, window, { title: 'Anna', body: 'Hi', route: '/chat/12' })
    await fake.invoke(desktopChannels.showNotification, window, { title: 'Boris', body: 'wants to be friends', route: '/friends' })
    expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(2)
    window!.emit('focus')
    expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(0)
    await expect(fake.invoke(desktopChannels.showNotification, window, { title: 'x', body: 'y', route: 'https://evil.example.com/' })).rejects.toThrow(/route/)
  })
})

describe('quitting', () => {
  it('while seated in a running game asks first; "cancel" keeps the app open', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ serverUrl: 'https://club.example.org' }))
    await fake.ready()
    const [window] = fake.windows
    await fake.invoke(desktopChannels.reportStatus, window, status({ seatedInRunningGame: true, labels: { ...defaultLabels, quitQuestion: 'Quitter la partie ?' } }))
    fake.dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false })
    fake.app.quit()
    await vi.waitFor(() => expect(fake.dialog.showMessageBox).toHaveBeenCalledWith(expect.objectContaining({ message: 'Quitter la partie ?', cancelId: 1 })))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(window?.webContents.send).not.toHaveBeenCalledWith(desktopEvents.quitting)
    expect(fake.app.quitted).toBe(false)

    // Confirmed: the page is told to leave its table, and the app closes once it is ready.
    fake.app.quit()
    await vi.waitFor(() => expect(window?.webContents.send).toHaveBeenCalledWith(desktopEvents.quitting))
    expect(fake.app.quitted).toBe(false)
    await fake.invoke(desktopChannels.readyToQuit, window)
    expect(fake.app.quitted).toBe(true)
  })

  it('not seated: no question, the page still leaves cleanly before the app closes', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ serverUrl: 'https://club.example.org' }))
    await fake.ready()
    const [window] = fake.windows
    await fake.invoke(desktopChannels.reportStatus, window, status())
    fake.app.quit()
    await vi.waitFor(() => expect(window?.webContents.send).toHaveBeenCalledWith(desktopEvents.quitting))
    expect(fake.dialog.showMessageBox).not.toHaveBeenCalled()
    await fake.invoke(desktopChannels.readyToQuit, window)
    expect(fake.app.quitted).toBe(true)
  })
})

describe('updates in the installed app', () => {
  it('reach the page with their progress (and the task bar), and restart only when the page asks and the user says yes', async () => {
    const fake = fakeElectron()
    const updater = Object.assign(new FakeEmitter(), {
      autoDownload: false,
      autoInstallOnAppQuit: true,
      setFeedURL: vi.fn(),
      checkForUpdates: vi.fn(() => Promise.resolve(null)),
      quitAndInstall: vi.fn(),
    })
    Object.assign(fake.electron, { autoUpdater: updater })
    fake.app.isPackaged = true
    startDesktopApp(fake.electron, run({ serverUrl: 'https://club.example.org' }))
    await fake.ready()
    const [window] = fake.windows
    expect(await fake.invoke(desktopChannels.updateState, window)).toBeNull()
    // Nothing downloaded: asking for the restart installs nothing and asks nothing.
    expect(await fake.invoke(desktopChannels.installUpdate, window)).toBe(false)

    updater.emit('update-available', {})
    updater.emit('download-progress', { percent: 25 })
    expect(window?.webContents.send).toHaveBeenLastCalledWith(desktopEvents.updateState, { phase: 'downloading', percent: 25 })
    expect(window?.setProgressBar).toHaveBeenLastCalledWith(0.25)
    updater.emit('update-downloaded', {})
    expect(window?.webContents.send).toHaveBeenLastCalledWith(desktopEvents.updateState, { phase: 'ready' })
    expect(window?.setProgressBar).toHaveBeenLastCalledWith(-1)
    // A page that loads now learns it at once.
    expect(await fake.invoke(desktopChannels.updateState, window)).toEqual({ phase: 'ready' })
    expect(fake.dialog.showMessageBox).not.toHaveBeenCalled()

    fake.dialog.showMessageBox.mockResolvedValueOnce({ response: 1, checkboxChecked: false })
    expect(await fake.invoke(desktopChannels.installUpdate, window)).toBe(false)
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    expect(await fake.invoke(desktopChannels.installUpdate, window)).toBe(true)
    expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(2)
    expect(updater.quitAndInstall).toHaveBeenCalledWith(false, true)
  })
})

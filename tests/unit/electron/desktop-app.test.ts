import { beforeEach, describe, expect, it, vi } from 'vitest'
import { desktopChannels } from '../../../electron/common/bridge'
import { buildMainWindowOptions } from '../../../electron/main/windows'
import type { DesktopElectron, DesktopRun, startDesktopApp as StartDesktopApp } from '../../../electron/main/desktop-app'
import { FakeEmitter, fakeEvent, fakeSession } from './fakes'

function fakeElectron(options: { lock?: boolean } = {}) {
  let markReady: () => void = () => {}
  const readyPromise = new Promise<void>((resolve) => (markReady = resolve))
  const app = Object.assign(new FakeEmitter(), {
    enableSandbox: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => options.lock ?? true),
    quit: vi.fn(),
    whenReady: vi.fn(() => readyPromise),
    getVersion: vi.fn(() => '1.2.3'),
    setAsDefaultProtocolClient: vi.fn(() => true),
  })
  const windows: FakeWindow[] = []
  class FakeWindow extends FakeEmitter {
    readonly loadURL = vi.fn(() => Promise.resolve())
    readonly show = vi.fn()
    readonly focus = vi.fn()
    readonly restore = vi.fn()
    readonly isMinimized = vi.fn(() => false)
    readonly isFocused = vi.fn(() => true)
    destroyed = false
    readonly isDestroyed = () => this.destroyed
    constructor(readonly options: unknown) {
      super()
      windows.push(this)
    }
    static fromWebContents = vi.fn(() => windows[0] ?? null)
  }
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  const ipcMain = { handle: vi.fn((channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => void handlers.set(channel, handler)) }
  const session = fakeSession()
  class FakeNotification extends FakeEmitter {
    static isSupported = () => true
    readonly show = vi.fn()
  }
  const electron = { app, BrowserWindow: FakeWindow, ipcMain, session: { defaultSession: session }, shell: { openExternal: vi.fn(() => Promise.resolve()) }, Notification: FakeNotification }
  return { electron: electron as unknown as DesktopElectron, app, windows, handlers, session, ready: async () => (markReady(), await vi.waitFor(() => expect(windows.length).toBeGreaterThan(0))) }
}

function run(overrides: Partial<DesktopRun> = {}): DesktopRun {
  return {
    appUrl: undefined,
    rendererIndexPath: '/opt/mafia/dist/renderer/index.html',
    preloadPath: '/opt/mafia/dist/electron/preload/preload.js',
    argv: ['/opt/mafia/mafia-table'],
    defaultApp: false,
    execPath: '/opt/mafia/mafia-table',
    platform: 'linux',
    ...overrides,
  }
}

let startDesktopApp: typeof StartDesktopApp

beforeEach(async () => {
  vi.resetModules()
  ;({ startDesktopApp } = await import('../../../electron/main/desktop-app'))
})

describe('starting the desktop app', () => {
  it('quits at once when another instance holds the lock, opening nothing', () => {
    const fake = fakeElectron({ lock: false })
    startDesktopApp(fake.electron, run())
    expect(fake.app.quit).toHaveBeenCalled()
    expect(fake.app.whenReady).not.toHaveBeenCalled()
    expect(fake.app.listenerCount('second-instance')).toBe(0)
  })

  it('locks down before ready, then secures the session, registers IPC and opens the window', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run())
    expect(fake.app.enableSandbox).toHaveBeenCalled()
    expect(fake.app.listenerCount('web-contents-created')).toBe(1)
    expect(fake.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('mafia')
    expect(fake.windows).toHaveLength(0)

    await fake.ready()
    expect(fake.session.setPermissionRequestHandler).toHaveBeenCalled()
    expect(fake.session.webRequest.onHeadersReceived).toHaveBeenCalled()
    expect([...fake.handlers.keys()].sort()).toEqual(Object.values(desktopChannels).sort())
    const [window] = fake.windows
    expect(window?.options).toEqual(buildMainWindowOptions('/opt/mafia/dist/electron/preload/preload.js'))
    expect(window?.loadURL).toHaveBeenCalledWith('file:///opt/mafia/dist/renderer/index.html')
  })

  it('opens MAFIA_APP_URL instead of the build, and refuses an insecure one', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ appUrl: 'http://localhost:8080' }))
    await fake.ready()
    expect(fake.windows[0]?.loadURL).toHaveBeenCalledWith('http://localhost:8080/')

    vi.resetModules()
    const fresh = await import('../../../electron/main/desktop-app')
    expect(() => fresh.startDesktopApp(fakeElectron().electron, run({ appUrl: 'http://example.com' }))).toThrow(/MAFIA_APP_URL/)
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
    expect(await version({ sender: {}, senderFrame: { url: 'file:///opt/mafia/dist/renderer/index.html' } })).toBe('1.2.3')
    expect(() => version({ sender: {}, senderFrame: { url: 'https://evil.example.com/' } })).toThrow(/Refused/)
    const focused = fake.handlers.get(desktopChannels.isWindowFocused)!
    expect(await focused({ sender: {}, senderFrame: { url: 'file:///opt/mafia/dist/renderer/index.html' } })).toBe(true)
  })
})

describe('mafia:// links', () => {
  it('open the table when the app is started by one', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run({ argv: ['/opt/mafia/mafia-table', 'mafia://mafia/12'] }))
    await fake.ready()
    expect(fake.windows[0]?.loadURL).toHaveBeenCalledWith('file:///opt/mafia/dist/renderer/index.html#/mafia/12')
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

  it('handed over by a second instance bring the window to the front at the table', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run())
    await fake.ready()
    const [window] = fake.windows
    fake.app.emit('second-instance', fakeEvent(), ['/opt/mafia/mafia-table', 'mafia://mafia/99'], '/home/me')
    expect(window?.focus).toHaveBeenCalled()
    expect(window?.loadURL).toHaveBeenLastCalledWith('file:///opt/mafia/dist/renderer/index.html#/mafia/99')
    expect(fake.windows).toHaveLength(1)
  })

  it('that are not table links only bring the window to the front', async () => {
    const fake = fakeElectron()
    startDesktopApp(fake.electron, run())
    await fake.ready()
    const [window] = fake.windows
    fake.app.emit('second-instance', fakeEvent(), ['/opt/mafia/mafia-table', 'mafia://evil/1'], '/home/me')
    fake.app.emit('open-url', fakeEvent(), 'mafia://mafia/1?next=https://evil.example.com')
    expect(window?.focus).toHaveBeenCalledTimes(2)
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
})

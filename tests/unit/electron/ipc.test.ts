import { describe, expect, it, vi } from 'vitest'
import { desktopChannels } from '../../../electron/common/bridge'
import { registerIpcHandlers, type IpcServices } from '../../../electron/main/ipc'
import { registerAppIpc } from '../../../electron/main/ipc/app'
import { createNativeNotifications, notificationLimits, parseNotificationContent, type NotificationClass } from '../../../electron/main/ipc/notifications'
import { createIpcRegistry } from '../../../electron/main/ipc/registry'
import { FakeEmitter } from './fakes'

function fakeIpcMain() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>()
  return {
    handlers,
    handle: vi.fn((channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => {
      handlers.set(channel, handler)
    }),
  }
}

const appFrame = { sender: { id: 1 }, senderFrame: { url: 'http://localhost:8080/main' } }
const trustApp = (event: { senderFrame: { url: string } | null }) => event.senderFrame?.url.startsWith('http://localhost:8080/') === true

function services(): IpcServices {
  return {
    app: { version: () => '1.2.3' },
    notifications: { show: vi.fn() },
    windows: { isFocused: vi.fn(() => true) },
    shell: { openAdminWindow: vi.fn(), reportStatus: vi.fn(), chooseServer: vi.fn(), readyToQuit: vi.fn() },
  }
}

describe('the IPC registry', () => {
  it('registers a desktop channel once and refuses a second handler', () => {
    const ipcMain = fakeIpcMain()
    const registry = createIpcRegistry(ipcMain, trustApp as never)
    registry.handle('desktop:app:version', () => '1')
    expect(() => registry.handle('desktop:app:version', () => '2')).toThrow(/already has a handler/)
    expect(ipcMain.handle).toHaveBeenCalledTimes(1)
  })

  it('refuses channels without the desktop: prefix', () => {
    const ipcMain = fakeIpcMain()
    const registry = createIpcRegistry(ipcMain, trustApp as never)
    expect(() => registry.handle('ELECTRON_BROWSER_REQUIRE' as never, () => 1)).toThrow(/only desktop:\* channels/)
    expect(ipcMain.handle).not.toHaveBeenCalled()
  })

  it('answers the app and refuses any other sender', async () => {
    const ipcMain = fakeIpcMain()
    const log = vi.fn()
    const registry = createIpcRegistry(ipcMain, trustApp as never, log)
    const handler = vi.fn((_event: unknown, value: unknown) => value)
    registry.handle('desktop:test:echo', handler)
    const invoke = ipcMain.handlers.get('desktop:test:echo')!
    expect(await invoke(appFrame, 'hello')).toBe('hello')
    await expect(invoke({ sender: {}, senderFrame: { url: 'https://evil.example.com/' } }, 'x')).rejects.toThrow(/Refused desktop:test:echo/)
    await expect(invoke({ sender: {}, senderFrame: null }, 'x')).rejects.toThrow(/Refused/)
    expect(handler).toHaveBeenCalledTimes(1)
    expect(log.mock.calls).toEqual([['Refused desktop:test:echo from https://evil.example.com/'], ['Refused desktop:test:echo from a frame that is gone']])
  })

  it('refuses and logs a payload its handler refuses, without the payload', async () => {
    const ipcMain = fakeIpcMain()
    const log = vi.fn()
    registerIpcHandlers(createIpcRegistry(ipcMain, trustApp as never, log), services())
    await expect(ipcMain.handlers.get(desktopChannels.showNotification)!(appFrame, { title: 42, body: 'secret text' })).rejects.toThrow(TypeError)
    await expect(ipcMain.handlers.get(desktopChannels.reportStatus)!(appFrame, { online: 'yes' })).rejects.toThrow(TypeError)
    expect(log).toHaveBeenCalledTimes(2)
    expect(log.mock.calls[0]?.[0]).toMatch(/^Refused desktop:notifications:show: /)
    expect(JSON.stringify(log.mock.calls)).not.toContain('secret text')
  })
})

describe('the IPC handlers', () => {
  it('are registered on every bridge channel, and refuse to register twice', () => {
    const ipcMain = fakeIpcMain()
    const registry = createIpcRegistry(ipcMain, trustApp as never)
    registerIpcHandlers(registry, services())
    expect([...ipcMain.handlers.keys()].sort()).toEqual(Object.values(desktopChannels).sort())
    expect(() => registerIpcHandlers(registry, services())).toThrow(/already has a handler/)
    expect(() => registerAppIpc(registry, { version: () => '9' })).toThrow(/already has a handler/)
  })

  it('answer the version, the focus and show notifications', async () => {
    const ipcMain = fakeIpcMain()
    const given = services()
    registerIpcHandlers(createIpcRegistry(ipcMain, trustApp as never), given)
    const invoke = (channel: string, ...args: unknown[]) => ipcMain.handlers.get(channel)!(appFrame, ...args)
    expect(await invoke(desktopChannels.appVersion)).toBe('1.2.3')
    expect(await invoke(desktopChannels.isWindowFocused)).toBe(true)
    expect(given.windows.isFocused).toHaveBeenCalledWith(appFrame.sender)
    await invoke(desktopChannels.showNotification, { title: 'Anna', body: 'Hi!' })
    expect(given.notifications.show).toHaveBeenCalledWith({ title: 'Anna', body: 'Hi!' }, appFrame.sender)
    await expect(invoke(desktopChannels.showNotification, { title: 42 })).rejects.toThrow(TypeError)
    expect(given.notifications.show).toHaveBeenCalledTimes(1)
  })
})

describe('notification content from the renderer', () => {
  it('is two strings, with a title', () => {
    expect(parseNotificationContent({ title: 'Anna', body: '' })).toEqual({ title: 'Anna', body: '' })
    expect(parseNotificationContent({ title: 'Anna', body: 'Hi', icon: 'file:///etc/passwd' })).toEqual({ title: 'Anna', body: 'Hi' })
    expect(parseNotificationContent({ title: 'Anna', body: 'Hi', route: '/chat/12' })).toEqual({ title: 'Anna', body: 'Hi', route: '/chat/12' })
    for (const route of ['chat/12', '//evil.com/x', 'https://evil.com/', '/chat/../admin', '/chat?x=1', '/', 12]) {
      expect(() => parseNotificationContent({ title: 'Anna', body: 'Hi', route })).toThrow(/route/)
    }
    for (const payload of [undefined, null, 'Anna', [], { title: 'Anna' }, { body: 'Hi' }, { title: 1, body: 'Hi' }, { title: 'Anna', body: {} }, { title: '  ', body: 'Hi' }]) {
      expect(() => parseNotificationContent(payload)).toThrow(TypeError)
    }
  })

  it('is cut to what a notification can show', () => {
    const content = parseNotificationContent({ title: 'т'.repeat(500), body: '🙂'.repeat(2000) })
    expect(Array.from(content.title)).toHaveLength(notificationLimits.title)
    expect(Array.from(content.body)).toHaveLength(notificationLimits.body)
    expect(content.body.endsWith('…')).toBe(true)
  })
})

describe('native notifications', () => {
  class FakeNotification extends FakeEmitter {
    static supported = true
    static created: FakeNotification[] = []
    static isSupported() {
      return FakeNotification.supported
    }
    readonly show = vi.fn()
    constructor(readonly options: unknown) {
      super()
      FakeNotification.created.push(this)
    }
  }

  it('are silent (the page plays the sound) and bring the window to the front when clicked', () => {
    const window = { isDestroyed: () => false, isMinimized: () => true, restore: vi.fn(), show: vi.fn(), focus: vi.fn() }
    const notifications = createNativeNotifications(FakeNotification as unknown as NotificationClass, () => window)
    const contents = { send: vi.fn(), isDestroyed: () => false }
    notifications.show({ title: 'Anna', body: 'Hi', route: '/chat/12' }, contents as never)
    const [notification] = FakeNotification.created
    expect(notification?.options).toEqual({ title: 'Anna', body: 'Hi', silent: true })
    expect(notification?.show).toHaveBeenCalled()
    notification?.emit('click')
    expect(window.restore).toHaveBeenCalled()
    expect(window.focus).toHaveBeenCalled()
    expect(contents.send).toHaveBeenCalledWith('desktop:page:navigate', '/chat/12')
  })

  it('are skipped where the system has none', () => {
    FakeNotification.supported = false
    FakeNotification.created = []
    createNativeNotifications(FakeNotification as unknown as NotificationClass, () => null).show({ title: 'Anna', body: 'Hi' }, {} as never)
    expect(FakeNotification.created).toHaveLength(0)
    FakeNotification.supported = true
  })
})

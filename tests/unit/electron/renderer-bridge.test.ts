// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DesktopBridge } from '../../../electron/common/bridge'
import { notificationSoundUrl as desktopSoundUrl } from '../../../electron/common/notification-sound'
import packageJson from '../../../package.json'

async function loadBridge() {
  vi.resetModules()
  return import('../../../renderer/platform/bridge')
}

afterEach(() => {
  delete window.desktop
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the platform bridge', () => {
  it('is the desktop bridge when the preload exposed one', async () => {
    const desktop: DesktopBridge = {
      platform: 'linux',
      appVersion: () => Promise.resolve('9.9.9'),
      playNotificationSound: () => Promise.resolve(),
      showNotification: () => Promise.resolve(),
      isWindowFocused: () => Promise.resolve(true),
      serverOrigin: 'https://club.example.org',
      serverChosen: true,
      chooseServer: () => Promise.resolve({ ok: true }),
      openAdminWindow: () => Promise.resolve(true),
      reportStatus: () => Promise.resolve(),
      onNavigate: () => () => {},
      onQuitting: () => () => {},
      onUpdateState: () => () => {},
      installUpdate: () => Promise.resolve(false),
    }
    window.desktop = desktop
    const { platform, webBridge } = await loadBridge()
    expect(platform).toBe(desktop)
    expect(platform).not.toBe(webBridge)
  })

  it('is the web implementation in a browser', async () => {
    const { platform, webBridge } = await loadBridge()
    expect(platform).toBe(webBridge)
    expect(platform.platform).toBe('web')
    expect(await platform.appVersion()).toBe(packageJson.version)
    expect(await platform.openAdminWindow()).toBe(false)
    expect(await platform.chooseServer('https://club.example.org')).toEqual({ ok: false, reason: 'unsupported' })
  })

  it('addresses the server by path in a browser and by the chosen club server on the desktop', async () => {
    const { serverUrl, serverOriginOf } = await loadBridge()
    expect(serverUrl('/api/auth')).toBe('/api/auth')
    expect(serverUrl('/api/auth', 'https://club.example.org')).toBe('https://club.example.org/api/auth')
    expect(serverOriginOf('http://localhost:8080')).toBe('http://localhost:8080')
    expect(serverOriginOf('app://mafia', 'https://club.example.org')).toBe('https://club.example.org')
    for (const path of ['api/auth', '//evil.com/api', 'https://evil.com/']) expect(() => serverUrl(path, 'https://club.example.org')).toThrow(/Not a server path/)
  })
})

describe('the web implementation', () => {
  class FakeAudio {
    static played: string[] = []
    static outcome: () => Promise<void> = () => Promise.resolve()
    constructor(readonly src: string) {}
    play(): Promise<void> {
      FakeAudio.played.push(this.src)
      return FakeAudio.outcome()
    }
  }

  beforeEach(() => {
    FakeAudio.played = []
    vi.stubGlobal('Audio', FakeAudio)
  })

  it('plays the shipped sound from the server root, whatever the route', async () => {
    const { webBridge } = await loadBridge()
    window.history.replaceState(null, '', '/mafia/12')
    await webBridge.playNotificationSound()
    expect(FakeAudio.played).toEqual([`${window.location.origin}/sounds/notify.wav`])
  })

  it('resolves when the browser refuses to play', async () => {
    const { webBridge } = await loadBridge()
    FakeAudio.outcome = () => Promise.reject(new DOMException('play() failed because the user did not interact', 'NotAllowedError'))
    await expect(webBridge.playNotificationSound()).resolves.toBeUndefined()
    FakeAudio.outcome = () => {
      throw new Error('no audio device')
    }
    await expect(webBridge.playNotificationSound()).resolves.toBeUndefined()
    FakeAudio.outcome = () => Promise.resolve()
  })

  it('shows a Web Notification only with the permission', async () => {
    const shown: { title: string; options: NotificationOptions | undefined }[] = []
    class FakeNotification {
      static permission: NotificationPermission = 'default'
      onclick: (() => void) | null = null
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, options })
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification)
    const { webBridge } = await loadBridge()
    await webBridge.showNotification({ title: 'Anna', body: 'Hi' })
    FakeNotification.permission = 'denied'
    await webBridge.showNotification({ title: 'Anna', body: 'Hi' })
    expect(shown).toEqual([])
    FakeNotification.permission = 'granted'
    await webBridge.showNotification({ title: 'Anna', body: 'Hi' })
    expect(shown).toEqual([{ title: 'Anna', options: { body: 'Hi' } }])
  })

  it('does nothing where there are no Web Notifications, or they throw', async () => {
    vi.stubGlobal('Notification', undefined)
    const { webBridge } = await loadBridge()
    await expect(webBridge.showNotification({ title: 'Anna', body: 'Hi' })).resolves.toBeUndefined()
    vi.stubGlobal(
      'Notification',
      class {
        static permission = 'granted'
        constructor() {
          throw new TypeError('Illegal constructor: use ServiceWorkerRegistration.showNotification()')
        }
      },
    )
    await expect(webBridge.showNotification({ title: 'Anna', body: 'Hi' })).resolves.toBeUndefined()
  })

  it('reports the document focus', async () => {
    const { webBridge } = await loadBridge()
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    expect(await webBridge.isWindowFocused()).toBe(true)
    hasFocus.mockReturnValue(false)
    expect(await webBridge.isWindowFocused()).toBe(false)
  })

  it('finds the sound where the desktop preload finds it', async () => {
    const { notificationSoundUrl } = await loadBridge()
    for (const page of ['file:///opt/mafia/dist/renderer/index.html', 'file:///C:/Mafia/resources/renderer/index.html#/mafia/3', 'http://localhost:8080/', 'http://localhost:8080/mafia/12', 'https://play.example.com/admin/logs/app?x=1']) {
      expect(notificationSoundUrl(page)).toBe(desktopSoundUrl(page))
    }
    expect(notificationSoundUrl('file:///opt/mafia/dist/renderer/index.html#/mafia/3')).toBe('file:///opt/mafia/dist/renderer/sounds/notify.wav')
    expect(notificationSoundUrl('https://play.example.com/mafia/12')).toBe('https://play.example.com/sounds/notify.wav')
  })
})

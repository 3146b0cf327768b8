import { describe, expect, it, vi } from 'vitest'
import { resolveAppLocation } from '../../../electron/main/app-location'
import {
  buildContentSecurityPolicy,
  decideNavigation,
  decideWindowOpen,
  isPermissionGranted,
  secureApp,
  secureSession,
  secureWebContents,
  withContentSecurityPolicy,
} from '../../../electron/main/security'
import { askPermission, FakeEmitter, fakeEvent, fakeSession, FakeWebContents } from './fakes'

const schemeApp = resolveAppLocation(undefined, 'https://club.example.org')
const localServer = resolveAppLocation('http://localhost:8080', 'https://unused.example.org')
const secureServer = resolveAppLocation('https://play.example.com', 'https://unused.example.org')

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources]
    }),
  )
}

describe('the Content-Security-Policy', () => {
  it('allows scripts only from the app itself, never inline or eval', () => {
    for (const location of [schemeApp, localServer, secureServer]) {
      const policy = directives(buildContentSecurityPolicy(location))
      expect(policy.get('default-src')).toEqual(["'self'"])
      expect(policy.get('script-src')).toEqual(["'self'"])
    }
  })

  it('shuts out plugins, frames, foreign bases and being framed (the page\'s own base at its root is allowed)', () => {
    const policy = directives(buildContentSecurityPolicy(localServer))
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('frame-src')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
  })

  it('has no wildcard, no eval and no foreign host anywhere', () => {
    const policy = buildContentSecurityPolicy(secureServer)
    expect(policy).not.toMatch(/\*|unsafe-eval|https?:\/\//)
    expect(policy.match(/'unsafe-inline'/g)).toHaveLength(1)
    expect(directives(policy).get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
  })

  it('connects only to the app and its club server, over WebSockets too', () => {
    const scheme = directives(buildContentSecurityPolicy(schemeApp))
    expect(scheme.get('connect-src')).toEqual(["'self'", 'https://club.example.org', 'wss://club.example.org'])
    expect(scheme.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://club.example.org'])
    expect(buildContentSecurityPolicy(schemeApp)).not.toMatch(/\*|unsafe-eval/)
    expect(directives(buildContentSecurityPolicy(localServer)).get('connect-src')).toEqual(["'self'", 'ws://localhost:8080'])
    expect(directives(buildContentSecurityPolicy(secureServer)).get('connect-src')).toEqual(["'self'", 'wss://play.example.com'])
  })

  it('lets camera streams and the app media play', () => {
    expect(directives(buildContentSecurityPolicy(localServer)).get('media-src')).toEqual(["'self'", 'blob:', 'mediastream:'])
  })

  it('is added to the response headers, beside a policy the server sent', () => {
    expect(withContentSecurityPolicy({ 'Content-Type': ['text/html'] }, 'P')).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ['P'] })
    expect(withContentSecurityPolicy({ 'content-security-policy': ["default-src 'none'"], 'X-A': 'b' }, 'P')).toEqual({
      'X-A': ['b'],
      'Content-Security-Policy': ["default-src 'none'", 'P'],
    })
    expect(withContentSecurityPolicy(undefined, 'P')).toEqual({ 'Content-Security-Policy': ['P'] })
  })
})

describe('permissions', () => {
  it('grant camera and microphone to the app', () => {
    expect(isPermissionGranted({ permission: 'media', requestingUrl: 'http://localhost:8080/mafia/3', mediaTypes: ['audio', 'video'] }, localServer)).toBe(true)
    expect(isPermissionGranted({ permission: 'media', requestingUrl: 'app://mafia/mafia/3', mediaTypes: ['video'] }, schemeApp)).toBe(true)
    expect(isPermissionGranted({ permission: 'media', requestingUrl: 'http://localhost:8080/' }, localServer)).toBe(true)
  })

  it('deny camera and microphone to any other origin', () => {
    for (const requestingUrl of ['https://evil.example.com/', 'http://localhost:8081/', 'https://localhost:8080/', 'file:///tmp/evil.html', undefined, '']) {
      expect(isPermissionGranted({ permission: 'media', requestingUrl, mediaTypes: ['audio'] }, localServer)).toBe(false)
    }
    // The app's pages only: not the club server's own pages, nor a file, nor another app:// host.
    for (const requestingUrl of ['file:///tmp/evil.html', 'https://club.example.org/', 'app://evil/', 'http://localhost:8080/']) {
      expect(isPermissionGranted({ permission: 'media', requestingUrl, mediaTypes: ['audio'] }, schemeApp)).toBe(false)
    }
  })

  it('deny media other than camera and microphone', () => {
    expect(isPermissionGranted({ permission: 'media', requestingUrl: 'http://localhost:8080/', mediaTypes: ['audio', 'screen'] }, localServer)).toBe(false)
  })

  it.each(['notifications', 'geolocation', 'clipboard-read', 'display-capture', 'midiSysex', 'openExternal', 'fileSystem', 'hid', 'usb', 'serial', 'unknown', 'fullscreen', 'pointerLock'])(
    'deny %s, even to the app',
    (permission) => {
      expect(isPermissionGranted({ permission, requestingUrl: 'http://localhost:8080/' }, localServer)).toBe(false)
    },
  )
})

describe('navigation', () => {
  it('stays inside the app', () => {
    expect(decideNavigation('http://localhost:8080/main', localServer)).toBe('allow')
    expect(decideNavigation('app://mafia/main', schemeApp)).toBe('allow')
  })

  it('sends https links elsewhere to the browser and refuses everything else', () => {
    expect(decideNavigation('https://evil.example.com/', localServer)).toBe('open-externally')
    expect(decideNavigation('https://localhost:8080/', localServer)).toBe('open-externally')
    for (const address of ['http://example.com/', 'http://localhost:8081/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,x', 'smb://share/x', 'mafia://mafia/1', 'https://user:pw@example.com/', 'nonsense']) {
      expect(decideNavigation(address, localServer)).toBe('block')
    }
    expect(decideNavigation('file:///etc/passwd', schemeApp)).toBe('block')
    expect(decideNavigation('app://evil/', schemeApp)).toBe('block')
  })

  it('never opens a window: https links go to the browser, the rest nowhere', () => {
    expect(decideWindowOpen('https://www.youtube.com/watch?v=1')).toBe('open-externally')
    for (const address of ['http://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'about:blank', 'ms-settings:privacy', '']) expect(decideWindowOpen(address)).toBe('deny')
  })
})

describe('guarding web contents', () => {
  function guarded() {
    const contents = new FakeWebContents()
    const openExternal = vi.fn(() => Promise.resolve())
    secureWebContents(contents as never, localServer, openExternal)
    return { contents, openExternal }
  }

  it('denies window.open and hands https links to the browser', () => {
    const { contents, openExternal } = guarded()
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' })
    expect(openExternal).toHaveBeenCalledWith('https://example.com/')
    expect(contents.windowOpenHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(openExternal).toHaveBeenCalledTimes(1)
  })

  it('blocks frames from leaving the app and opens https links of the main frame in the browser', () => {
    const { contents, openExternal } = guarded()
    const inside = fakeEvent({ url: 'http://localhost:8080/main', isMainFrame: true })
    contents.emit('will-frame-navigate', inside)
    expect(inside.defaultPrevented()).toBe(false)

    const away = fakeEvent({ url: 'https://example.com/', isMainFrame: true })
    contents.emit('will-frame-navigate', away)
    expect(away.defaultPrevented()).toBe(true)
    expect(openExternal).toHaveBeenCalledWith('https://example.com/')

    const frame = fakeEvent({ url: 'https://ads.example.com/', isMainFrame: false })
    contents.emit('will-frame-navigate', frame)
    expect(frame.defaultPrevented()).toBe(true)
    expect(openExternal).toHaveBeenCalledTimes(1)

    const file = fakeEvent({ url: 'file:///etc/passwd', isMainFrame: true })
    contents.emit('will-frame-navigate', file)
    expect(file.defaultPrevented()).toBe(true)
    expect(openExternal).toHaveBeenCalledTimes(1)
  })

  it('blocks redirects away from the app and every webview', () => {
    const { contents, openExternal } = guarded()
    const away = fakeEvent({ url: 'https://example.com/' })
    contents.emit('will-redirect', away)
    expect(away.defaultPrevented()).toBe(true)
    const inside = fakeEvent({ url: 'http://localhost:8080/main' })
    contents.emit('will-redirect', inside)
    expect(inside.defaultPrevented()).toBe(false)
    const webview = fakeEvent()
    contents.emit('will-attach-webview', webview, {}, {})
    expect(webview.defaultPrevented()).toBe(true)
    expect(openExternal).not.toHaveBeenCalled()
  })
})

describe('securing the app', () => {
  it('sandboxes every renderer and guards every web contents created', () => {
    const app = Object.assign(new FakeEmitter(), { enableSandbox: vi.fn() })
    secureApp(app as never, localServer, vi.fn())
    expect(app.enableSandbox).toHaveBeenCalled()
    const contents = new FakeWebContents()
    app.emit('web-contents-created', {}, contents)
    expect(contents.windowOpenHandler).toBeDefined()
    expect(contents.listenerCount('will-frame-navigate')).toBe(1)
    expect(contents.listenerCount('will-redirect')).toBe(1)
    expect(contents.listenerCount('will-attach-webview')).toBe(1)
    expect(() => secureApp(app as never, localServer, vi.fn())).toThrow(/already secured/)
  })

  it('installs the permission handlers and the policy on the session, once', async () => {
    const session = fakeSession()
    secureSession(session as never, localServer)
    expect(await askPermission(session, 'media', { requestingUrl: 'http://localhost:8080/mafia/1', mediaTypes: ['audio', 'video'], isMainFrame: true })).toBe(true)
    expect(await askPermission(session, 'media', { requestingUrl: 'https://evil.example.com/', mediaTypes: ['audio'], isMainFrame: false })).toBe(false)
    expect(await askPermission(session, 'notifications', { requestingUrl: 'http://localhost:8080/', isMainFrame: true })).toBe(false)
    expect(session.permissionCheckHandler(null, 'media', 'http://localhost:8080', { requestingUrl: 'http://localhost:8080/main', isMainFrame: true })).toBe(true)
    expect(session.permissionCheckHandler(null, 'media', 'https://evil.example.com', { isMainFrame: false })).toBe(false)
    expect(session.permissionCheckHandler(null, 'geolocation', 'http://localhost:8080', { requestingUrl: 'http://localhost:8080/', isMainFrame: true })).toBe(false)
    expect(session.devicePermissionHandler({ deviceType: 'usb', origin: 'http://localhost:8080' })).toBe(false)

    const callback = vi.fn()
    session.headersHandler({ url: 'http://localhost:8080/', responseHeaders: { 'Content-Type': ['text/html'] } }, callback)
    expect(callback).toHaveBeenCalledWith({ responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [buildContentSecurityPolicy(localServer)] } })

    expect(() => secureSession(session as never, localServer)).toThrow(/already secured/)
  })
})

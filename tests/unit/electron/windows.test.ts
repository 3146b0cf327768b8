import { describe, expect, it, vi } from 'vitest'
import { bringToFront, buildMainWindowOptions, openMainWindow, restoreBounds, trackWindowBounds, type WindowClass } from '../../../electron/main/windows'
import { FakeEmitter } from './fakes'

describe('the main window options', () => {
  const options = buildMainWindowOptions('/opt/mafia/dist/electron/preload/preload.js')
  const preferences = options.webPreferences ?? {}

  it('isolate the page from Node and from the preload', () => {
    expect(preferences.contextIsolation).toBe(true)
    expect(preferences.sandbox).toBe(true)
    expect(preferences.nodeIntegration).toBe(false)
    expect(preferences.nodeIntegrationInWorker).toBe(false)
    expect(preferences.nodeIntegrationInSubFrames).toBe(false)
  })

  it('keep the web security of a browser', () => {
    expect(preferences.webSecurity).toBe(true)
    expect(preferences.allowRunningInsecureContent).toBe(false)
    expect(preferences.webviewTag).toBe(false)
    expect(preferences.experimentalFeatures).toBe(false)
    expect(preferences.navigateOnDragDrop).toBe(false)
  })

  it('load the preload and let sounds play without a click', () => {
    expect(preferences.preload).toBe('/opt/mafia/dist/electron/preload/preload.js')
    expect(preferences.autoplayPolicy).toBe('no-user-gesture-required')
  })

  it('open hidden, to be shown once painted', () => {
    expect(options.show).toBe(false)
  })
})

class FakeWindow extends FakeEmitter {
  static created: FakeWindow[] = []
  loadResult: Promise<void> = Promise.resolve()
  readonly loadURL = vi.fn(() => this.loadResult)
  readonly show = vi.fn()
  readonly isDestroyed = vi.fn(() => false)
  constructor(readonly options: unknown) {
    super()
    FakeWindow.created.push(this)
  }
}

describe('opening the main window', () => {
  it('creates it with the secure options, loads the app and shows it once painted', () => {
    const window = openMainWindow(FakeWindow as unknown as WindowClass, { preloadPath: '/p/preload.js', url: 'file:///app/index.html' }) as unknown as FakeWindow
    expect(window.options).toEqual(buildMainWindowOptions('/p/preload.js'))
    expect(window.loadURL).toHaveBeenCalledWith('file:///app/index.html')
    expect(window.show).not.toHaveBeenCalled()
    window.emit('ready-to-show')
    expect(window.show).toHaveBeenCalledTimes(1)
  })

  it('shows it anyway when the page cannot load, so the app is never invisible', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const Failing = class extends FakeWindow {
      override loadResult = Promise.reject(new Error('ERR_CONNECTION_REFUSED'))
    }
    const window = openMainWindow(Failing as unknown as WindowClass, { preloadPath: '/p/preload.js', url: 'http://localhost:8080/' }) as unknown as FakeWindow
    await vi.waitFor(() => expect(window.show).toHaveBeenCalled())
    expect(error).toHaveBeenCalled()
    error.mockRestore()
  })

  it('brings a minimised window back to the front', () => {
    const window = { isMinimized: vi.fn(() => true), restore: vi.fn(), show: vi.fn(), focus: vi.fn() }
    bringToFront(window)
    expect(window.restore).toHaveBeenCalled()
    expect(window.focus).toHaveBeenCalled()
    const open = { isMinimized: vi.fn(() => false), restore: vi.fn(), show: vi.fn(), focus: vi.fn() }
    bringToFront(open)
    expect(open.restore).not.toHaveBeenCalled()
    expect(open.focus).toHaveBeenCalled()
  })
})

describe('the main window\'s place', () => {
  const screen = { x: 0, y: 0, width: 1920, height: 1040 }

  it('is restored where it falls on a screen, shrunk to fit it', () => {
    const saved = { x: 100, y: 50, width: 1200, height: 800, maximized: false }
    expect(restoreBounds(saved, [screen])).toEqual(saved)
    expect(restoreBounds({ ...saved, width: 4000 }, [screen])).toEqual({ ...saved, width: 1920 })
    expect(restoreBounds({ ...saved, x: 2000 }, [screen, { x: 1920, y: 0, width: 1280, height: 1000 }])).toEqual({ ...saved, x: 2000, width: 1200 })
  })

  it('is forgotten when its screen is gone, or nothing was saved', () => {
    expect(restoreBounds({ x: 2500, y: 50, width: 1200, height: 800, maximized: true }, [screen])).toBeNull()
    expect(restoreBounds({ x: 1880, y: 50, width: 1200, height: 800, maximized: false }, [screen])).toBeNull()
    expect(restoreBounds(undefined, [screen])).toBeNull()
  })

  it('is saved once a move or resize settles, and on close', () => {
    vi.useFakeTimers()
    try {
      const window = Object.assign(new FakeEmitter(), {
        getNormalBounds: vi.fn(() => ({ x: 10, y: 20, width: 1000, height: 700 })),
        isMaximized: vi.fn(() => false),
        isDestroyed: vi.fn(() => false),
      })
      const save = vi.fn()
      trackWindowBounds(window as never, save, 500)
      window.emit('move')
      window.emit('resize')
      expect(save).not.toHaveBeenCalled()
      vi.advanceTimersByTime(500)
      expect(save).toHaveBeenCalledTimes(1)
      expect(save).toHaveBeenLastCalledWith({ x: 10, y: 20, width: 1000, height: 700, maximized: false })
      window.isMaximized.mockReturnValue(true)
      window.emit('close')
      expect(save).toHaveBeenLastCalledWith({ x: 10, y: 20, width: 1000, height: 700, maximized: true })
    } finally {
      vi.useRealTimers()
    }
  })
})

import { runInNewContext } from 'node:vm'
import { build, type Rolldown } from 'vite'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { desktopChannels, type DesktopBridge } from '../../../electron/common/bridge'
import preloadBuild from '../../../electron/vite.preload.config.mjs'

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: { invoke: vi.fn((channel: string) => Promise.resolve(channel === 'desktop:app:version' ? '1.2.3' : true)) },
}))
vi.mock('electron', () => electron)

class FakeAudio {
  static played: string[] = []
  static refuse = false
  constructor(readonly src: string) {}
  play(): Promise<void> {
    FakeAudio.played.push(this.src)
    return FakeAudio.refuse ? Promise.reject(new DOMException('play() failed', 'NotAllowedError')) : Promise.resolve()
  }
}

describe('the preload', () => {
  let bridge: DesktopBridge

  beforeAll(async () => {
    await import('../../../electron/preload/preload')
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
    const [name, exposed] = electron.contextBridge.exposeInMainWorld.mock.calls[0] as [string, DesktopBridge]
    expect(name).toBe('desktop')
    bridge = exposed
  })

  afterEach(() => {
    vi.unstubAllGlobals()
    electron.ipcRenderer.invoke.mockClear()
  })

  it('exposes exactly the bridge, and no IPC object', () => {
    expect(Object.keys(bridge).sort()).toEqual(['appVersion', 'isWindowFocused', 'platform', 'playNotificationSound', 'showNotification'])
    expect(Object.values(bridge).every((value) => typeof value === 'function' || typeof value === 'string')).toBe(true)
    expect(bridge.platform).toBe(process.platform)
  })

  it('invokes only the bridge channels', async () => {
    expect(await bridge.appVersion()).toBe('1.2.3')
    expect(await bridge.isWindowFocused()).toBe(true)
    await bridge.showNotification({ title: 'Anna', body: 'Hi', icon: 'x' } as never)
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([[desktopChannels.appVersion], [desktopChannels.isWindowFocused], [desktopChannels.showNotification, { title: 'Anna', body: 'Hi' }]])
  })

  it('plays the shipped sound in the page, and shrugs off a refusal', async () => {
    vi.stubGlobal('Audio', FakeAudio)
    vi.stubGlobal('document', { URL: 'file:///opt/mafia/dist/renderer/index.html#/mafia/3' })
    await bridge.playNotificationSound()
    FakeAudio.refuse = true
    await expect(bridge.playNotificationSound()).resolves.toBeUndefined()
    expect(FakeAudio.played).toEqual(['file:///opt/mafia/dist/renderer/sounds/notify.wav', 'file:///opt/mafia/dist/renderer/sounds/notify.wav'])
    expect(electron.ipcRenderer.invoke).not.toHaveBeenCalled()
  })
})

describe('the preload bundle', () => {
  it('runs where require knows only electron, as in a sandboxed renderer', async () => {
    const result = (await build({ ...preloadBuild, configFile: false, logLevel: 'silent', build: { ...preloadBuild.build, write: false } })) as Rolldown.RolldownOutput[]
    const [chunk] = result.flatMap((output) => output.output)
    expect(chunk?.fileName).toBe('preload.js')
    const code = (chunk as Rolldown.OutputChunk).code

    const required: string[] = []
    const exposed = new Map<string, DesktopBridge>()
    const invoked: unknown[][] = []
    const sandboxRequire = (name: string) => {
      required.push(name)
      if (name !== 'electron') throw new Error(`module not found: ${name}`)
      return {
        contextBridge: { exposeInMainWorld: (key: string, value: DesktopBridge) => exposed.set(key, value) },
        ipcRenderer: { invoke: (...args: unknown[]) => (invoked.push(args), Promise.resolve('1.2.3')) },
      }
    }
    const run = runInNewContext(`(function (require, process) {\n${code}\n})`, { URL, Promise, JSON })
    run(sandboxRequire, { platform: 'linux' })

    expect(required).toEqual(['electron'])
    const bridge = exposed.get('desktop')
    expect(bridge?.platform).toBe('linux')
    expect(await bridge?.appVersion()).toBe('1.2.3')
    expect(invoked).toEqual([[desktopChannels.appVersion]])
  }, 60_000)
})

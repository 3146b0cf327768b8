import { runInNewContext } from 'node:vm'
import { build, type Rolldown } from 'vite'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { desktopChannels, desktopEvents, type DesktopBridge } from '../../../electron/common/bridge'
import preloadBuild from '../../../electron/vite.preload.config.mjs'

const electron = vi.hoisted(() => ({
  contextBridge: { exposeInMainWorld: vi.fn() },
  ipcRenderer: {
    invoke: vi.fn((channel: string) => Promise.resolve(channel === 'desktop:app:version' ? '1.2.3' : true)),
    on: vi.fn(),
    removeListener: vi.fn(),
  },
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
    expect(Object.keys(bridge).sort()).toEqual([
      'appVersion',
      'chooseServer',
      'installUpdate',
      'isWindowFocused',
      'onNavigate',
      'onQuitting',
      'onUpdateState',
      'openAdminWindow',
      'platform',
      'playNotificationSound',
      'reportStatus',
      'serverChosen',
      'serverOrigin',
      'showNotification',
    ])
    expect(Object.values(bridge).every((value) => ['function', 'string', 'boolean'].includes(typeof value))).toBe(true)
    expect(bridge.platform).toBe(process.platform)
  })

  it('invokes only the bridge channels', async () => {
    expect(await bridge.appVersion()).toBe('1.2.3')
    expect(await bridge.isWindowFocused()).toBe(true)
    await bridge.showNotification({ title: 'Anna', body: 'Hi', icon: 'x' } as never)
    await bridge.showNotification({ title: 'Anna', body: 'Hi', route: '/chat/3' })
    await bridge.openAdminWindow()
    await bridge.chooseServer('https://club.example.org')
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([
      [desktopChannels.appVersion],
      [desktopChannels.isWindowFocused],
      [desktopChannels.showNotification, { title: 'Anna', body: 'Hi' }],
      [desktopChannels.showNotification, { title: 'Anna', body: 'Hi', route: '/chat/3' }],
      [desktopChannels.openAdminWindow],
      [desktopChannels.chooseServer, 'https://club.example.org'],
    ])
  })

  it('passes the shell\'s messages on without the IPC event, and leaves the table before saying it may quit', async () => {
    const navigate = vi.fn()
    const stop = bridge.onNavigate(navigate)
    const [channel, listener] = electron.ipcRenderer.on.mock.lastCall as unknown as [string, (event: unknown, payload: unknown) => void]
    expect(channel).toBe(desktopEvents.navigate)
    listener({ sender: 'the ipc event' }, '/chat/3')
    listener({}, { not: 'a route' })
    expect(navigate.mock.calls).toEqual([['/chat/3']])
    stop()
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(desktopEvents.navigate, listener)

    const order: string[] = []
    bridge.onQuitting(async () => void order.push('left the table'))
    const [quitChannel, quitListener] = electron.ipcRenderer.on.mock.lastCall as unknown as [string, (event: unknown) => void]
    expect(quitChannel).toBe(desktopEvents.quitting)
    electron.ipcRenderer.invoke.mockImplementationOnce((name: string) => (order.push(name), Promise.resolve(true)))
    quitListener({})
    await vi.waitFor(() => expect(order).toEqual(['left the table', desktopChannels.readyToQuit]))
  })

  it('gives the page the update\'s state now and each change, checked, and asks for the restart', async () => {
    electron.ipcRenderer.invoke.mockImplementationOnce(() => Promise.resolve({ phase: 'ready' }) as never)
    const states = vi.fn()
    const stop = bridge.onUpdateState(states)
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(desktopChannels.updateState)
    await vi.waitFor(() => expect(states).toHaveBeenCalledWith({ phase: 'ready' }))
    const [channel, listener] = electron.ipcRenderer.on.mock.lastCall as unknown as [string, (event: unknown, payload: unknown) => void]
    expect(channel).toBe(desktopEvents.updateState)
    listener({}, { phase: 'downloading', percent: 41.6 })
    listener({}, { phase: 'failed', reason: 'checksum' })
    listener({}, { phase: 'failed', reason: '<img onerror>' })
    listener({}, { phase: 'installed' })
    expect(states.mock.calls.map(([state]) => state)).toEqual([{ phase: 'ready' }, { phase: 'downloading', percent: 42 }, { phase: 'failed', reason: 'checksum' }])
    stop()
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(desktopEvents.updateState, listener)
    await bridge.installUpdate()
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(desktopChannels.installUpdate)
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
    run(sandboxRequire, { platform: 'linux', argv: ['/opt/mafia/mafia-table', '--type=renderer', '--mafia-server-origin=https://club.example.org'] })

    expect(required).toEqual(['electron'])
    const bridge = exposed.get('desktop')
    expect(bridge?.platform).toBe('linux')
    expect(bridge?.serverOrigin).toBe('https://club.example.org')
    expect(bridge?.serverChosen).toBe(true)
    expect(await bridge?.appVersion()).toBe('1.2.3')
    expect(invoked).toEqual([[desktopChannels.appVersion]])
  }, 60_000)
})

import { describe, expect, it, vi } from 'vitest'
import { defaultLabels } from '../../../electron/main/status'
import { parseFeedUrl, startUpdateFlow, type UpdaterLike } from '../../../electron/main/updater'
import { FakeEmitter } from './fakes'

function fakeUpdater() {
  return Object.assign(new FakeEmitter(), {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(() => Promise.resolve(null)),
    quitAndInstall: vi.fn(),
  })
}

function start(overrides: { answer?: number; feedUrl?: string; packaged?: boolean } = {}) {
  const updater = fakeUpdater()
  const ask = vi.fn(() => Promise.resolve({ response: overrides.answer ?? 0 }))
  const progress = vi.fn()
  const log = vi.fn()
  const flow = startUpdateFlow({
    updater: updater as unknown as UpdaterLike,
    feedUrl: 'feedUrl' in overrides ? overrides.feedUrl : 'https://downloads.example.org/mafia/',
    packaged: overrides.packaged ?? true,
    ask,
    progress,
    labels: () => ({ ...defaultLabels, updateReady: 'Mise à jour prête' }),
    log,
  })
  return { updater, ask, progress, log, flow }
}

describe('updates', () => {
  it('come from the configured generic feed, download by themselves and never install on quit unasked', () => {
    const { updater } = start()
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://downloads.example.org/mafia/' })
    expect(updater.autoDownload).toBe(true)
    expect(updater.autoInstallOnAppQuit).toBe(false)
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1)
  })

  it('use the packaged feed without MAFIA_UPDATE_URL, and are off in a development run or with an insecure feed', () => {
    const packagedFeed = start({ feedUrl: undefined })
    expect(packagedFeed.updater.setFeedURL).not.toHaveBeenCalled()
    expect(packagedFeed.updater.checkForUpdates).toHaveBeenCalled()
    const development = start({ packaged: false })
    expect(development.flow).toBeNull()
    expect(development.updater.checkForUpdates).not.toHaveBeenCalled()
    const insecure = start({ feedUrl: 'http://downloads.example.org/' })
    expect(insecure.flow).toBeNull()
    expect(insecure.log).toHaveBeenCalledWith(expect.stringMatching(/MAFIA_UPDATE_URL must be an https URL/))
    expect(parseFeedUrl('http://127.0.0.1:9000/feed/')).toBe('http://127.0.0.1:9000/feed/')
    expect(parseFeedUrl('https://u:p@x.example/')).toBeNull()
  })

  it('show the download\'s progress, then ask before restarting, and install on yes', async () => {
    const { updater, ask, progress, flow } = start({ answer: 0 })
    updater.emit('update-available', { version: '2.0.0' })
    updater.emit('download-progress', { percent: 12.4 })
    updater.emit('download-progress', { percent: 99.9 })
    expect(progress.mock.calls).toEqual([[0], [12], [100]])
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    updater.emit('update-downloaded', { version: '2.0.0' })
    expect(progress).toHaveBeenLastCalledWith(-1)
    expect(ask).toHaveBeenCalledWith(expect.objectContaining({ message: 'Mise à jour prête', buttons: [defaultLabels.updateRestart, defaultLabels.updateLater] }))
    await vi.waitFor(() => expect(updater.quitAndInstall).toHaveBeenCalledWith(false, true))
    expect(flow?.state()).toBe('installing')
  })

  it('"later" installs nothing', async () => {
    const { updater, ask, flow } = start({ answer: 1 })
    updater.emit('update-available', {})
    updater.emit('update-downloaded', {})
    await vi.waitFor(() => expect(ask).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    expect(flow?.state()).toBe('idle')
  })

  it('a download whose checksum or signature fails is never installed, nor offered', async () => {
    const { updater, ask, progress, log, flow } = start()
    updater.emit('update-available', {})
    updater.emit('download-progress', { percent: 50 })
    updater.emit('error', new Error('sha512 checksum mismatch, expected abc, got def'))
    expect(progress).toHaveBeenLastCalledWith(-1)
    expect(log).toHaveBeenCalledWith('The update failed and was not installed', expect.any(Error))
    // A late "downloaded" for the failed download is ignored.
    updater.emit('update-downloaded', {})
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(ask).not.toHaveBeenCalled()
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    expect(flow?.state()).toBe('failed')
  })
})

import { describe, expect, it, vi } from 'vitest'
import { defaultLabels } from '../../../electron/main/status'
import { parseFeedUrl, startUpdateFlow, updateFailureOf, type UpdaterLike } from '../../../electron/main/updater'
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
  const report = vi.fn()
  const log = vi.fn()
  const flow = startUpdateFlow({
    updater: updater as unknown as UpdaterLike,
    feedUrl: 'feedUrl' in overrides ? overrides.feedUrl : 'https://downloads.example.org/mafia/',
    packaged: overrides.packaged ?? true,
    ask,
    report,
    labels: () => ({ ...defaultLabels, updateReady: 'Mise à jour prête' }),
    log,
  })
  return { updater, ask, report, log, flow }
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

  it('show the download\'s progress, then offer the restart, which asks first and installs on yes', async () => {
    const { updater, ask, report, flow } = start({ answer: 0 })
    expect(flow?.shown()).toBeNull()
    updater.emit('update-available', { version: '2.0.0' })
    updater.emit('download-progress', { percent: 12.4 })
    updater.emit('download-progress', { percent: 99.9 })
    expect(report.mock.calls.map(([state]) => state)).toEqual([
      { phase: 'downloading', percent: 0 },
      { phase: 'downloading', percent: 12 },
      { phase: 'downloading', percent: 100 },
    ])
    updater.emit('update-downloaded', { version: '2.0.0' })
    expect(report).toHaveBeenLastCalledWith({ phase: 'ready' })
    expect(flow?.shown()).toEqual({ phase: 'ready' })
    // Nothing is asked or installed until the user asks for the restart.
    expect(ask).not.toHaveBeenCalled()
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    expect(await flow?.install()).toBe(true)
    expect(ask).toHaveBeenCalledWith(expect.objectContaining({ message: 'Mise à jour prête', buttons: [defaultLabels.updateRestart, defaultLabels.updateLater] }))
    expect(updater.quitAndInstall).toHaveBeenCalledWith(false, true)
    expect(flow?.state()).toBe('installing')
  })

  it('"later" installs nothing and keeps offering the update; nothing is installed before it is downloaded', async () => {
    const { updater, ask, flow } = start({ answer: 1 })
    updater.emit('update-available', {})
    expect(await flow?.install()).toBe(false)
    expect(ask).not.toHaveBeenCalled()
    updater.emit('update-downloaded', {})
    expect(await flow?.install()).toBe(false)
    expect(ask).toHaveBeenCalledTimes(1)
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    expect(flow?.state()).toBe('ready')
    expect(flow?.shown()).toEqual({ phase: 'ready' })
  })

  it('a download whose checksum or signature fails is never installed, nor offered, and the page is told why', async () => {
    const { updater, ask, report, log, flow } = start()
    updater.emit('update-available', {})
    updater.emit('download-progress', { percent: 50 })
    updater.emit('error', Object.assign(new Error('sha512 checksum mismatch, expected abc, got def'), { code: 'ERR_CHECKSUM_MISMATCH' }))
    expect(report).toHaveBeenLastCalledWith({ phase: 'failed', reason: 'checksum' })
    expect(log).toHaveBeenCalledWith('The update failed and was not installed', expect.any(Error))
    // A late "downloaded" for the failed download is ignored.
    updater.emit('update-downloaded', {})
    expect(await flow?.install()).toBe(false)
    expect(ask).not.toHaveBeenCalled()
    expect(updater.quitAndInstall).not.toHaveBeenCalled()
    expect(flow?.state()).toBe('failed')
  })

  it('a check that fails before any download (offline at start) is only logged', () => {
    const { updater, report, log } = start()
    updater.emit('error', Object.assign(new Error('getaddrinfo ENOTFOUND downloads.example.org'), { code: 'ENOTFOUND' }))
    expect(report).not.toHaveBeenCalled()
    expect(log).toHaveBeenCalled()
  })

  it('name the reason of a failure from electron-updater\'s error', () => {
    expect(updateFailureOf(Object.assign(new Error('x'), { code: 'ERR_CHECKSUM_MISMATCH' }))).toBe('checksum')
    expect(updateFailureOf(Object.assign(new Error('not signed by the application owner'), { code: 'ERR_UPDATER_INVALID_SIGNATURE' }))).toBe('signature')
    expect(updateFailureOf(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe('network')
    expect(updateFailureOf(Object.assign(new Error('HttpError: 404'), { statusCode: 404 }))).toBe('network')
    expect(updateFailureOf(new Error('net::ERR_INTERNET_DISCONNECTED'))).toBe('network')
    expect(updateFailureOf(new Error('disk full'))).toBe('other')
    expect(updateFailureOf('weird')).toBe('other')
  })
})

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { UpdateState } from '../../../../electron/common/bridge'
import { DesktopServerSection } from '../../../../renderer/features/settings/DesktopServerSection'
import { webBridge } from '../../../../renderer/platform/bridge'
import { initialUpdateBanner, updateBannerReducer, updateBannerView, type UpdateBannerAction } from '../../../../renderer/platform/update-banner'
import { UpdateBanner } from '../../../../renderer/platform/UpdateBanner'
import { createShellI18n, renderWithProviders } from '../shell/support'

const play = (...actions: UpdateBannerAction[]) => actions.reduce(updateBannerReducer, initialUpdateBanner)
const update = (state: UpdateState): UpdateBannerAction => ({ type: 'update', update: state })

describe('the update banner\'s state', () => {
  it('shows nothing before the shell reports an update', () => {
    expect(updateBannerView(initialUpdateBanner)).toBeNull()
  })

  it('follows the download, then offers the restart, which waits while the shell asks', () => {
    expect(updateBannerView(play(update({ phase: 'downloading', percent: 42 })))).toMatchObject({ kind: 'downloading', percent: 42 })
    const ready = play(update({ phase: 'downloading', percent: 99 }), update({ phase: 'ready' }))
    expect(updateBannerView(ready)).toEqual({ kind: 'ready', intent: 'success', text: 'desktopUpdate.ready', asking: false })
    const asking = updateBannerReducer(ready, { type: 'restart' })
    expect(updateBannerView(asking)).toMatchObject({ kind: 'ready', asking: true })
    // "Later": offered again.
    expect(updateBannerView(updateBannerReducer(asking, { type: 'answered', installing: false }))).toMatchObject({ kind: 'ready', asking: false })
    // A restart cannot be asked for before the download is there.
    expect(play(update({ phase: 'downloading', percent: 10 }), { type: 'restart' }).asking).toBe(false)
  })

  it('says why an update failed, until the user closes it; a later report shows again', () => {
    const failed = play(update({ phase: 'downloading', percent: 50 }), update({ phase: 'failed', reason: 'checksum' }))
    expect(updateBannerView(failed)).toEqual({ kind: 'failed', intent: 'warning', text: 'desktopUpdate.failed', reason: 'desktopUpdate.reason.checksum' })
    const closed = updateBannerReducer(failed, { type: 'dismiss' })
    expect(updateBannerView(closed)).toBeNull()
    expect(updateBannerView(updateBannerReducer(closed, update({ phase: 'downloading', percent: 0 })))).toMatchObject({ kind: 'downloading' })
    // Only a failure's message closes.
    expect(updateBannerView(play(update({ phase: 'ready' }), { type: 'dismiss' }))).toMatchObject({ kind: 'ready' })
  })
})

/** A desktop bridge whose shell the test plays. */
function desktopBridge(installing = false) {
  let listener: ((state: UpdateState) => void) | undefined
  return {
    platform: 'linux',
    serverOrigin: 'https://club.example.org',
    onUpdateState: vi.fn((given: (state: UpdateState) => void) => ((listener = given), () => (listener = undefined))),
    installUpdate: vi.fn(async () => installing),
    report: (state: UpdateState) => act(() => listener?.(state)),
  }
}

let i18n: I18n
let hebrew: I18n

beforeAll(async () => {
  i18n = await createShellI18n('en')
  hebrew = await createShellI18n('he')
})

afterEach(cleanup)

describe('the update banner', () => {
  it('in the desktop app: the download\'s progress, then "Restart to update", which asks the shell', async () => {
    const bridge = desktopBridge()
    renderWithProviders(i18n, <UpdateBanner bridge={bridge} />)
    expect(screen.queryByTestId('update-banner')).toBeNull()
    await bridge.report({ phase: 'downloading', percent: 37 })
    expect(screen.getByText('Downloading an update: 37%')).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Update download' }).getAttribute('aria-valuenow')).toBe('0.37')
    await bridge.report({ phase: 'ready' })
    expect(screen.getByText('An update is ready.')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Restart to update' })))
    expect(bridge.installUpdate).toHaveBeenCalledTimes(1)
  })

  it('says why the update failed, translated, and closes', async () => {
    const bridge = desktopBridge()
    renderWithProviders(hebrew, <UpdateBanner bridge={bridge} />)
    await bridge.report({ phase: 'failed', reason: 'signature' })
    expect(screen.getByTestId('update-banner').textContent).toContain('ההורדה אינה חתומה בידי המפרסם של המועדון ולכן נמחקה.')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'סגירה' })))
    expect(screen.queryByTestId('update-banner')).toBeNull()
  })

  it('shows nothing in a browser, and does not even listen', () => {
    const listen = vi.spyOn(webBridge, 'onUpdateState')
    renderWithProviders(i18n, <UpdateBanner bridge={webBridge} />)
    expect(screen.queryByTestId('update-banner')).toBeNull()
    expect(listen).not.toHaveBeenCalled()
  })
})

describe('the settings\' club server', () => {
  it('in the desktop app: names the server and links to its choice', () => {
    renderWithProviders(i18n, <MemoryRouter><DesktopServerSection bridge={desktopBridge()} /></MemoryRouter>)
    expect(screen.getByTestId('desktop-server-origin').textContent).toBe('https://club.example.org')
    expect(screen.getByRole('link', { name: 'Choose another club server' }).getAttribute('href')).toBe('/desktop/server')
  })

  it('is not there in a browser', () => {
    renderWithProviders(i18n, <MemoryRouter><DesktopServerSection bridge={webBridge} /></MemoryRouter>)
    expect(screen.queryByText('Club server')).toBeNull()
    expect(screen.queryByRole('link')).toBeNull()
  })
})

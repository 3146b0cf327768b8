// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { VideoTile, type VideoTileProps } from '../../../../renderer/features/table/video/VideoTile'
import { createShellI18n, renderWithProviders } from '../shell/support'

let i18n: I18n

beforeAll(async () => {
  i18n = await createShellI18n('en')
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
})
afterEach(cleanup)

const user = { id: 12, nickname: 'Vesper', officialNickname: null, avatar: null, isPremium: false }

/** A stream as the tile reads it: one live video track. */
const stream = { getVideoTracks: () => [{ readyState: 'live' }], getTracks: () => [] } as unknown as MediaStream

const tile = (props: Partial<VideoTileProps> = {}) =>
  renderWithProviders(
    i18n,
    <VideoTile peerId="12" user={user} stream={stream} audioMuted={false} speaking={0} cameraOn dimmed={false} videoTestId="video-12" {...props} />,
  )

describe('video tile', () => {
  it('shows the picture with a name plate, muted for the page (sound plays elsewhere)', () => {
    tile()
    const video = screen.getByTestId('video-12') as HTMLVideoElement
    expect(video.muted).toBe(true)
    expect(video.srcObject).toBe(stream)
    expect(screen.getByTestId('video-tile-12')).toHaveProperty('dataset.camera', 'on')
    expect(screen.getByText('Vesper')).toBeTruthy()
  })

  it('rings while the player speaks, never while their microphone is closed', () => {
    tile({ speaking: 0.4 })
    expect(screen.getByTestId('video-tile-12').dataset.speaking).toBe('true')
    cleanup()
    tile({ speaking: 0.4, audioMuted: true })
    expect(screen.getByTestId('video-tile-12').dataset.speaking).toBeUndefined()
    expect(screen.getByTestId('video-tile-12').dataset.muted).toBe('true')
    expect(screen.getByLabelText('Microphone closed')).toBeTruthy()
  })

  it('shows the avatar and "camera off" when no frames come, and dims at night', () => {
    tile({ cameraOn: false, dimmed: true })
    expect(screen.getByTestId('video-tile-12').dataset.camera).toBe('off')
    expect(screen.getByTestId('video-tile-12').dataset.dimmed).toBe('true')
    expect(screen.getByText('Camera off')).toBeTruthy()
  })

  it('at night, while the server sends no frames, shows the avatar and the night hint instead of the picture (never a frozen frame)', () => {
    tile({ cameraOn: true, night: true, dimmed: true })
    const shown = screen.getByTestId('video-tile-12')
    expect(shown.dataset.camera).toBe('off')
    expect(shown.dataset.night).toBe('true')
    expect(screen.getByTestId('video-night').textContent).toContain('Night: this camera is not sent to you')
    expect(screen.getByText('Vesper')).toBeTruthy()
  })

  it('marks and mirrors the own camera as the device choice says', () => {
    tile({ self: true, mirrored: true, cameraOn: false })
    expect(screen.getByTestId('video-12').dataset.mirrored).toBe('true')
    // The own camera shows while its track is live, whatever the received state says.
    expect(screen.getByTestId('video-tile-12').dataset.camera).toBe('on')
    expect(screen.getByText('Vesper (you)')).toBeTruthy()
  })

  it('marks the tile the viewer pinned (the pin button sits on the seat, not over the picture)', () => {
    tile({ pinned: true })
    expect(screen.getByTestId('video-tile-12').dataset.pinned).toBe('true')
    expect(screen.queryByRole('button')).toBeNull()
  })
})

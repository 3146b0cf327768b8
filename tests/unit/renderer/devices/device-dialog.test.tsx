// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { DeviceSettingsDialog } from '../../../../renderer/features/devices/DeviceSettingsDialog'
import { devicePreferencesKey, reloadDevicePreferences } from '../../../../renderer/state/devices'
import { createShellI18n, renderWithProviders } from '../shell/support'

interface FakeTrack {
  kind: 'audio' | 'video'
  deviceId: string
  readyState: 'live' | 'ended'
  stop: () => void
  getSettings: () => { deviceId: string }
}

let i18n: I18n
let tracks: FakeTrack[]
let contexts: { close: ReturnType<typeof vi.fn>; state: string }[]
let devices: MediaDeviceInfo[]
let getUserMedia: ReturnType<typeof vi.fn>

const info = (kind: MediaDeviceKind, deviceId: string, groupId: string, label: string) => ({ kind, deviceId, groupId, label, toJSON: () => ({}) }) as MediaDeviceInfo

function fakeTrack(kind: 'audio' | 'video', deviceId: string): FakeTrack {
  const track: FakeTrack = {
    kind,
    deviceId,
    readyState: 'live',
    stop: vi.fn(() => {
      track.readyState = 'ended'
    }),
    getSettings: () => ({ deviceId }),
  }
  tracks.push(track)
  return track
}

function fakeStream(constraints: MediaStreamConstraints): MediaStream {
  const exact = (value: boolean | MediaTrackConstraints | undefined, fallback: string) => {
    const id = typeof value === 'object' ? (value.deviceId as { exact?: string } | undefined)?.exact : undefined
    return id ?? fallback
  }
  const own: FakeTrack[] = []
  if (constraints.video) own.push(fakeTrack('video', exact(constraints.video, 'cam-1')))
  if (constraints.audio) own.push(fakeTrack('audio', exact(constraints.audio, 'mic-1')))
  return {
    getTracks: () => own,
    getVideoTracks: () => own.filter((track) => track.kind === 'video'),
    getAudioTracks: () => own.filter((track) => track.kind === 'audio'),
  } as unknown as MediaStream
}

class FakeAudioContext {
  state = 'running'
  close = vi.fn(async () => {
    this.state = 'closed'
  })
  constructor() {
    contexts.push(this)
  }
  resume = async () => undefined
  createAnalyser() {
    return { fftSize: 2048, getFloatTimeDomainData: (samples: Float32Array) => samples.fill(0.5), connect: () => undefined }
  }
  createMediaStreamSource() {
    return { connect: () => undefined, disconnect: () => undefined }
  }
}

function Harness({ onClosed }: { onClosed?: () => void }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <DeviceSettingsDialog
        open={open}
        onClose={() => {
          setOpen(false)
          onClosed?.()
        }}
      />
    </>
  )
}

beforeAll(async () => {
  i18n = await createShellI18n('en')
})

// What the page had before the fakes below (jsdom has neither a camera nor Web Audio): put back after each test.
const pageAudioContext = window.AudioContext
const pageMediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices')

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => {
  localStorage.clear()
  reloadDevicePreferences()
})

beforeEach(() => {
  tracks = []
  contexts = []
  localStorage.clear()
  reloadDevicePreferences()
  devices = [
    info('videoinput', 'cam-1', 'g-cam', 'Front camera'),
    info('videoinput', 'cam-2', 'g-usb', 'USB camera'),
    info('audioinput', 'mic-1', 'g-cam', 'Built-in microphone'),
    info('audioinput', 'mic-1-again', 'g-cam', 'Built-in microphone (communications)'),
    info('audioinput', 'mic-2', 'g-headset', 'Headset'),
    info('audiooutput', 'out-1', 'g-cam', 'Built-in speakers'),
  ]
  getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => fakeStream(constraints))
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices: vi.fn(async () => devices) },
  })
  window.AudioContext = FakeAudioContext as unknown as typeof AudioContext
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => undefined)
})

afterEach(() => {
  cleanup()
  window.AudioContext = pageAudioContext
  if (pageMediaDevices) Object.defineProperty(navigator, 'mediaDevices', pageMediaDevices)
  else delete (navigator as { mediaDevices?: MediaDevices }).mediaDevices
  vi.restoreAllMocks()
})

async function openDialog(onClosed?: () => void) {
  renderWithProviders(i18n, <Harness onClosed={onClosed} />)
  await screen.findByTestId('camera-select')
}

const options = (testId: string) => Array.from(screen.getByTestId(testId).querySelectorAll('option')).map((option) => option.value)

describe('device settings dialog', () => {
  it('asks for camera and microphone, lists the devices (one microphone per group) and shows the level', async () => {
    await openDialog()
    expect(getUserMedia).toHaveBeenCalled()
    const constraints = getUserMedia.mock.calls[0]?.[0] as MediaStreamConstraints
    expect(constraints.video).toMatchObject({ width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } })
    expect(constraints.audio).toMatchObject({ noiseSuppression: true, echoCancellation: true })
    expect(options('camera-select')).toEqual(['cam-1', 'cam-2'])
    expect(options('microphone-select')).toEqual(['mic-1', 'mic-2'])
    expect(screen.getByLabelText('Camera')).toBeTruthy()
    expect(screen.getByLabelText('Microphone')).toBeTruthy()
    expect(screen.getByTestId('device-preview').getAttribute('data-mirrored')).toBe('false')
    await waitFor(() => expect(Number(screen.getByTestId('mic-level').textContent)).toBeGreaterThan(0))
  })

  it('restarts the preview with a newly chosen camera, stopping the previous tracks', async () => {
    await openDialog()
    const first = [...tracks]
    await act(async () => {
      fireEvent.change(screen.getByTestId('camera-select'), { target: { value: 'cam-2' } })
    })
    await waitFor(() => expect(tracks.some((track) => track.kind === 'video' && track.deviceId === 'cam-2')).toBe(true))
    expect(first.every((track) => track.readyState === 'ended')).toBe(true)
  })

  it('stops every track and closes the audio context on cancel, storing nothing', async () => {
    const closed = vi.fn()
    await openDialog(closed)
    expect(tracks.length).toBeGreaterThan(0)
    await act(async () => {
      fireEvent.click(screen.getByTestId('device-cancel'))
    })
    expect(closed).toHaveBeenCalled()
    expect(tracks.every((track) => track.readyState === 'ended')).toBe(true)
    for (const track of tracks) expect(track.stop).toHaveBeenCalled()
    expect(contexts.length).toBeGreaterThan(0)
    for (const context of contexts) expect(context.close).toHaveBeenCalled()
    expect(localStorage.getItem(devicePreferencesKey)).toBeNull()
  })

  it('stops every track when the dialog is closed with Escape', async () => {
    const closed = vi.fn()
    await openDialog(closed)
    await act(async () => {
      fireEvent.keyDown(screen.getByTestId('device-settings-dialog'), { key: 'Escape' })
    })
    expect(closed).toHaveBeenCalled()
    expect(tracks.length).toBeGreaterThan(0)
    expect(tracks.every((track) => track.readyState === 'ended')).toBe(true)
    for (const context of contexts) expect(context.close).toHaveBeenCalled()
  })

  it('restarts the microphone without noise suppression when it is switched off', async () => {
    await openDialog()
    await act(async () => {
      fireEvent.click(screen.getByTestId('noise-suppression-switch'))
    })
    await waitFor(() => expect(getUserMedia.mock.calls.length).toBe(2))
    expect((getUserMedia.mock.calls[1]?.[0] as MediaStreamConstraints).audio).toMatchObject({ noiseSuppression: false, echoCancellation: true })
    expect(tracks.filter((track) => track.readyState === 'live').length).toBe(2)
  })

  it('stores the choices on save and stops every track', async () => {
    const closed = vi.fn()
    await openDialog(closed)
    await act(async () => {
      fireEvent.change(screen.getByTestId('microphone-select'), { target: { value: 'mic-2' } })
    })
    await waitFor(() => expect(tracks.some((track) => track.kind === 'audio' && track.deviceId === 'mic-2')).toBe(true))
    await act(async () => {
      fireEvent.click(screen.getByTestId('mirroring-switch'))
    })
    expect(screen.getByTestId('device-preview').getAttribute('data-mirrored')).toBe('true')
    await act(async () => {
      fireEvent.click(screen.getByTestId('device-save'))
    })
    expect(closed).toHaveBeenCalled()
    expect(tracks.every((track) => track.readyState === 'ended')).toBe(true)
    for (const context of contexts) expect(context.close).toHaveBeenCalled()
    expect(JSON.parse(localStorage.getItem(devicePreferencesKey) as string)).toMatchObject({ camId: 'cam-1', micId: 'mic-2', mirroring: true, noiseSuppression: true })
  })

  it('ignores a saved camera that is gone', async () => {
    localStorage.setItem(devicePreferencesKey, JSON.stringify({ camId: 'unplugged', micId: 'mic-2' }))
    await openDialog()
    const constraints = getUserMedia.mock.calls[0]?.[0] as MediaStreamConstraints
    expect((constraints.video as MediaTrackConstraints).deviceId).toBeUndefined()
    expect((constraints.audio as MediaTrackConstraints).deviceId).toEqual({ exact: 'mic-2' })
    expect((screen.getByTestId('camera-select') as HTMLSelectElement).value).toBe('cam-1')
    expect((screen.getByTestId('microphone-select') as HTMLSelectElement).value).toBe('mic-2')
  })

  it('shows the missing webcam in a modal with an OK button', async () => {
    devices = devices.filter((device) => device.kind !== 'videoinput')
    getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'))
    const closed = vi.fn()
    renderWithProviders(i18n, <Harness onClosed={closed} />)
    const text = await screen.findByTestId('device-error-text')
    expect(text.textContent).toBe(i18n.t('errors.missing_webcam'))
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: i18n.t('common.ok') }))
    })
    expect(closed).toHaveBeenCalled()
  })

  it('shows the missing microphone and a refused permission in their own words', async () => {
    devices = devices.filter((device) => device.kind !== 'audioinput')
    getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'))
    renderWithProviders(i18n, <Harness />)
    expect((await screen.findByTestId('device-error-text')).textContent).toBe(i18n.t('errors.missing_mic'))
    cleanup()
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'))
    renderWithProviders(i18n, <Harness />)
    expect((await screen.findByTestId('device-error-text')).textContent).toBe(i18n.t('devices.errors.permission'))
  })
})

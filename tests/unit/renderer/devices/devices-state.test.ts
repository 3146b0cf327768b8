// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import {
  audioConstraints,
  defaultDevicePreferences,
  devicePreferencesKey,
  devicesState,
  levelPercent,
  mediaConstraints,
  mediaProblem,
  parseDevicePreferences,
  pickDevices,
  reloadDevicePreferences,
  resolveChoice,
  saveDevicePreferences,
  videoConstraints,
  type DeviceEntry,
} from '../../../../renderer/state/devices'

const device = (kind: MediaDeviceKind, deviceId: string, groupId: string, label = deviceId): DeviceEntry => ({ kind, deviceId, groupId, label })

beforeEach(() => {
  localStorage.clear()
  reloadDevicePreferences()
})

describe('pickDevices', () => {
  it('lists every camera but only the first microphone and the first speaker of each device group', () => {
    const lists = pickDevices([
      device('audioinput', 'default', 'headset', 'Default - Headset'),
      device('audioinput', 'communications', 'headset', 'Communications - Headset'),
      device('audioinput', 'headset-mic', 'headset', 'Headset'),
      device('audioinput', 'webcam-mic', 'webcam', 'Webcam microphone'),
      device('videoinput', 'webcam', 'webcam', 'Webcam'),
      device('videoinput', 'capture-card', 'webcam', 'Capture card'),
      device('audiooutput', 'default', 'headset', 'Default - Headset'),
      device('audiooutput', 'headset-out', 'headset', 'Headset'),
      device('audiooutput', 'hdmi', 'monitor', 'Monitor'),
    ])
    expect(lists.microphones.map((entry) => entry.deviceId)).toEqual(['default', 'webcam-mic'])
    expect(lists.speakers.map((entry) => entry.deviceId)).toEqual(['default', 'hdmi'])
    expect(lists.cameras.map((entry) => entry.deviceId)).toEqual(['webcam', 'capture-card'])
  })

  it('keeps devices without a group apart and leaves out entries without an id', () => {
    const lists = pickDevices([device('audioinput', 'a', ''), device('audioinput', 'b', ''), device('audioinput', '', ''), device('videoinput', '', '')])
    expect(lists.microphones.map((entry) => entry.deviceId)).toEqual(['a', 'b'])
    expect(lists.cameras).toEqual([])
  })
})

describe('resolveChoice', () => {
  const cameras = [device('videoinput', 'front', 'g1'), device('videoinput', 'usb', 'g2')]

  it('keeps a saved device that is listed', () => {
    expect(resolveChoice('usb', cameras)).toBe('usb')
  })

  it('ignores a device that vanished and takes the first listed one', () => {
    expect(resolveChoice('unplugged', cameras)).toBe('front')
    expect(resolveChoice(null, cameras)).toBe('front')
  })

  it('gives none (the browser default) when nothing is listed', () => {
    expect(resolveChoice('usb', [])).toBeNull()
  })
})

describe('preferences', () => {
  it('default to no chosen devices, mirroring off and noise suppression on', () => {
    expect(devicesState.preferences).toEqual({ camId: null, micId: null, speakerId: null, mirroring: false, noiseSuppression: true })
    expect(defaultDevicePreferences.mirroring).toBe(false)
    expect(defaultDevicePreferences.noiseSuppression).toBe(true)
  })

  it('are stored in localStorage and read back', () => {
    saveDevicePreferences({ camId: 'usb', micId: 'headset', speakerId: 'hdmi', mirroring: true, noiseSuppression: false })
    expect(JSON.parse(localStorage.getItem(devicePreferencesKey) as string)).toEqual({ camId: 'usb', micId: 'headset', speakerId: 'hdmi', mirroring: true, noiseSuppression: false })
    devicesState.preferences = { ...defaultDevicePreferences }
    expect(reloadDevicePreferences()).toEqual({ camId: 'usb', micId: 'headset', speakerId: 'hdmi', mirroring: true, noiseSuppression: false })
    saveDevicePreferences({ mirroring: false })
    expect(devicesState.preferences).toMatchObject({ camId: 'usb', mirroring: false })
  })

  it('ignore bad JSON and mistyped fields', () => {
    expect(parseDevicePreferences('{not json')).toEqual(defaultDevicePreferences)
    expect(parseDevicePreferences('[1,2]')).toEqual(defaultDevicePreferences)
    expect(parseDevicePreferences(JSON.stringify({ camId: 5, micId: '', speakerId: 'out', mirroring: 'yes', noiseSuppression: false }))).toEqual({
      camId: null,
      micId: null,
      speakerId: 'out',
      mirroring: false,
      noiseSuppression: false,
    })
    localStorage.setItem(devicePreferencesKey, 'garbage')
    expect(reloadDevicePreferences()).toEqual(defaultDevicePreferences)
  })
})

describe('constraints', () => {
  it('ask for the chosen camera at 1280x720, 30 fps, 16:9', () => {
    const video = videoConstraints('usb')
    expect(video.deviceId).toEqual({ exact: 'usb' })
    expect(video.width).toEqual({ ideal: 1280 })
    expect(video.height).toEqual({ ideal: 720 })
    expect(video.frameRate).toEqual({ ideal: 30 })
    expect(video.aspectRatio).toEqual({ ideal: 16 / 9 })
    expect(videoConstraints(null)).not.toHaveProperty('deviceId')
  })

  it('ask for the chosen microphone with echo cancellation and the noise suppression choice', () => {
    expect(audioConstraints('headset', true)).toEqual({ deviceId: { exact: 'headset' }, noiseSuppression: true, echoCancellation: true })
    expect(audioConstraints(null, false)).toEqual({ noiseSuppression: false, echoCancellation: true })
    const both = mediaConstraints({ camId: null, micId: 'headset', noiseSuppression: true })
    expect(both.video).toMatchObject({ width: { ideal: 1280 } })
    expect(both.audio).toMatchObject({ deviceId: { exact: 'headset' } })
    expect(mediaConstraints({ camId: null, micId: null, noiseSuppression: true }, { video: false }).video).toBe(false)
  })
})

describe('levelPercent', () => {
  it('is 0 for silence and 100 for a full-scale sine', () => {
    expect(levelPercent(new Float32Array(256))).toBe(0)
    const sine = Float32Array.from({ length: 1024 }, (_, index) => Math.sin((index / 1024) * 2 * Math.PI * 8))
    expect(levelPercent(sine)).toBe(100)
    expect(levelPercent(sine.map((sample) => sample / 2))).toBe(50)
  })
})

describe('mediaProblem', () => {
  const missing = () => new DOMException('Requested device not found', 'NotFoundError')

  it('names a missing camera or microphone by what is listed', () => {
    expect(mediaProblem(missing(), [device('audioinput', 'mic', 'g')])).toBe('errors.missing_webcam')
    expect(mediaProblem(missing(), [device('videoinput', 'cam', 'g')])).toBe('errors.missing_mic')
  })

  it('tells a refused permission and a busy device apart', () => {
    expect(mediaProblem(new DOMException('denied', 'NotAllowedError'), [])).toBe('devices.errors.permission')
    expect(mediaProblem(new DOMException('busy', 'NotReadableError'), [])).toBe('devices.errors.busy')
    expect(mediaProblem(new Error('odd'), [])).toBe('devices.errors.generic')
  })
})

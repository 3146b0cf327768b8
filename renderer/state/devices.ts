import { proxy } from 'valtio'

/** The user's camera, microphone and speakers, remembered in this browser only. */
export interface DevicePreferences {
  camId: string | null
  micId: string | null
  speakerId: string | null
  /** Shows the user's own video mirrored (off by default). */
  mirroring: boolean
  /** Asks the browser to suppress background noise on the microphone (on by default). */
  noiseSuppression: boolean
}

export const devicePreferencesKey = 'devicePreferences'

export const defaultDevicePreferences: Readonly<DevicePreferences> = Object.freeze({
  camId: null,
  micId: null,
  speakerId: null,
  mirroring: false,
  noiseSuppression: true,
})

/** The default webcam: 1280x720 at 30 fps, 16:9. */
export const defaultVideo = { width: 1280, height: 720, frameRate: 30, aspectRatio: 16 / 9 } as const

const deviceId = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : null)

/** Reads stored preferences: anything missing, mistyped or unreadable falls back to the default. */
export function parseDevicePreferences(raw: string | null | undefined): DevicePreferences {
  let stored: unknown
  try {
    stored = raw ? JSON.parse(raw) : null
  } catch {
    stored = null
  }
  const record = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {}
  return {
    camId: deviceId(record.camId),
    micId: deviceId(record.micId),
    speakerId: deviceId(record.speakerId),
    mirroring: typeof record.mirroring === 'boolean' ? record.mirroring : defaultDevicePreferences.mirroring,
    noiseSuppression: typeof record.noiseSuppression === 'boolean' ? record.noiseSuppression : defaultDevicePreferences.noiseSuppression,
  }
}

function readStoredPreferences(): DevicePreferences {
  try {
    return parseDevicePreferences(typeof localStorage === 'undefined' ? null : localStorage.getItem(devicePreferencesKey))
  } catch {
    return { ...defaultDevicePreferences }
  }
}

export const devicesState = proxy<{ preferences: DevicePreferences }>({ preferences: readStoredPreferences() })

/** Reads the preferences from storage again (another tab may have saved). */
export function reloadDevicePreferences(): DevicePreferences {
  devicesState.preferences = readStoredPreferences()
  return { ...devicesState.preferences }
}

/** Stores the choices (merged into the current ones) in this browser. */
export function saveDevicePreferences(changes: Partial<DevicePreferences>): DevicePreferences {
  const next = parseDevicePreferences(JSON.stringify({ ...devicesState.preferences, ...changes }))
  devicesState.preferences = next
  try {
    localStorage.setItem(devicePreferencesKey, JSON.stringify(next))
  } catch {
    // blocked storage: the choices last for this visit
  }
  return { ...next }
}

/** What the device lists need of a MediaDeviceInfo. */
export type DeviceEntry = Pick<MediaDeviceInfo, 'deviceId' | 'groupId' | 'kind' | 'label'>

export interface DeviceLists<T extends DeviceEntry = DeviceEntry> {
  cameras: T[]
  microphones: T[]
  speakers: T[]
}

/**
 * Sorts enumerated devices into lists: every camera, but only the first microphone and the first
 * speaker of each device group (a headset appears once, not as "default", "communications" and
 * itself). Entries without an id (no permission yet) are left out.
 */
export function pickDevices<T extends DeviceEntry>(list: readonly T[]): DeviceLists<T> {
  const lists: DeviceLists<T> = { cameras: [], microphones: [], speakers: [] }
  const seen = { audioinput: new Set<string>(), audiooutput: new Set<string>() }
  for (const device of list) {
    if (!device.deviceId) continue
    if (device.kind === 'videoinput') {
      if (!lists.cameras.some((camera) => camera.deviceId === device.deviceId)) lists.cameras.push(device)
      continue
    }
    if (device.kind !== 'audioinput' && device.kind !== 'audiooutput') continue
    const group = device.groupId ? `group:${device.groupId}` : `device:${device.deviceId}`
    if (seen[device.kind].has(group)) continue
    seen[device.kind].add(group)
    ;(device.kind === 'audioinput' ? lists.microphones : lists.speakers).push(device)
  }
  return lists
}

/** The saved device when it is still listed, else the first listed one, else none (the browser's default). */
export function resolveChoice(savedId: string | null | undefined, list: readonly Pick<DeviceEntry, 'deviceId'>[]): string | null {
  if (savedId && list.some((device) => device.deviceId === savedId)) return savedId
  return list[0]?.deviceId ?? null
}

/** Camera constraints: the chosen device exactly, else any, at 1280x720, 30 fps, 16:9. */
export function videoConstraints(camId: string | null | undefined): MediaTrackConstraints {
  return {
    ...(camId ? { deviceId: { exact: camId } } : {}),
    width: { ideal: defaultVideo.width },
    height: { ideal: defaultVideo.height },
    frameRate: { ideal: defaultVideo.frameRate },
    aspectRatio: { ideal: defaultVideo.aspectRatio },
  }
}

/** Microphone constraints: the chosen device exactly, else any, with echo cancellation and the noise suppression choice. */
export function audioConstraints(micId: string | null | undefined, noiseSuppression: boolean): MediaTrackConstraints {
  return {
    ...(micId ? { deviceId: { exact: micId } } : {}),
    noiseSuppression,
    echoCancellation: true,
  }
}

export function mediaConstraints(choice: { camId: string | null; micId: string | null; noiseSuppression: boolean }, kinds: { video?: boolean; audio?: boolean } = {}): MediaStreamConstraints {
  return {
    video: kinds.video === false ? false : videoConstraints(choice.camId),
    audio: kinds.audio === false ? false : audioConstraints(choice.micId, choice.noiseSuppression),
  }
}

/** Stops every track of streams (a stopped track turns the camera light off). */
export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop()
}

async function listDevices(): Promise<DeviceLists<MediaDeviceInfo>> {
  try {
    return pickDevices(await navigator.mediaDevices.enumerateDevices())
  } catch {
    return { cameras: [], microphones: [], speakers: [] }
  }
}

/**
 * The user's camera and microphone as saved in the device dialog; a saved device that is gone is
 * ignored (the first listed, or the browser's default, is used instead).
 */
export async function getPreferredStream(kinds: { video?: boolean; audio?: boolean } = {}): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('Media devices are not available', 'NotSupportedError')
  const preferences = devicesState.preferences
  const lists = await listDevices()
  const choice = {
    camId: lists.cameras.length > 0 ? resolveChoice(preferences.camId, lists.cameras) : null,
    micId: lists.microphones.length > 0 ? resolveChoice(preferences.micId, lists.microphones) : null,
    noiseSuppression: preferences.noiseSuppression,
  }
  return navigator.mediaDevices.getUserMedia(mediaConstraints(choice, kinds))
}

/** The saved speaker when it is still listed (null: the system's default). */
export async function getPreferredSpeakerId(): Promise<string | null> {
  const saved = devicesState.preferences.speakerId
  if (!saved) return null
  const lists = await listDevices()
  return lists.speakers.some((speaker) => speaker.deviceId === saved) ? saved : null
}

type SinkElement = HTMLMediaElement & { setSinkId?: (sinkId: string) => Promise<void> }

/** Whether this browser can send a media element's sound to a chosen speaker. */
export const speakerChoiceSupported = (): boolean => typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype

/** Sends an element's sound to a speaker where the browser allows it; false when it could not. */
export async function applySpeaker(element: HTMLMediaElement, speakerId: string | null | undefined): Promise<boolean> {
  const sink = element as SinkElement
  if (typeof sink.setSinkId !== 'function') return false
  try {
    await sink.setSinkId(speakerId ?? '')
    return true
  } catch {
    return false
  }
}

/** A microphone level in percent (0..100) from time-domain samples: the RMS, a full-scale sine being 100. */
export function levelPercent(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0
  let sum = 0
  for (let index = 0; index < samples.length; index += 1) {
    const sample = samples[index] ?? 0
    sum += sample * sample
  }
  const rms = Math.sqrt(sum / samples.length)
  return Math.max(0, Math.min(100, Math.round(rms * Math.SQRT2 * 100)))
}

/** Translation key of a failure to start the camera or microphone. */
export type MediaProblem = 'errors.missing_webcam' | 'errors.missing_mic' | 'devices.errors.permission' | 'devices.errors.busy' | 'devices.errors.unsupported' | 'devices.errors.generic'

/**
 * Names a getUserMedia failure: a missing device (by the kinds listed), a refused permission, a
 * device busy elsewhere, no media support, or anything else.
 */
export function mediaProblem(error: unknown, listed: Pick<DeviceEntry, 'kind'>[] | null, requested: { video: boolean; audio: boolean } = { video: true, audio: true }): MediaProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : ''
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError') return 'devices.errors.permission'
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'devices.errors.busy'
  if (name === 'NotSupportedError' || name === 'TypeError') return 'devices.errors.unsupported'
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') {
    const has = (kind: MediaDeviceKind) => listed?.some((device) => device.kind === kind) ?? true
    if (requested.video && !has('videoinput')) return 'errors.missing_webcam'
    if (requested.audio && !has('audioinput')) return 'errors.missing_mic'
    return requested.video ? 'errors.missing_webcam' : 'errors.missing_mic'
  }
  return 'devices.errors.generic'
}

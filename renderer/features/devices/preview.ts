import { levelPercent, pickDevices, stopStream, type DeviceLists } from '../../state/devices'

/** A device as the dialog lists it (a plain copy of a MediaDeviceInfo). */
export interface ListedDevice {
  deviceId: string
  groupId: string
  kind: MediaDeviceKind
  label: string
}

type AudioContextClass = typeof AudioContext

const audioContextClass = (): AudioContextClass | undefined =>
  typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext)

/** How often the microphone level is measured (10 times a second). */
export const levelIntervalMs = 100
/** How much of the previous level is kept each measurement, so a short sound stays visible. */
const levelDecay = 0.8

/**
 * One opening of the device dialog: the preview stream, the microphone meter and their teardown.
 * Starting again replaces (and stops) the previous stream; closing stops every track and closes
 * the audio context, and a stream that arrives after closing is stopped at once.
 */
export class DevicePreview {
  private stream: MediaStream | null = null
  private audioContext: AudioContext | null = null
  private source: MediaStreamAudioSourceNode | null = null
  private analyser: AnalyserNode | null = null
  private timer: ReturnType<typeof setInterval> | undefined
  private generation = 0
  private level = 0
  private closedFlag = false

  constructor(private readonly onLevel: (percent: number) => void) {}

  get closed(): boolean {
    return this.closedFlag
  }

  /** The devices, plainly copied and grouped (empty lists when they cannot be enumerated). */
  async listDevices(): Promise<DeviceLists<ListedDevice>> {
    return pickDevices(await this.enumerate())
  }

  /** Every enumerated device, ungrouped (for telling which kind is missing). */
  async enumerate(): Promise<ListedDevice[]> {
    try {
      const devices = await navigator.mediaDevices.enumerateDevices()
      return devices.map(({ deviceId, groupId, kind, label }) => ({ deviceId, groupId, kind, label }))
    } catch {
      return []
    }
  }

  /**
   * Asks for a new stream (the previous one is stopped first: some cameras open only once). Resolves
   * with null when the dialog was closed or started again meanwhile; rejects with the browser's error.
   */
  async start(constraints: MediaStreamConstraints): Promise<MediaStream | null> {
    if (this.closedFlag) return null
    const generation = ++this.generation
    this.releaseStream()
    if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('Media devices are not available', 'NotSupportedError')
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia(constraints)
    } catch (error) {
      if (this.closedFlag || generation !== this.generation) return null
      throw error
    }
    if (this.closedFlag || generation !== this.generation) {
      stopStream(stream)
      return null
    }
    this.stream = stream
    this.meter(stream)
    return stream
  }

  /** Stops every track, the meter and the audio context; the preview cannot start again. */
  close(): void {
    if (this.closedFlag) return
    this.closedFlag = true
    this.generation += 1
    this.releaseStream()
    if (this.timer !== undefined) clearInterval(this.timer)
    this.timer = undefined
    this.analyser = null
    const context = this.audioContext
    this.audioContext = null
    if (context && context.state !== 'closed') void context.close().catch(() => undefined)
  }

  private releaseStream(): void {
    try {
      this.source?.disconnect()
    } catch {
      // already disconnected
    }
    this.source = null
    stopStream(this.stream)
    this.stream = null
    this.level = 0
    this.onLevel(0)
  }

  private meter(stream: MediaStream): void {
    const Context = audioContextClass()
    if (!Context || stream.getAudioTracks().length === 0) return
    try {
      this.audioContext ??= new Context()
      const context = this.audioContext
      if (context.state === 'suspended') void context.resume().catch(() => undefined)
      if (!this.analyser) {
        this.analyser = context.createAnalyser()
        this.analyser.fftSize = 2048
      }
      this.source = context.createMediaStreamSource(stream)
      this.source.connect(this.analyser)
    } catch {
      // no Web Audio for this stream: the level stays at 0
      return
    }
    if (this.timer !== undefined) return
    const samples = new Float32Array(this.analyser.fftSize)
    this.timer = setInterval(() => {
      if (!this.analyser || !this.source) return
      this.analyser.getFloatTimeDomainData(samples)
      const next = Math.max(levelPercent(samples), Math.floor(this.level * levelDecay))
      if (next !== this.level) {
        this.level = next
        this.onLevel(next)
      }
    }, levelIntervalMs)
  }
}

/**
 * Who is speaking, from the audio packets alone (nothing is decoded): the RFC 6464 level the browser
 * writes into each packet when that header extension is negotiated, otherwise a rough guess from the
 * Opus packet size (speech needs more bits than silence).
 */

/** 0 (silent) .. 1 (loud) from an RFC 6464 level in -dBov (0 = loudest, 127 = silence). */
export function loudnessFromLevel(minusDbov: number): number {
  if (minusDbov >= 127) return 0
  return Math.min(1, Math.max(0, 1 - minusDbov / 80))
}

/** 0 .. 1 guessed from an Opus payload's size in bytes (silence ~20 bytes or less, speech 60..120). */
export function loudnessFromOpusSize(bytes: number): number {
  return Math.min(1, Math.max(0, (bytes - 20) / 80))
}

export interface SpeakingOptions {
  /** Loudness averaged over a window that starts speech (about -44 dBov). */
  startThreshold?: number
  /** Below this, speech is ending. */
  stopThreshold?: number
  windowMs?: number
  /** Speech ends after this long below the stop threshold (short pauses between words do not count). */
  holdMs?: number
  /** At most one announcement per this interval while speaking. */
  announceIntervalMs?: number
}

/**
 * Turns per-packet loudness into throttled announcements: a level while the peer speaks (a few per
 * second) and one 0 when the speech ends. Pure: the caller passes the time.
 */
export class SpeakingDetector {
  private readonly startThreshold: number
  private readonly stopThreshold: number
  private readonly windowMs: number
  private readonly holdMs: number
  private readonly announceIntervalMs: number
  private windowStart = Number.NaN
  private windowSum = 0
  private windowCount = 0
  private isSpeaking = false
  private lastLoud = 0
  private lastSample = 0
  private lastAnnounced = Number.NEGATIVE_INFINITY

  constructor(options: SpeakingOptions = {}) {
    this.startThreshold = options.startThreshold ?? 0.45
    this.stopThreshold = options.stopThreshold ?? 0.35
    this.windowMs = options.windowMs ?? 200
    this.holdMs = options.holdMs ?? 600
    this.announceIntervalMs = options.announceIntervalMs ?? 250
  }

  get speaking(): boolean {
    return this.isSpeaking
  }

  /** One packet's loudness; returns a level to announce now, or null. */
  sample(loudness: number, nowMs: number): number | null {
    this.lastSample = nowMs
    if (Number.isNaN(this.windowStart)) this.windowStart = nowMs
    this.windowSum += loudness
    this.windowCount += 1
    if (nowMs - this.windowStart < this.windowMs) return null
    const average = this.windowSum / this.windowCount
    this.windowStart = nowMs
    this.windowSum = 0
    this.windowCount = 0
    if (!this.isSpeaking) {
      if (average < this.startThreshold) return null
      this.isSpeaking = true
      this.lastLoud = nowMs
      return this.announce(average, nowMs)
    }
    if (average >= this.stopThreshold) this.lastLoud = nowMs
    else if (nowMs - this.lastLoud >= this.holdMs) return this.stop(nowMs)
    return nowMs - this.lastAnnounced >= this.announceIntervalMs ? this.announce(average, nowMs) : null
  }

  /** Called now and then without packets: a peer whose audio stopped coming stops speaking. */
  tick(nowMs: number): number | null {
    if (this.isSpeaking && nowMs - this.lastSample >= this.holdMs) return this.stop(nowMs)
    return null
  }

  /** Forgets everything (the microphone was closed); returns 0 when that ends a speech. */
  reset(nowMs: number): number | null {
    this.windowStart = Number.NaN
    this.windowSum = 0
    this.windowCount = 0
    return this.isSpeaking ? this.stop(nowMs) : null
  }

  private stop(nowMs: number): number {
    this.isSpeaking = false
    this.lastAnnounced = nowMs
    return 0
  }

  private announce(level: number, nowMs: number): number {
    this.lastAnnounced = nowMs
    // Never announce 0 while speaking: 0 means "stopped".
    return Math.max(0.01, Math.round(level * 100) / 100)
  }
}

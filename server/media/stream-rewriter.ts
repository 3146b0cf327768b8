import { isNewerSequence, sequenceDistance } from './rtp'

/**
 * Makes one outgoing RTP stream out of several incoming ones (a publisher's high and low video, or a
 * publisher who reconnected), so the receiver's decoder sees a single continuous stream: sequence
 * numbers, timestamps and VP8 picture numbering continue across every switch, and a switch happens
 * only where the new source starts a keyframe.
 *
 * Pure: no I/O, the caller passes the arrival time. One instance per outgoing stream.
 */

/** The fields of an incoming packet the rewriter reads. */
export interface RewriteInput {
  /** Which incoming stream the packet came from (any number unique per incoming stream). */
  source: number
  sequenceNumber: number
  timestamp: number
  /** The packet starts a keyframe (always true for audio, which needs none). */
  keyframeStart: boolean
  /** VP8 picture ID, -1 when absent. */
  pictureId: number
  /** 7 or 15 when a picture ID is present. */
  pictureIdBits: number
  /** VP8 TL0PICIDX, -1 when absent. */
  tl0PicIdx: number
}

/** Where the rewritten values are written (reused by the caller, so forwarding allocates nothing). */
export interface RewriteOutput {
  sequenceNumber: number
  timestamp: number
  pictureId: number
  tl0PicIdx: number
}

/** One stretch of the outgoing stream fed by one source with fixed offsets. */
export interface Segment {
  readonly source: number
  readonly firstInSequence: number
  readonly firstOutSequence: number
  readonly sequenceOffset: number
  readonly timestampOffset: number
  readonly pictureIdOffset: number
  readonly tl0PicIdxOffset: number
}

export interface RewriterOptions {
  /** RTP clock rate of the stream (90000 for video, 48000 for Opus). */
  clockRate: number
  /** Video: switch sources only at a keyframe. Audio: switch at once. */
  switchOnKeyframeOnly: boolean
  /** How many past segments to remember for answering NACKs. */
  history?: number
}

export function createRewriteOutput(): RewriteOutput {
  return { sequenceNumber: 0, timestamp: 0, pictureId: -1, tl0PicIdx: -1 }
}

/** Applies a segment's offsets to a packet of its source. */
export function applySegment(segment: Segment, input: RewriteInput, out: RewriteOutput): void {
  out.sequenceNumber = (input.sequenceNumber + segment.sequenceOffset) & 0xffff
  out.timestamp = (input.timestamp + segment.timestampOffset) >>> 0
  out.pictureId = input.pictureId < 0 ? -1 : (input.pictureId + segment.pictureIdOffset) & (input.pictureIdBits === 7 ? 0x7f : 0x7fff)
  out.tl0PicIdx = input.tl0PicIdx < 0 ? -1 : (input.tl0PicIdx + segment.tl0PicIdxOffset) & 0xff
}

export class RtpStreamRewriter {
  private readonly clockRate: number
  private readonly switchOnKeyframeOnly: boolean
  private readonly historySize: number
  private readonly segments: Segment[] = []
  private current: Segment | null = null
  private target: number | null = null
  private rebasePending = false
  private hasOutput = false
  private lastOutSequence = 0
  private lastOutTimestamp = 0
  private lastOutTime = 0
  private lastOutPictureId = -1
  private lastOutTl0PicIdx = -1

  constructor(options: RewriterOptions) {
    this.clockRate = options.clockRate
    this.switchOnKeyframeOnly = options.switchOnKeyframeOnly
    this.historySize = options.history ?? 8
  }

  /** The source feeding the stream now, or null before the first packet. */
  get currentSource(): number | null {
    return this.current?.source ?? null
  }

  get currentSegment(): Segment | null {
    return this.current
  }

  /** The source the stream should carry; null stops the stream. */
  get targetSource(): number | null {
    return this.target
  }

  /** True while the stream waits for its target's keyframe (the caller asks the publisher for one). */
  get waitingForKeyframe(): boolean {
    return this.target !== null && (this.current === null || this.current.source !== this.target || this.rebasePending)
  }

  /** The highest sequence number sent so far (meaningful once something was sent). */
  get lastSequenceNumber(): number {
    return this.lastOutSequence
  }

  /**
   * Asks for another source. Until its next keyframe (video) or packet (audio) the current source
   * goes on being forwarded, so the receiver never sees a gap it cannot decode.
   */
  setTarget(source: number | null): void {
    this.target = source
  }

  /**
   * The current source paused (a closed microphone) and will resume: its next packet starts a new
   * segment that continues the outgoing numbering instead of leaving a hole the size of the pause.
   */
  rebase(): void {
    if (this.current) this.rebasePending = true
  }

  /** Computes the outgoing values of one packet; false when the packet must not be forwarded. */
  rewrite(input: RewriteInput, nowMs: number, out: RewriteOutput): boolean {
    const target = this.target
    if (target === null) return false
    const current = this.current
    if (input.source === target && (current === null || current.source !== target || this.rebasePending)) {
      if (!this.switchOnKeyframeOnly || input.keyframeStart) {
        return this.emit(this.startSegment(input, nowMs), input, nowMs, out)
      }
      // Not a keyframe yet: keep forwarding the current source (below) if this packet is from it.
    }
    // While rebasing, the paused source must restart at a keyframe: its old numbering would leave a hole.
    if (current !== null && input.source === current.source && !(this.rebasePending && current.source === target)) {
      // A late packet from before this segment began belongs to a stretch already replaced.
      if (sequenceDistance(input.sequenceNumber, current.firstInSequence) < 0) return false
      return this.emit(current, input, nowMs, out)
    }
    return false
  }

  /**
   * The segment and source sequence number of an outgoing sequence number, for answering a NACK;
   * null when it was never sent or is too old to remember.
   */
  resolve(outSequence: number): { segment: Segment; sequenceNumber: number } | null {
    if (!this.hasOutput || isNewerSequence(outSequence, this.lastOutSequence)) return null
    for (let index = this.segments.length - 1; index >= 0; index -= 1) {
      const segment = this.segments[index] as Segment
      if (sequenceDistance(outSequence, segment.firstOutSequence) >= 0) {
        return { segment, sequenceNumber: (outSequence - segment.sequenceOffset) & 0xffff }
      }
    }
    return null
  }

  private startSegment(input: RewriteInput, nowMs: number): Segment {
    let sequenceOffset = 0
    let timestampOffset = 0
    let pictureIdOffset = 0
    let tl0PicIdxOffset = 0
    if (this.hasOutput) {
      sequenceOffset = (this.lastOutSequence + 1 - input.sequenceNumber) & 0xffff
      // Advance the clock by the wall time since the last packet, so playout timing stays true.
      const elapsed = Math.max(1, Math.round(((nowMs - this.lastOutTime) * this.clockRate) / 1000))
      timestampOffset = (this.lastOutTimestamp + elapsed - input.timestamp) >>> 0
      if (input.pictureId >= 0 && this.lastOutPictureId >= 0) pictureIdOffset = (this.lastOutPictureId + 1 - input.pictureId) & 0x7fff
      if (input.tl0PicIdx >= 0 && this.lastOutTl0PicIdx >= 0) tl0PicIdxOffset = (this.lastOutTl0PicIdx + 1 - input.tl0PicIdx) & 0xff
    }
    const segment: Segment = {
      source: input.source,
      firstInSequence: input.sequenceNumber,
      firstOutSequence: (input.sequenceNumber + sequenceOffset) & 0xffff,
      sequenceOffset,
      timestampOffset,
      pictureIdOffset,
      tl0PicIdxOffset,
    }
    this.segments.push(segment)
    if (this.segments.length > this.historySize) this.segments.shift()
    this.current = segment
    this.rebasePending = false
    return segment
  }

  private emit(segment: Segment, input: RewriteInput, nowMs: number, out: RewriteOutput): boolean {
    applySegment(segment, input, out)
    if (!this.hasOutput || isNewerSequence(out.sequenceNumber, this.lastOutSequence)) {
      this.lastOutSequence = out.sequenceNumber
      this.lastOutTimestamp = out.timestamp
      if (out.pictureId >= 0) this.lastOutPictureId = out.pictureId
      if (out.tl0PicIdx >= 0) this.lastOutTl0PicIdx = out.tl0PicIdx
    }
    this.lastOutTime = nowMs
    this.hasOutput = true
    return true
  }
}

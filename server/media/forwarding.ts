import type { Track } from 'node-datachannel'
import type { MediaKind, VideoQuality } from '../contract/rtc'
import { isH264KeyframeStart, parseVp8, writeVp8PictureId } from './codecs'
import { KeyframeRequestLimiter } from './keyframe-limiter'
import { PacketRing } from './packet-ring'
import { NackGenerator, ReceiveStatistics } from './receive-stats'
import { buildNack, buildPli, buildSenderReport, parseRtcp } from './rtcp'
import { isRtcp, parseRtp, readAudioLevel, rewriteRtpHeader } from './rtp'
import { loudnessFromLevel, loudnessFromOpusSize } from './speaking'
import { applySegment, createRewriteOutput, RtpStreamRewriter, type RewriteInput, type RewriteOutput } from './stream-rewriter'

/**
 * The forwarding path: an InboundTrack is one RTP stream a publisher sends to the server, an
 * OutboundStream is one stream the server sends to a subscriber. Packets are never decoded: the
 * inbound side reads the header once, the outbound side rewrites sequence number, timestamp, SSRC,
 * payload type (and the VP8 picture ID) for its receiver and sends the same bytes on.
 *
 * One incoming buffer serves every subscriber: each outgoing stream rewrites the header in place and
 * sends it; node-datachannel copies the bytes synchronously on send, so the next stream may rewrite
 * the same buffer. The buffer also stays in the track's NACK history, with its original header
 * values kept beside it.
 */

export type MediaCodec = 'vp8' | 'h264' | 'opus'

/** The payload types of the server's subscribe offers; every outgoing stream uses these. */
export const subscriberPayloadTypes: Record<MediaCodec, number> = { vp8: 96, h264: 102, opus: 111 }

/** One received packet as the outgoing streams see it. */
export interface ForwardedPacket extends RewriteInput {
  track: InboundTrack
  buffer: Buffer
  payloadBytes: number
  /** Where the VP8 picture ID / TL0PICIDX sit in the buffer, -1 when absent. */
  pictureIdOffset: number
  tl0PicIdxOffset: number
}

/** What an inbound track tells the peer that owns it. */
export interface InboundOwner {
  audioLevel(track: InboundTrack, loudness: number, nowMs: number): void
  senderReport(track: InboundTrack, nowMs: number): void
  firstPacket(track: InboundTrack): void
}

export interface InboundTrackOptions {
  kind: MediaKind
  quality: VideoQuality | null
  codec: MediaCodec
  payloadType: number
  clockRate: number
  /** The negotiated id of the RFC 6464 audio level extension, 0 when not negotiated. */
  audioLevelExtension: number
  /** Packets kept for answering NACKs (video; a power of two). */
  nackHistory: number
  keyframeRequestIntervalMs: number
  /** The SSRC the server puts in its own RTCP towards this publisher. */
  rtcpSsrc: number
}

let nextSourceId = 1

export class InboundTrack {
  /** Identifies this stream to the rewriters (unique in the process). */
  readonly id = nextSourceId++
  /** Outgoing streams fed by this track now or waiting for its next keyframe. */
  readonly sinks = new Set<OutboundStream>()
  readonly stats: ReceiveStatistics
  ssrc = 0
  packetsReceived = 0
  lastSenderReport: { ntpSeconds: number; ntpFraction: number; rtpTimestamp: number } | null = null
  private paused = false
  private closed = false
  private readonly history: PacketRing<ForwardedPacket> | null
  private readonly nacks: NackGenerator | null
  private readonly keyframes: KeyframeRequestLimiter | null

  constructor(
    readonly mid: string,
    private readonly track: Track,
    readonly options: InboundTrackOptions,
    private readonly owner: InboundOwner,
  ) {
    this.stats = new ReceiveStatistics(options.clockRate)
    const video = options.kind === 'video'
    this.history = video ? new PacketRing(options.nackHistory) : null
    this.nacks = video ? new NackGenerator() : null
    this.keyframes = video ? new KeyframeRequestLimiter(() => this.sendPli(), options.keyframeRequestIntervalMs) : null
  }

  get kind(): MediaKind {
    return this.options.kind
  }

  get codec(): MediaCodec {
    return this.options.codec
  }

  get isClosed(): boolean {
    return this.closed
  }

  /** Audio only: a closed microphone is received but forwarded to nobody. */
  setPaused(paused: boolean): void {
    if (this.paused === paused) return
    this.paused = paused
    // After a pause each receiver's numbering continues where it stopped, without a hole.
    if (!paused) for (const sink of this.sinks) sink.resume()
  }

  /** Everything the publisher sends on this track: RTP, and RTCP (sender reports) on the same port. */
  receive(message: Buffer): void {
    if (this.closed) return
    if (isRtcp(message)) {
      this.receiveRtcp(message)
      return
    }
    const info = parseRtp(message)
    if (info === null || info.payloadType !== this.options.payloadType) return
    const now = performance.now()
    if (this.ssrc !== info.ssrc) {
      const first = this.ssrc === 0
      this.ssrc = info.ssrc
      if (first) this.owner.firstPacket(this)
    }
    this.packetsReceived += 1
    this.stats.packet(info.sequenceNumber, info.timestamp, now)
    const packet: ForwardedPacket = {
      source: this.id,
      track: this,
      buffer: message,
      sequenceNumber: info.sequenceNumber,
      timestamp: info.timestamp,
      keyframeStart: true,
      pictureId: -1,
      pictureIdBits: 0,
      tl0PicIdx: -1,
      pictureIdOffset: -1,
      tl0PicIdxOffset: -1,
      payloadBytes: info.payloadLength,
    }
    if (this.options.kind === 'video') {
      if (info.payloadLength === 0) {
        // Padding only (bandwidth probing): nothing to decode, but it holds a sequence number, so it
        // is forwarded like media and the receivers' numbering has no hole.
        packet.keyframeStart = false
      } else if (this.options.codec === 'vp8') {
        const descriptor = parseVp8(message, info.payloadOffset, info.payloadLength)
        if (descriptor === null) return
        packet.keyframeStart = descriptor.keyframeStart
        packet.pictureId = descriptor.pictureId
        packet.pictureIdBits = descriptor.pictureIdBits
        packet.pictureIdOffset = descriptor.pictureIdOffset
        packet.tl0PicIdx = descriptor.tl0PicIdx
        packet.tl0PicIdxOffset = descriptor.tl0PicIdxOffset
      } else {
        packet.keyframeStart = isH264KeyframeStart(message, info.payloadOffset, info.payloadLength)
      }
      ;(this.history as PacketRing<ForwardedPacket>).put(info.sequenceNumber, packet)
      const missing = (this.nacks as NackGenerator).packet(info.sequenceNumber, now)
      if (missing.length > 0) this.sendRtcp(buildNack(this.options.rtcpSsrc, info.ssrc, missing))
    } else if (!this.paused) {
      const level = this.options.audioLevelExtension > 0 ? readAudioLevel(message, info, this.options.audioLevelExtension) : null
      this.owner.audioLevel(this, level ? loudnessFromLevel(level.level) : loudnessFromOpusSize(info.payloadLength), now)
    }
    if (this.paused) return
    for (const sink of this.sinks) sink.forward(packet, now)
  }

  /** The packet with this (original) sequence number, if still in the history. */
  packetAt(sequenceNumber: number): ForwardedPacket | undefined {
    return this.history?.get(sequenceNumber)
  }

  /** Asks the publisher for a keyframe (rate-limited; a no-op for audio and before the first packet). */
  requestKeyframe(): void {
    if (this.ssrc !== 0) this.keyframes?.request()
  }

  /** Sends RTCP to the publisher on this track; false when the connection is gone. */
  sendRtcp(packet: Buffer): boolean {
    if (this.closed) return false
    try {
      return this.track.sendMessageBinary(packet)
    } catch {
      return false
    }
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.keyframes?.close()
    for (const sink of [...this.sinks]) sink.sourceClosed(this)
    this.sinks.clear()
  }

  private sendPli(): void {
    this.sendRtcp(buildPli(this.options.rtcpSsrc, this.ssrc))
  }

  private receiveRtcp(message: Buffer): void {
    for (const item of parseRtcp(message)) {
      if (item.type !== 'sr' || (this.ssrc !== 0 && item.ssrc !== this.ssrc)) continue
      const now = performance.now()
      this.stats.senderReport(item.ntpSeconds, item.ntpFraction, now)
      this.lastSenderReport = { ntpSeconds: item.ntpSeconds, ntpFraction: item.ntpFraction, rtpTimestamp: item.rtpTimestamp }
      this.owner.senderReport(this, now)
      for (const sink of this.sinks) sink.forwardSenderReport(this)
    }
  }
}

/** How many earlier sources an outgoing stream remembers for NACK answers after a switch. */
const rememberedSources = 4

export class OutboundStream {
  readonly rewriter: RtpStreamRewriter
  /** The inbound track feeding this stream now, and the one it should carry. */
  current: InboundTrack | null = null
  target: InboundTrack | null = null
  packetsSent = 0
  /** Payload bytes sent (what sender reports count). */
  octetsSent = 0
  /** RTP bytes sent, headers included. */
  bytesSent = 0
  retransmitted = 0
  private open = false
  private closed = false
  private lastKeyframeAsk = Number.NEGATIVE_INFINITY
  private readonly out: RewriteOutput = createRewriteOutput()
  private readonly resendOut: RewriteOutput = createRewriteOutput()
  private readonly sources = new Map<number, InboundTrack>()

  constructor(
    readonly publisherId: string,
    readonly kind: MediaKind,
    readonly mid: string,
    readonly ssrc: number,
    private readonly track: Track,
  ) {
    this.rewriter = new RtpStreamRewriter({ clockRate: kind === 'video' ? 90_000 : 48_000, switchOnKeyframeOnly: kind === 'video' })
  }

  get isOpen(): boolean {
    return this.open
  }

  /** The subscriber's track is connected: media may flow; video needs a keyframe first. */
  opened(): void {
    if (this.closed) return
    this.open = true
    if (this.kind === 'video' && this.target) this.askKeyframe(this.target)
  }

  /** Chooses the inbound track to carry (null: none). The switch itself waits for a keyframe. */
  setTarget(track: InboundTrack | null): void {
    if (this.closed || track === this.target) return
    const previous = this.target
    this.target = track
    if (previous && previous !== this.current) previous.sinks.delete(this)
    if (track === null) {
      this.rewriter.setTarget(null)
      this.rewriter.rebase()
      this.current?.sinks.delete(this)
      this.current = null
      return
    }
    track.sinks.add(this)
    this.rewriter.setTarget(track.id)
    if (this.open && this.kind === 'video' && track !== this.current) this.askKeyframe(track)
  }

  /** The source resumes after a pause (a reopened microphone). */
  resume(): void {
    this.rewriter.rebase()
  }

  forward(packet: ForwardedPacket, nowMs: number): void {
    if (!this.open) return
    if (!this.rewriter.rewrite(packet, nowMs, this.out)) {
      // Waiting for the target's keyframe: ask again if the first request went unanswered.
      if (packet.track === this.target && this.rewriter.waitingForKeyframe && nowMs - this.lastKeyframeAsk >= 1000) this.askKeyframe(packet.track)
      return
    }
    if (packet.track !== this.current) this.switchedTo(packet.track)
    if (this.send(packet, this.out)) {
      this.packetsSent += 1
      this.octetsSent += packet.payloadBytes
      this.bytesSent += packet.buffer.length
    }
  }

  /** RTCP from the subscriber about this stream: keyframe requests and NACKs. */
  receiveRtcp(message: Buffer): void {
    if (this.closed || !isRtcp(message)) return
    for (const item of parseRtcp(message)) {
      if (item.type === 'pli' && item.mediaSsrc === this.ssrc) this.keyframeWanted()
      else if (item.type === 'fir' && item.ssrcs.includes(this.ssrc)) this.keyframeWanted()
      else if (item.type === 'nack' && item.mediaSsrc === this.ssrc) for (const sequence of item.sequenceNumbers) this.resend(sequence)
    }
  }

  /** Passes the publisher's sender report on, in this stream's timestamps, so audio and video stay in sync. */
  forwardSenderReport(source: InboundTrack): void {
    if (!this.open || source !== this.current) return
    const report = source.lastSenderReport
    const segment = this.rewriter.currentSegment
    if (!report || !segment) return
    const timestamp = (report.rtpTimestamp + segment.timestampOffset) >>> 0
    this.sendRaw(buildSenderReport(this.ssrc, report.ntpSeconds, report.ntpFraction, timestamp, this.packetsSent, this.octetsSent))
  }

  sourceClosed(source: InboundTrack): void {
    if (this.target === source) {
      this.target = null
      this.rewriter.setTarget(null)
      this.rewriter.rebase()
    }
    if (this.current === source) this.current = null
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.open = false
    this.target?.sinks.delete(this)
    this.current?.sinks.delete(this)
    this.target = null
    this.current = null
    this.sources.clear()
  }

  private keyframeWanted(): void {
    if (this.current) this.current.requestKeyframe()
    if (this.target && this.target !== this.current) this.target.requestKeyframe()
  }

  private askKeyframe(track: InboundTrack): void {
    this.lastKeyframeAsk = performance.now()
    track.requestKeyframe()
  }

  private switchedTo(track: InboundTrack): void {
    const previous = this.current
    this.current = track
    if (previous && previous !== this.target) previous.sinks.delete(this)
    this.sources.delete(track.id)
    this.sources.set(track.id, track)
    if (this.sources.size > rememberedSources) this.sources.delete(this.sources.keys().next().value as number)
  }

  private resend(outSequence: number): void {
    // A stopped stream sends nothing at all, retransmissions included.
    if (this.target === null) return
    const resolved = this.rewriter.resolve(outSequence)
    if (!resolved) return
    const packet = this.sources.get(resolved.segment.source)?.packetAt(resolved.sequenceNumber)
    if (!packet) return
    applySegment(resolved.segment, packet, this.resendOut)
    if (this.send(packet, this.resendOut)) this.retransmitted += 1
  }

  private send(packet: ForwardedPacket, out: RewriteOutput): boolean {
    const buffer = packet.buffer
    rewriteRtpHeader(buffer, subscriberPayloadTypes[packet.track.codec], out.sequenceNumber, out.timestamp, this.ssrc)
    if (packet.pictureIdOffset >= 0) writeVp8PictureId(buffer, packet.pictureIdOffset, packet.pictureIdBits, out.pictureId)
    if (packet.tl0PicIdxOffset >= 0) buffer[packet.tl0PicIdxOffset] = out.tl0PicIdx
    return this.sendRaw(buffer)
  }

  private sendRaw(buffer: Buffer): boolean {
    try {
      return this.track.sendMessageBinary(buffer)
    } catch {
      return false
    }
  }
}

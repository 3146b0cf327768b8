import type { ReportBlock } from './rtcp'
import { sequenceDistance } from './rtp'

/**
 * What the server knows about one incoming RTP stream, as RFC 3550 appendix A computes it: loss,
 * highest sequence number, interarrival jitter and the last sender report. The publisher's congestion
 * control reads these from the receiver reports the server sends back.
 */
export class ReceiveStatistics {
  private started = false
  private baseSequence = 0
  private maxSequence = 0
  private cycles = 0
  private received = 0
  private expectedPrior = 0
  private receivedPrior = 0
  private jitter = 0
  private lastTransit = 0
  private lastSenderReport = 0
  private lastSenderReportArrival = -1

  constructor(private readonly clockRate: number) {}

  get packetsReceived(): number {
    return this.received
  }

  packet(sequenceNumber: number, rtpTimestamp: number, arrivalMs: number): void {
    const transit = Math.floor((arrivalMs * this.clockRate) / 1000) - rtpTimestamp
    if (!this.started) {
      this.started = true
      this.baseSequence = sequenceNumber
      this.maxSequence = sequenceNumber
      this.lastTransit = transit
      this.received = 1
      return
    }
    this.received += 1
    const delta = sequenceDistance(sequenceNumber, this.maxSequence)
    if (delta > 0) {
      if (sequenceNumber < this.maxSequence) this.cycles += 0x10000
      this.maxSequence = sequenceNumber
    }
    // Transit differences are taken modulo 2^32, as RTP timestamps wrap.
    let difference = (transit - this.lastTransit) | 0
    this.lastTransit = transit
    if (difference < 0) difference = -difference
    this.jitter += (difference - this.jitter) / 16
  }

  /** Remembers a sender report: the next receiver report echoes it so the sender can measure the round trip. */
  senderReport(ntpSeconds: number, ntpFraction: number, arrivalMs: number): void {
    this.lastSenderReport = (((ntpSeconds & 0xffff) << 16) | (ntpFraction >>> 16)) >>> 0
    this.lastSenderReportArrival = arrivalMs
  }

  /** A report block for this stream; resets the interval the fraction lost is measured over. */
  reportBlock(ssrc: number, nowMs: number): ReportBlock {
    const extendedMax = this.cycles + this.maxSequence
    const expected = this.started ? extendedMax - this.baseSequence + 1 : 0
    const lost = expected - this.received
    const expectedInterval = expected - this.expectedPrior
    const receivedInterval = this.received - this.receivedPrior
    this.expectedPrior = expected
    this.receivedPrior = this.received
    const lostInterval = expectedInterval - receivedInterval
    const fractionLost = expectedInterval <= 0 || lostInterval <= 0 ? 0 : Math.min(255, Math.floor((lostInterval * 256) / expectedInterval))
    const delaySinceLastSenderReport = this.lastSenderReportArrival < 0 ? 0 : Math.round(((nowMs - this.lastSenderReportArrival) * 65536) / 1000)
    return {
      ssrc,
      fractionLost,
      cumulativeLost: lost,
      extendedHighestSequence: extendedMax >>> 0,
      jitter: this.jitter,
      lastSenderReport: this.lastSenderReport,
      delaySinceLastSenderReport,
    }
  }
}

export interface NackGeneratorOptions {
  /** Wait this long for a late (reordered) packet before asking for it. */
  reorderDelayMs?: number
  /** Ask again after this long (about one round trip). */
  retryMs?: number
  /** Ask at most this many times per packet. */
  maxRequests?: number
  /** A jump larger than this is a new start, not a loss. */
  maxGap?: number
}

interface Missing {
  dueAt: number
  requests: number
}

const nothing: number[] = []

/**
 * Notices holes in an incoming stream's sequence numbers and says which packets to ask the publisher
 * for again (RTCP NACK). It runs on the packets themselves, with no timer of its own: video packets
 * arrive every few milliseconds, which is often enough to send the requests on time.
 */
export class NackGenerator {
  private highest = -1
  private readonly missing = new Map<number, Missing>()
  private readonly reorderDelayMs: number
  private readonly retryMs: number
  private readonly maxRequests: number
  private readonly maxGap: number

  constructor(options: NackGeneratorOptions = {}) {
    this.reorderDelayMs = options.reorderDelayMs ?? 10
    this.retryMs = options.retryMs ?? 100
    this.maxRequests = options.maxRequests ?? 3
    this.maxGap = options.maxGap ?? 128
  }

  get missingCount(): number {
    return this.missing.size
  }

  /** Records a packet; returns the sequence numbers to request now (often none). */
  packet(sequenceNumber: number, nowMs: number): number[] {
    if (this.highest < 0) {
      this.highest = sequenceNumber
      return nothing
    }
    const delta = sequenceDistance(sequenceNumber, this.highest)
    if (delta > 0) {
      if (delta - 1 > this.maxGap) {
        this.missing.clear()
      } else {
        for (let step = 1; step < delta; step += 1) this.missing.set((this.highest + step) & 0xffff, { dueAt: nowMs + this.reorderDelayMs, requests: 0 })
      }
      this.highest = sequenceNumber
    } else if (this.missing.size > 0) {
      this.missing.delete(sequenceNumber)
    }
    if (this.missing.size === 0) return nothing
    return this.due(nowMs)
  }

  private due(nowMs: number): number[] {
    let result: number[] | null = null
    for (const [sequence, entry] of this.missing) {
      if (sequenceDistance(this.highest, sequence) > this.maxGap) {
        this.missing.delete(sequence)
        continue
      }
      if (entry.dueAt > nowMs) continue
      if (entry.requests >= this.maxRequests) {
        this.missing.delete(sequence)
        continue
      }
      entry.requests += 1
      entry.dueAt = nowMs + this.retryMs
      ;(result ??= []).push(sequence)
    }
    return result ?? nothing
  }
}

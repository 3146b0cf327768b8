import { readUint32, writeUint16, writeUint32 } from './rtp'

/**
 * The RTCP (RFC 3550, RFC 4585, RFC 5104) an SFU reads and writes: sender reports from publishers,
 * keyframe requests and NACKs from subscribers; PLI, NACK, receiver reports and REMB towards publishers,
 * sender reports towards subscribers.
 */

export const rtcpType = { senderReport: 200, receiverReport: 201, sourceDescription: 202, bye: 203, transportFeedback: 205, payloadFeedback: 206 } as const

/** One item of a (compound) RTCP packet that the media server acts on. */
export type RtcpItem =
  | { type: 'sr'; ssrc: number; ntpSeconds: number; ntpFraction: number; rtpTimestamp: number; packetCount: number; octetCount: number }
  | { type: 'rr'; ssrc: number }
  | { type: 'pli'; senderSsrc: number; mediaSsrc: number }
  | { type: 'fir'; senderSsrc: number; ssrcs: number[] }
  | { type: 'nack'; senderSsrc: number; mediaSsrc: number; sequenceNumbers: number[] }
  | { type: 'remb'; senderSsrc: number; bitrate: number; ssrcs: number[] }

/** Splits a compound RTCP packet into the items above; unknown or malformed parts are skipped. */
export function parseRtcp(packet: Uint8Array): RtcpItem[] {
  const items: RtcpItem[] = []
  let offset = 0
  while (offset + 4 <= packet.length) {
    const first = packet[offset] as number
    if (first >> 6 !== 2) break
    const count = first & 0x1f
    const type = packet[offset + 1] as number
    const length = ((((packet[offset + 2] as number) << 8) | (packet[offset + 3] as number)) + 1) * 4
    if (offset + length > packet.length) break
    const end = offset + length
    switch (type) {
      case rtcpType.senderReport:
        if (length >= 28) {
          items.push({
            type: 'sr',
            ssrc: readUint32(packet, offset + 4),
            ntpSeconds: readUint32(packet, offset + 8),
            ntpFraction: readUint32(packet, offset + 12),
            rtpTimestamp: readUint32(packet, offset + 16),
            packetCount: readUint32(packet, offset + 20),
            octetCount: readUint32(packet, offset + 24),
          })
        }
        break
      case rtcpType.receiverReport:
        if (length >= 8) items.push({ type: 'rr', ssrc: readUint32(packet, offset + 4) })
        break
      case rtcpType.transportFeedback:
        if (count === 1 && length >= 16) {
          // Generic NACK: FCI entries of PID (16 bits) and BLP (a bitmask of the 16 following packets).
          const sequenceNumbers: number[] = []
          for (let fci = offset + 12; fci + 4 <= end; fci += 4) {
            const pid = ((packet[fci] as number) << 8) | (packet[fci + 1] as number)
            const blp = ((packet[fci + 2] as number) << 8) | (packet[fci + 3] as number)
            sequenceNumbers.push(pid)
            for (let bit = 0; bit < 16; bit += 1) if (blp & (1 << bit)) sequenceNumbers.push((pid + bit + 1) & 0xffff)
          }
          items.push({ type: 'nack', senderSsrc: readUint32(packet, offset + 4), mediaSsrc: readUint32(packet, offset + 8), sequenceNumbers })
        }
        break
      case rtcpType.payloadFeedback:
        if (length < 12) break
        if (count === 1) {
          items.push({ type: 'pli', senderSsrc: readUint32(packet, offset + 4), mediaSsrc: readUint32(packet, offset + 8) })
        } else if (count === 4) {
          const ssrcs: number[] = []
          for (let fci = offset + 12; fci + 8 <= end; fci += 8) ssrcs.push(readUint32(packet, fci))
          items.push({ type: 'fir', senderSsrc: readUint32(packet, offset + 4), ssrcs })
        } else if (count === 15 && length >= 24 && packet[offset + 12] === 0x52 && packet[offset + 13] === 0x45 && packet[offset + 14] === 0x4d && packet[offset + 15] === 0x42) {
          const ssrcCount = packet[offset + 16] as number
          const exponent = (packet[offset + 17] as number) >> 2
          const mantissa = (((packet[offset + 17] as number) & 0x03) << 16) | ((packet[offset + 18] as number) << 8) | (packet[offset + 19] as number)
          const ssrcs: number[] = []
          for (let index = 0; index < ssrcCount && offset + 20 + index * 4 + 4 <= end; index += 1) ssrcs.push(readUint32(packet, offset + 20 + index * 4))
          items.push({ type: 'remb', senderSsrc: readUint32(packet, offset + 4), bitrate: mantissa * 2 ** exponent, ssrcs })
        }
        break
      default:
        break
    }
    offset = end
  }
  return items
}

function header(packet: Uint8Array, count: number, type: number, lengthInBytes: number): void {
  packet[0] = 0x80 | (count & 0x1f)
  packet[1] = type
  writeUint16(packet, 2, lengthInBytes / 4 - 1)
}

/** Picture Loss Indication (RFC 4585 6.3.1): "send me a keyframe". */
export function buildPli(senderSsrc: number, mediaSsrc: number): Buffer {
  const packet = Buffer.alloc(12)
  header(packet, 1, rtcpType.payloadFeedback, 12)
  writeUint32(packet, 4, senderSsrc)
  writeUint32(packet, 8, mediaSsrc)
  return packet
}

/** Generic NACK (RFC 4585 6.2.1) for the given sequence numbers, packed into PID/BLP pairs. */
export function buildNack(senderSsrc: number, mediaSsrc: number, sequenceNumbers: readonly number[]): Buffer {
  const pairs: Array<[number, number]> = []
  for (const sequence of [...new Set(sequenceNumbers.map((value) => value & 0xffff))].sort((a, b) => ((a - b + 0x8000) & 0xffff) - 0x8000)) {
    const last = pairs[pairs.length - 1]
    const distance = last ? (sequence - last[0]) & 0xffff : 0
    if (last && distance >= 1 && distance <= 16) last[1] |= 1 << (distance - 1)
    else pairs.push([sequence, 0])
  }
  const packet = Buffer.alloc(12 + pairs.length * 4)
  header(packet, 1, rtcpType.transportFeedback, packet.length)
  writeUint32(packet, 4, senderSsrc)
  writeUint32(packet, 8, mediaSsrc)
  pairs.forEach(([pid, blp], index) => {
    writeUint16(packet, 12 + index * 4, pid)
    writeUint16(packet, 14 + index * 4, blp)
  })
  return packet
}

/** Receiver Estimated Maximum Bitrate (draft-alvestrand-rmcat-remb): caps the sender's bandwidth estimate. */
export function buildRemb(senderSsrc: number, bitrate: number, ssrcs: readonly number[]): Buffer {
  const packet = Buffer.alloc(20 + ssrcs.length * 4)
  header(packet, 15, rtcpType.payloadFeedback, packet.length)
  writeUint32(packet, 4, senderSsrc)
  writeUint32(packet, 8, 0)
  packet.write('REMB', 12, 'ascii')
  let mantissa = Math.max(0, Math.floor(bitrate))
  let exponent = 0
  while (mantissa > 0x3ffff) {
    mantissa = Math.floor(mantissa / 2)
    exponent += 1
  }
  packet[16] = ssrcs.length
  packet[17] = (exponent << 2) | (mantissa >> 16)
  writeUint16(packet, 18, mantissa & 0xffff)
  ssrcs.forEach((ssrc, index) => writeUint32(packet, 20 + index * 4, ssrc))
  return packet
}

/** One report block of a receiver report (RFC 3550 6.4.1). */
export interface ReportBlock {
  ssrc: number
  fractionLost: number
  cumulativeLost: number
  extendedHighestSequence: number
  jitter: number
  lastSenderReport: number
  delaySinceLastSenderReport: number
}

export function buildReceiverReport(senderSsrc: number, blocks: readonly ReportBlock[]): Buffer {
  const packet = Buffer.alloc(8 + blocks.length * 24)
  header(packet, blocks.length, rtcpType.receiverReport, packet.length)
  writeUint32(packet, 4, senderSsrc)
  blocks.forEach((block, index) => {
    const offset = 8 + index * 24
    writeUint32(packet, offset, block.ssrc)
    // Cumulative loss is a signed 24-bit number.
    const lost = Math.max(-0x800000, Math.min(0x7fffff, block.cumulativeLost)) & 0xffffff
    writeUint32(packet, offset + 4, ((block.fractionLost & 0xff) << 24) | lost)
    writeUint32(packet, offset + 8, block.extendedHighestSequence >>> 0)
    writeUint32(packet, offset + 12, Math.max(0, Math.round(block.jitter)) >>> 0)
    writeUint32(packet, offset + 16, block.lastSenderReport >>> 0)
    writeUint32(packet, offset + 20, block.delaySinceLastSenderReport >>> 0)
  })
  return packet
}

/** A sender report without report blocks: maps the stream's RTP clock to wall-clock (NTP) time. */
export function buildSenderReport(ssrc: number, ntpSeconds: number, ntpFraction: number, rtpTimestamp: number, packetCount: number, octetCount: number): Buffer {
  const packet = Buffer.alloc(28)
  header(packet, 0, rtcpType.senderReport, 28)
  writeUint32(packet, 4, ssrc)
  writeUint32(packet, 8, ntpSeconds >>> 0)
  writeUint32(packet, 12, ntpFraction >>> 0)
  writeUint32(packet, 16, rtpTimestamp >>> 0)
  writeUint32(packet, 20, packetCount >>> 0)
  writeUint32(packet, 24, octetCount >>> 0)
  return packet
}

/** Concatenates RTCP packets into one compound packet. */
export function compound(...packets: Buffer[]): Buffer {
  return Buffer.concat(packets)
}

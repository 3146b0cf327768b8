/**
 * RTP (RFC 3550) header reading and the few in-place writes an SFU needs. Packets are forwarded
 * without decoding: only the fixed header, the header extensions and the first payload bytes are read.
 */

/** The fields of one RTP packet the forwarding path needs, read once per incoming packet. */
export interface RtpPacketInfo {
  payloadType: number
  marker: boolean
  sequenceNumber: number
  timestamp: number
  ssrc: number
  /** Offset of the header extension block's first element (after the 4-byte extension header), or -1. */
  extensionOffset: number
  /** Length in bytes of the extension block's elements, 0 when there is none. */
  extensionLength: number
  /** 0xBEDE (one-byte elements) or 0x100X (two-byte elements); 0 when there is no extension. */
  extensionProfile: number
  payloadOffset: number
  /** Payload length without padding. */
  payloadLength: number
}

const rtpHeaderLength = 12

/**
 * RFC 5761 section 4: with RTP and RTCP on one port, a second byte from 192 to 223 is RTCP
 * (RTCP packet types 192..223; RTP payload types 64..95 are never used for that reason).
 */
export function isRtcp(packet: Uint8Array): boolean {
  if (packet.length < 2) return false
  const second = packet[1] as number
  return second >= 192 && second <= 223
}

/** Reads an RTP packet's header; null when it is not a well-formed RTP packet. */
export function parseRtp(packet: Uint8Array): RtpPacketInfo | null {
  const length = packet.length
  if (length < rtpHeaderLength) return null
  const first = packet[0] as number
  if (first >> 6 !== 2) return null
  const second = packet[1] as number
  const csrcCount = first & 0x0f
  let offset = rtpHeaderLength + csrcCount * 4
  if (offset > length) return null
  let extensionOffset = -1
  let extensionLength = 0
  let extensionProfile = 0
  if (first & 0x10) {
    if (offset + 4 > length) return null
    extensionProfile = ((packet[offset] as number) << 8) | (packet[offset + 1] as number)
    extensionLength = (((packet[offset + 2] as number) << 8) | (packet[offset + 3] as number)) * 4
    extensionOffset = offset + 4
    offset = extensionOffset + extensionLength
    if (offset > length) return null
  }
  let end = length
  if (first & 0x20) {
    const padding = packet[length - 1] as number
    if (padding === 0 || offset + padding > length) return null
    end -= padding
  }
  return {
    payloadType: second & 0x7f,
    marker: (second & 0x80) !== 0,
    sequenceNumber: ((packet[2] as number) << 8) | (packet[3] as number),
    timestamp: readUint32(packet, 4),
    ssrc: readUint32(packet, 8),
    extensionOffset,
    extensionLength,
    extensionProfile,
    payloadOffset: offset,
    payloadLength: end - offset,
  }
}

export function readUint32(bytes: Uint8Array, offset: number): number {
  return (((bytes[offset] as number) << 24) | ((bytes[offset + 1] as number) << 16) | ((bytes[offset + 2] as number) << 8) | (bytes[offset + 3] as number)) >>> 0
}

export function writeUint32(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = (value >>> 24) & 0xff
  bytes[offset + 1] = (value >>> 16) & 0xff
  bytes[offset + 2] = (value >>> 8) & 0xff
  bytes[offset + 3] = value & 0xff
}

export function writeUint16(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = (value >>> 8) & 0xff
  bytes[offset + 1] = value & 0xff
}

/** Rewrites the header fields that differ per outgoing stream; the marker bit is kept. */
export function rewriteRtpHeader(packet: Uint8Array, payloadType: number, sequenceNumber: number, timestamp: number, ssrc: number): void {
  packet[1] = ((packet[1] as number) & 0x80) | (payloadType & 0x7f)
  writeUint16(packet, 2, sequenceNumber)
  writeUint32(packet, 4, timestamp)
  writeUint32(packet, 8, ssrc)
}

/**
 * Finds header extension element `id` (RFC 8285, one-byte or two-byte form).
 * Returns the offset of its data and writes its length into `found.length`; -1 when absent.
 */
export function findHeaderExtension(packet: Uint8Array, info: RtpPacketInfo, id: number, found: { length: number }): number {
  if (info.extensionOffset < 0 || id <= 0) return -1
  const end = info.extensionOffset + info.extensionLength
  let offset = info.extensionOffset
  if (info.extensionProfile === 0xbede) {
    while (offset < end) {
      const byte = packet[offset] as number
      if (byte === 0) {
        offset += 1 // padding
        continue
      }
      const elementId = byte >> 4
      const elementLength = (byte & 0x0f) + 1
      if (elementId === 15) return -1 // reserved: stop parsing (RFC 8285 section 4.2)
      if (offset + 1 + elementLength > end) return -1
      if (elementId === id) {
        found.length = elementLength
        return offset + 1
      }
      offset += 1 + elementLength
    }
    return -1
  }
  if ((info.extensionProfile & 0xfff0) === 0x1000) {
    while (offset < end) {
      const elementId = packet[offset] as number
      if (elementId === 0) {
        offset += 1
        continue
      }
      if (offset + 2 > end) return -1
      const elementLength = packet[offset + 1] as number
      if (offset + 2 + elementLength > end) return -1
      if (elementId === id) {
        found.length = elementLength
        return offset + 2
      }
      offset += 2 + elementLength
    }
  }
  return -1
}

/** RFC 6464 client-to-mixer audio level: the level in -dBov (0 loudest .. 127 silent) and the voice flag. */
export interface AudioLevel {
  level: number
  voice: boolean
}

const scratch = { length: 0 }

/** The ssrc-audio-level header extension of a packet, or null when the packet carries none. */
export function readAudioLevel(packet: Uint8Array, info: RtpPacketInfo, extensionId: number): AudioLevel | null {
  const offset = findHeaderExtension(packet, info, extensionId, scratch)
  if (offset < 0 || scratch.length < 1) return null
  const byte = packet[offset] as number
  return { level: byte & 0x7f, voice: (byte & 0x80) !== 0 }
}

/** True when sequence number `a` comes after `b` (RFC 1982 serial arithmetic on 16 bits). */
export function isNewerSequence(a: number, b: number): boolean {
  return a !== b && ((a - b) & 0xffff) < 0x8000
}

/** `a - b` on 16-bit sequence numbers, in -32768..32767. */
export function sequenceDistance(a: number, b: number): number {
  const difference = (a - b) & 0xffff
  return difference >= 0x8000 ? difference - 0x10000 : difference
}

/**
 * The little the SFU reads of video payloads: whether a packet starts a keyframe (the only place a
 * receiver can switch streams) and, for VP8, the picture numbering it must keep continuous.
 */

export type VideoCodec = 'vp8' | 'h264'

/** What a VP8 payload descriptor (RFC 7741 section 4.2) says about one packet. */
export interface Vp8Descriptor {
  /** The packet is the first of a keyframe (S=1, PID=0 and the VP8 header's P bit clear). */
  keyframeStart: boolean
  /** The picture ID, or -1 when absent. */
  pictureId: number
  /** 7 or 15 (bits of the picture ID), 0 when absent. */
  pictureIdBits: number
  /** Offset of the picture ID's first byte in the packet, -1 when absent. */
  pictureIdOffset: number
  /** TL0PICIDX, or -1 when absent. */
  tl0PicIdx: number
  tl0PicIdxOffset: number
}

/** Parses the VP8 payload descriptor starting at `offset` (the RTP payload); null when malformed. */
export function parseVp8(packet: Uint8Array, offset: number, length: number): Vp8Descriptor | null {
  if (length < 1) return null
  const end = offset + length
  const first = packet[offset] as number
  const extended = (first & 0x80) !== 0
  const start = (first & 0x10) !== 0
  const partitionId = first & 0x07
  let position = offset + 1
  let pictureId = -1
  let pictureIdBits = 0
  let pictureIdOffset = -1
  let tl0PicIdx = -1
  let tl0PicIdxOffset = -1
  if (extended) {
    if (position >= end) return null
    const flags = packet[position] as number
    position += 1
    if (flags & 0x80) {
      if (position >= end) return null
      pictureIdOffset = position
      const high = packet[position] as number
      if (high & 0x80) {
        if (position + 1 >= end) return null
        pictureId = ((high & 0x7f) << 8) | (packet[position + 1] as number)
        pictureIdBits = 15
        position += 2
      } else {
        pictureId = high & 0x7f
        pictureIdBits = 7
        position += 1
      }
    }
    if (flags & 0x40) {
      if (position >= end) return null
      tl0PicIdxOffset = position
      tl0PicIdx = packet[position] as number
      position += 1
    }
    if (flags & 0x30) position += 1 // TID/Y/KEYIDX
  }
  if (position > end) return null
  // The VP8 payload header's P bit (RFC 7741 section 4.3) is 0 on keyframes; it exists only at the
  // start of the first partition.
  const keyframeStart = start && partitionId === 0 && position < end && ((packet[position] as number) & 0x01) === 0
  return { keyframeStart, pictureId, pictureIdBits, pictureIdOffset, tl0PicIdx, tl0PicIdxOffset }
}

/** Writes a picture ID in place at `offset` (from the descriptor), keeping its 7- or 15-bit form. */
export function writeVp8PictureId(packet: Uint8Array, offset: number, bits: number, pictureId: number): void {
  if (offset < 0) return
  if (bits === 15) {
    packet[offset] = 0x80 | ((pictureId >> 8) & 0x7f)
    packet[offset + 1] = pictureId & 0xff
  } else {
    packet[offset] = pictureId & 0x7f
  }
}

const nalIdr = 5
const nalSps = 7
const nalStapA = 24
const nalFuA = 28

/**
 * Whether an H.264 packet (RFC 6184) starts a keyframe: a sequence parameter set, or the first
 * fragment of an IDR slice, alone, aggregated (STAP-A) or fragmented (FU-A).
 */
export function isH264KeyframeStart(packet: Uint8Array, offset: number, length: number): boolean {
  if (length < 1) return false
  const end = offset + length
  const type = (packet[offset] as number) & 0x1f
  if (type === nalIdr || type === nalSps) return true
  if (type === nalStapA) {
    let position = offset + 1
    while (position + 2 < end) {
      const size = ((packet[position] as number) << 8) | (packet[position + 1] as number)
      const innerType = (packet[position + 2] as number) & 0x1f
      if (innerType === nalIdr || innerType === nalSps) return true
      position += 2 + size
    }
    return false
  }
  if (type === nalFuA && length >= 2) {
    const fuHeader = packet[offset + 1] as number
    const innerType = fuHeader & 0x1f
    return (fuHeader & 0x80) !== 0 && (innerType === nalIdr || innerType === nalSps)
  }
  return false
}

import { describe, expect, it } from 'vitest'
import { isH264KeyframeStart, parseVp8, writeVp8PictureId } from '../../../../server/media/codecs'

const bytes = (...values: number[]) => Buffer.from(values)

describe('VP8 payload descriptor', () => {
  it('finds a keyframe start: S=1, PID=0 and the P bit clear', () => {
    // X=1 S=1 PID=0 | I=1 | M=1 picture id 0x1234 | VP8 header with P=0
    const key = bytes(0x90, 0x80, 0x80 | 0x12, 0x34, 0x10, 0x02, 0x00)
    expect(parseVp8(key, 0, key.length)).toMatchObject({ keyframeStart: true, pictureId: 0x1234, pictureIdBits: 15, pictureIdOffset: 2 })
    const delta = bytes(0x90, 0x80, 0x92, 0x34, 0x11)
    expect(parseVp8(delta, 0, delta.length)?.keyframeStart).toBe(false)
  })

  it('is not fooled by continuation packets or later partitions', () => {
    expect(parseVp8(bytes(0x80, 0x80, 0x92, 0x34, 0x10), 0, 5)?.keyframeStart).toBe(false) // S=0
    expect(parseVp8(bytes(0x91, 0x80, 0x92, 0x34, 0x10), 0, 5)?.keyframeStart).toBe(false) // PID=1
  })

  it('reads 7-bit picture IDs, TL0PICIDX and the TID byte; minimal descriptors too', () => {
    const packet = bytes(0x90, 0xe0, 0x05, 0x77, 0x40, 0x10)
    expect(parseVp8(packet, 0, packet.length)).toMatchObject({ keyframeStart: true, pictureId: 5, pictureIdBits: 7, tl0PicIdx: 0x77, tl0PicIdxOffset: 3 })
    expect(parseVp8(bytes(0x10, 0x10), 0, 2)).toMatchObject({ keyframeStart: true, pictureId: -1, tl0PicIdx: -1 })
  })

  it('refuses truncated descriptors', () => {
    expect(parseVp8(bytes(0x90), 0, 1)).toBeNull()
    expect(parseVp8(bytes(0x90, 0x80, 0x92), 0, 3)).toBeNull()
    expect(parseVp8(bytes(), 0, 0)).toBeNull()
  })

  it('works at an offset inside a packet and rewrites picture IDs in place', () => {
    const packet = Buffer.concat([Buffer.alloc(12), bytes(0x90, 0x80, 0x80, 0x01, 0x10)])
    const descriptor = parseVp8(packet, 12, 5)!
    writeVp8PictureId(packet, descriptor.pictureIdOffset, descriptor.pictureIdBits, 0x7ffe)
    expect(parseVp8(packet, 12, 5)?.pictureId).toBe(0x7ffe)
    const short = bytes(0x90, 0x80, 0x05, 0x10)
    writeVp8PictureId(short, 2, 7, 0x7f)
    expect(parseVp8(short, 0, 4)).toMatchObject({ pictureId: 0x7f, pictureIdBits: 7 })
  })
})

describe('H.264 keyframes', () => {
  it('recognises IDR and SPS, alone, aggregated or as the first fragment', () => {
    expect(isH264KeyframeStart(bytes(0x65, 0x88), 0, 2)).toBe(true) // IDR slice
    expect(isH264KeyframeStart(bytes(0x67, 0x42), 0, 2)).toBe(true) // SPS
    expect(isH264KeyframeStart(bytes(0x41, 0x9a), 0, 2)).toBe(false) // non-IDR slice
    expect(isH264KeyframeStart(bytes(0x78, 0x00, 0x02, 0x67, 0x42, 0x00, 0x02, 0x68, 0xce), 0, 9)).toBe(true) // STAP-A with SPS
    expect(isH264KeyframeStart(bytes(0x78, 0x00, 0x02, 0x41, 0x9a), 0, 5)).toBe(false)
    expect(isH264KeyframeStart(bytes(0x7c, 0x85, 0x88), 0, 3)).toBe(true) // FU-A start of IDR
    expect(isH264KeyframeStart(bytes(0x7c, 0x05, 0x88), 0, 3)).toBe(false) // FU-A continuation
    expect(isH264KeyframeStart(bytes(0x7c, 0x81, 0x88), 0, 3)).toBe(false) // FU-A start of non-IDR
  })
})

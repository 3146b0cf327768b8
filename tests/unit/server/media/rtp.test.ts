import { describe, expect, it } from 'vitest'
import { findHeaderExtension, isNewerSequence, isRtcp, parseRtp, readAudioLevel, rewriteRtpHeader, sequenceDistance } from '../../../../server/media/rtp'

function rtp(options: { marker?: boolean; payloadType?: number; sequenceNumber?: number; timestamp?: number; ssrc?: number; csrcs?: number[]; extension?: Buffer; payload?: Buffer; padding?: number }): Buffer {
  const csrcs = options.csrcs ?? []
  const header = Buffer.alloc(12 + csrcs.length * 4)
  header[0] = 0x80 | (options.extension ? 0x10 : 0) | (options.padding ? 0x20 : 0) | csrcs.length
  header[1] = (options.marker ? 0x80 : 0) | (options.payloadType ?? 96)
  header.writeUInt16BE(options.sequenceNumber ?? 1, 2)
  header.writeUInt32BE(options.timestamp ?? 0, 4)
  header.writeUInt32BE(options.ssrc ?? 0x11223344, 8)
  csrcs.forEach((csrc, index) => header.writeUInt32BE(csrc, 12 + index * 4))
  const padding = options.padding ? Buffer.concat([Buffer.alloc(options.padding - 1), Buffer.from([options.padding])]) : Buffer.alloc(0)
  return Buffer.concat([header, options.extension ?? Buffer.alloc(0), options.payload ?? Buffer.from('payload'), padding])
}

describe('RTP parsing', () => {
  it('reads the fixed header', () => {
    const packet = rtp({ marker: true, payloadType: 111, sequenceNumber: 65535, timestamp: 0xfffffff0, ssrc: 0xdeadbeef })
    expect(parseRtp(packet)).toMatchObject({ marker: true, payloadType: 111, sequenceNumber: 65535, timestamp: 0xfffffff0, ssrc: 0xdeadbeef, payloadOffset: 12, payloadLength: 7, extensionOffset: -1 })
  })

  it('skips CSRCs, header extensions and padding to find the payload', () => {
    const extension = Buffer.from([0xbe, 0xde, 0x00, 0x01, 0x10, 0xaa, 0x00, 0x00])
    const packet = rtp({ csrcs: [1, 2], extension, payload: Buffer.from('abc'), padding: 4 })
    const info = parseRtp(packet)
    expect(info).toMatchObject({ payloadOffset: 12 + 8 + 8, payloadLength: 3, extensionOffset: 24, extensionLength: 4, extensionProfile: 0xbede })
    expect(packet.subarray(info!.payloadOffset, info!.payloadOffset + info!.payloadLength).toString()).toBe('abc')
  })

  it('refuses what is not RTP', () => {
    expect(parseRtp(Buffer.alloc(11))).toBeNull()
    expect(parseRtp(Buffer.from([0x40, 96, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull() // version 1
    const truncatedExtension = rtp({ extension: Buffer.from([0xbe, 0xde, 0x00, 0x09]) })
    expect(parseRtp(truncatedExtension)).toBeNull()
    const badPadding = rtp({ payload: Buffer.alloc(0) })
    badPadding[0] = (badPadding[0] as number) | 0x20
    badPadding[badPadding.length - 1] = 200
    expect(parseRtp(badPadding)).toBeNull()
  })

  it('tells RTCP from RTP by the second byte (RFC 5761)', () => {
    expect(isRtcp(Buffer.from([0x81, 200, 0, 6]))).toBe(true)
    expect(isRtcp(Buffer.from([0x81, 206, 0, 2]))).toBe(true)
    expect(isRtcp(rtp({ payloadType: 96 }))).toBe(false)
    expect(isRtcp(rtp({ payloadType: 111, marker: true }))).toBe(false)
  })
})

describe('header extensions and audio levels', () => {
  it('reads an RFC 6464 level from a one-byte extension among others', () => {
    // id 3 (2 bytes), then id 1 (audio level: voice, 33 -dBov), then padding
    const extension = Buffer.from([0xbe, 0xde, 0x00, 0x02, 0x31, 0x12, 0x34, 0x10, 0x80 | 33, 0x00, 0x00, 0x00])
    const packet = rtp({ payloadType: 111, extension })
    const info = parseRtp(packet)!
    expect(readAudioLevel(packet, info, 1)).toEqual({ level: 33, voice: true })
    expect(readAudioLevel(packet, info, 5)).toBeNull()
    const found = { length: 0 }
    expect(findHeaderExtension(packet, info, 3, found)).toBe(12 + 4 + 1)
    expect(found.length).toBe(2)
  })

  it('reads a two-byte-header extension', () => {
    const extension = Buffer.from([0x10, 0x00, 0x00, 0x01, 0x07, 0x01, 0x7f, 0x00])
    const packet = rtp({ payloadType: 111, extension })
    expect(readAudioLevel(packet, parseRtp(packet)!, 7)).toEqual({ level: 127, voice: false })
  })

  it('gives no level for a packet without extensions', () => {
    const packet = rtp({ payloadType: 111 })
    expect(readAudioLevel(packet, parseRtp(packet)!, 1)).toBeNull()
  })
})

describe('header rewriting and sequence arithmetic', () => {
  it('rewrites payload type, sequence number, timestamp and SSRC and keeps the marker', () => {
    const packet = rtp({ marker: true, payloadType: 120, sequenceNumber: 5, timestamp: 6, ssrc: 7 })
    rewriteRtpHeader(packet, 96, 65000, 0xfffffffe, 0xcafebabe)
    expect(parseRtp(packet)).toMatchObject({ marker: true, payloadType: 96, sequenceNumber: 65000, timestamp: 0xfffffffe, ssrc: 0xcafebabe })
  })

  it('compares sequence numbers across the wrap', () => {
    expect(isNewerSequence(1, 65535)).toBe(true)
    expect(isNewerSequence(65535, 1)).toBe(false)
    expect(isNewerSequence(10, 10)).toBe(false)
    expect(sequenceDistance(2, 65534)).toBe(4)
    expect(sequenceDistance(65534, 2)).toBe(-4)
  })
})

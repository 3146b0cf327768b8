import { describe, expect, it } from 'vitest'
import { buildNack, buildPli, buildReceiverReport, buildRemb, buildSenderReport, compound, parseRtcp } from '../../../../server/media/rtcp'

describe('RTCP', () => {
  it('builds and reads a PLI', () => {
    expect(parseRtcp(buildPli(1, 0xabcdef01))).toEqual([{ type: 'pli', senderSsrc: 1, mediaSsrc: 0xabcdef01 }])
  })

  it('packs NACKed sequence numbers into PID and bitmask pairs, across the wrap', () => {
    const wanted = [65534, 65535, 0, 3, 100, 116, 117]
    const packet = buildNack(1, 2, wanted)
    // 65534 covers up to 65534+16 = 14 (wrapping), 100 covers 101..116, 117 needs its own pair.
    expect(packet.length).toBe(12 + 3 * 4)
    const [item] = parseRtcp(packet)
    expect(item).toMatchObject({ type: 'nack', mediaSsrc: 2 })
    expect(new Set((item as { sequenceNumbers: number[] }).sequenceNumbers)).toEqual(new Set(wanted))
  })

  it('reads a FIR with its FCI entries', () => {
    const packet = Buffer.alloc(20)
    packet[0] = 0x84
    packet[1] = 206
    packet.writeUInt16BE(4, 2)
    packet.writeUInt32BE(9, 4)
    packet.writeUInt32BE(0, 8)
    packet.writeUInt32BE(0x55667788, 12)
    packet[16] = 3
    expect(parseRtcp(packet)).toEqual([{ type: 'fir', senderSsrc: 9, ssrcs: [0x55667788] }])
  })

  it('encodes REMB bitrates with exponent and mantissa', () => {
    for (const bitrate of [30_000, 262_143, 2_000_000, 123_456_789]) {
      const [item] = parseRtcp(buildRemb(7, bitrate, [11, 22]))
      expect(item).toMatchObject({ type: 'remb', senderSsrc: 7, ssrcs: [11, 22] })
      const decoded = (item as { bitrate: number }).bitrate
      expect(decoded).toBeLessThanOrEqual(bitrate)
      expect(decoded).toBeGreaterThan(bitrate * 0.999)
    }
  })

  it('writes receiver reports that a parser can walk, inside a compound packet with a sender report', () => {
    const rr = buildReceiverReport(5, [{ ssrc: 6, fractionLost: 25, cumulativeLost: 3, extendedHighestSequence: 70_000, jitter: 12.4, lastSenderReport: 0x12345678, delaySinceLastSenderReport: 65536 }])
    expect(rr.readUInt32BE(8)).toBe(6)
    expect(rr[12]).toBe(25)
    expect(rr.readUIntBE(13, 3)).toBe(3)
    expect(rr.readUInt32BE(16)).toBe(70_000)
    expect(rr.readUInt32BE(20)).toBe(12)
    const sr = buildSenderReport(8, 3_900_000_000, 0x80000000, 123_456, 10, 1000)
    expect(parseRtcp(compound(sr, rr, buildPli(5, 8)))).toEqual([
      { type: 'sr', ssrc: 8, ntpSeconds: 3_900_000_000, ntpFraction: 0x80000000, rtpTimestamp: 123_456, packetCount: 10, octetCount: 1000 },
      { type: 'rr', ssrc: 5 },
      { type: 'pli', senderSsrc: 5, mediaSsrc: 8 },
    ])
  })

  it('stops at a truncated packet instead of reading past it', () => {
    const pli = buildPli(1, 2)
    expect(parseRtcp(compound(pli, pli.subarray(0, 8)))).toEqual([{ type: 'pli', senderSsrc: 1, mediaSsrc: 2 }])
    expect(parseRtcp(Buffer.from([0x80, 206, 0, 9, 0, 0, 0, 0]))).toEqual([])
  })
})

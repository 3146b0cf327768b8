import { describe, expect, it } from 'vitest'
import { PacketRing } from '../../../../server/media/packet-ring'
import { NackGenerator, ReceiveStatistics } from '../../../../server/media/receive-stats'

describe('NACK history ring', () => {
  it('returns the packet stored for a sequence number until it is overwritten', () => {
    const ring = new PacketRing<string>(8)
    for (let sequence = 65_530; sequence < 65_536 + 4; sequence += 1) ring.put(sequence & 0xffff, `p${sequence & 0xffff}`)
    expect(ring.get(3)).toBe('p3')
    expect(ring.get(65_535)).toBe('p65535')
    expect(ring.get(65_532)).toBe('p65532')
    // 65530 and 65531 share slots with 2 and 3: overwritten.
    expect(ring.get(65_530)).toBeUndefined()
    expect(ring.get(4)).toBeUndefined()
    ring.clear()
    expect(ring.get(3)).toBeUndefined()
  })

  it('wants a power of two', () => {
    expect(() => new PacketRing(100)).toThrow(RangeError)
  })
})

describe('NACK generator (towards a publisher)', () => {
  it('asks for missing packets after a short reorder wait, retries, then gives up', () => {
    const nacks = new NackGenerator({ reorderDelayMs: 10, retryMs: 100, maxRequests: 2 })
    expect(nacks.packet(100, 0)).toEqual([])
    expect(nacks.packet(103, 1)).toEqual([]) // 101 and 102 missing: wait for reordering
    expect(nacks.packet(104, 12)).toEqual([101, 102])
    expect(nacks.packet(102, 13)).toEqual([]) // 102 arrived late
    expect(nacks.packet(105, 50)).toEqual([]) // not yet time to retry
    expect(nacks.packet(106, 113)).toEqual([101])
    expect(nacks.packet(107, 300)).toEqual([]) // asked twice: given up
    expect(nacks.missingCount).toBe(0)
  })

  it('treats a huge jump as a restart, not a loss', () => {
    const nacks = new NackGenerator({ maxGap: 50 })
    nacks.packet(1, 0)
    expect(nacks.packet(30_000, 100)).toEqual([])
    expect(nacks.missingCount).toBe(0)
  })

  it('handles the sequence number wrap', () => {
    const nacks = new NackGenerator({ reorderDelayMs: 0 })
    nacks.packet(65_534, 0)
    expect(nacks.packet(1, 1)).toEqual([65_535, 0])
  })
})

describe('receive statistics (receiver reports)', () => {
  it('counts loss, the extended highest sequence number and the last sender report', () => {
    const stats = new ReceiveStatistics(90_000)
    for (const sequence of [65_530, 65_531, 65_533, 65_535, 0, 1]) stats.packet(sequence, sequence * 3000, sequence)
    stats.senderReport(0x0001_2345, 0x6789_0000, 1000)
    const block = stats.reportBlock(77, 1500)
    expect(block).toMatchObject({ ssrc: 77, cumulativeLost: 2, extendedHighestSequence: 65_536 + 1, lastSenderReport: 0x2345_6789, delaySinceLastSenderReport: 32_768 })
    expect(block.fractionLost).toBe(Math.floor((2 * 256) / 8))
    // The next interval has no loss.
    stats.packet(2, 6000, 2000)
    expect(stats.reportBlock(77, 2000).fractionLost).toBe(0)
  })
})

import { describe, expect, it } from 'vitest'
import { createRewriteOutput, RtpStreamRewriter, type RewriteInput } from '../../../../server/media/stream-rewriter'

const HIGH = 1
const LOW = 2

/** A source stream of one-packet frames at 30 fps with 15-bit picture IDs. */
function source(id: number, start: { sequenceNumber: number; timestamp: number; pictureId: number }) {
  let index = -1
  return (keyframe = false): RewriteInput => {
    index += 1
    return {
      source: id,
      sequenceNumber: (start.sequenceNumber + index) & 0xffff,
      timestamp: (start.timestamp + index * 3000) >>> 0,
      keyframeStart: keyframe,
      pictureId: (start.pictureId + index) & 0x7fff,
      pictureIdBits: 15,
      tl0PicIdx: -1,
    }
  }
}

function run(rewriter: RtpStreamRewriter, input: RewriteInput, now: number) {
  const out = createRewriteOutput()
  return rewriter.rewrite(input, now, out) ? { ...out } : null
}

describe('RTP stream rewriter (video)', () => {
  it('forwards nothing until the target starts a keyframe, then passes the source through', () => {
    const rewriter = new RtpStreamRewriter({ clockRate: 90_000, switchOnKeyframeOnly: true })
    const high = source(HIGH, { sequenceNumber: 100, timestamp: 1000, pictureId: 5 })
    rewriter.setTarget(HIGH)
    expect(rewriter.waitingForKeyframe).toBe(true)
    expect(run(rewriter, high(), 0)).toBeNull()
    expect(run(rewriter, high(true), 33)).toEqual({ sequenceNumber: 101, timestamp: 4000, pictureId: 6, tl0PicIdx: -1 })
    expect(rewriter.waitingForKeyframe).toBe(false)
    expect(run(rewriter, high(), 66)).toEqual({ sequenceNumber: 102, timestamp: 7000, pictureId: 7, tl0PicIdx: -1 })
  })

  it('forwards nothing without a target', () => {
    const rewriter = new RtpStreamRewriter({ clockRate: 90_000, switchOnKeyframeOnly: true })
    expect(run(rewriter, source(HIGH, { sequenceNumber: 1, timestamp: 1, pictureId: 1 })(true), 0)).toBeNull()
  })

  it('switches layers only at a keyframe of the new one, with continuous numbering', () => {
    const rewriter = new RtpStreamRewriter({ clockRate: 90_000, switchOnKeyframeOnly: true })
    const low = source(LOW, { sequenceNumber: 65_530, timestamp: 0xffff0000, pictureId: 0x7ffd })
    const high = source(HIGH, { sequenceNumber: 20_000, timestamp: 5_000_000, pictureId: 100 })
    rewriter.setTarget(LOW)
    let now = 0
    const sent: Array<{ sequenceNumber: number; timestamp: number; pictureId: number } | null> = []
    sent.push(run(rewriter, low(true), now))
    for (let frame = 0; frame < 4; frame += 1) sent.push(run(rewriter, low(), (now += 33)))

    rewriter.setTarget(HIGH)
    // Delta frames of the new layer are dropped; the old layer keeps flowing meanwhile.
    expect(run(rewriter, high(), (now += 1))).toBeNull()
    sent.push(run(rewriter, low(), (now += 32)))
    expect(rewriter.currentSource).toBe(LOW)
    // The keyframe switches; the old layer is dropped from then on.
    const switched = run(rewriter, high(true), (now += 33))
    sent.push(switched)
    expect(rewriter.currentSource).toBe(HIGH)
    expect(run(rewriter, low(true), (now += 1))).toBeNull()
    sent.push(run(rewriter, high(), (now += 32)))

    const forwarded = sent.map((each) => each!)
    for (let index = 1; index < forwarded.length; index += 1) {
      const previous = forwarded[index - 1]!
      const current = forwarded[index]!
      expect(current.sequenceNumber).toBe((previous.sequenceNumber + 1) & 0xffff)
      expect(current.pictureId).toBe((previous.pictureId + 1) & 0x7fff)
      // Timestamps move forward by the time that passed (33 ms = 2970 ticks at 90 kHz, give or take).
      const step = (current.timestamp - previous.timestamp) >>> 0
      expect(step).toBeGreaterThan(2500)
      expect(step).toBeLessThan(3100)
    }
  })

  it('drops late packets of the new source from before its keyframe', () => {
    const rewriter = new RtpStreamRewriter({ clockRate: 90_000, switchOnKeyframeOnly: true })
    rewriter.setTarget(HIGH)
    const base = { source: HIGH, timestamp: 9000, keyframeStart: false, pictureId: -1, pictureIdBits: 0, tl0PicIdx: -1 }
    expect(run(rewriter, { ...base, sequenceNumber: 10, keyframeStart: true }, 0)).not.toBeNull()
    expect(run(rewriter, { ...base, sequenceNumber: 9 }, 1)).toBeNull()
    expect(run(rewriter, { ...base, sequenceNumber: 12 }, 2)?.sequenceNumber).toBe(12)
    // Reordered within the segment: still forwarded, with its own number.
    expect(run(rewriter, { ...base, sequenceNumber: 11 }, 3)?.sequenceNumber).toBe(11)
  })

  it('rewrites TL0PICIDX continuously across a switch', () => {
    const rewriter = new RtpStreamRewriter({ clockRate: 90_000, switchOnKeyframeOnly: true })
    const packet = (source: number, sequenceNumber: number, tl0PicIdx: number, keyframeStart: boolean): RewriteInput => ({ source, sequenceNumber, timestamp: sequenceNumber * 3000, keyframeStart, pictureId: -1, pictureIdBits: 0, tl0PicIdx })
    rewriter.setTarget(LOW)
    expect(run(rewriter, packet(LOW, 1, 254, true), 0)?.tl0PicIdx).toBe(254)
    expect(run(rewriter, packet(LOW, 2, 255, false), 33)?.tl0PicIdx).toBe(255)
    rewriter.setTarget(HIGH)
    expect(run(rewriter, packet(HIGH, 500, 17, true), 66)?.tl0PicIdx).toBe(0)
  })

  it('resolves outgoing sequence numbers of earlier segments for NACK answers', () => {
    const rewriter = new RtpStreamRewriter({ clockRate: 90_000, switchOnKeyframeOnly: true })
    const low = source(LOW, { sequenceNumber: 1000, timestamp: 0, pictureId: 0 })
    const high = source(HIGH, { sequenceNumber: 40_000, timestamp: 0, pictureId: 0 })
    rewriter.setTarget(LOW)
    const first = run(rewriter, low(true), 0)!
    run(rewriter, low(), 33)
    rewriter.setTarget(HIGH)
    const switched = run(rewriter, high(true), 66)!
    run(rewriter, high(), 99)
    expect(rewriter.resolve(first.sequenceNumber)).toMatchObject({ sequenceNumber: 1000, segment: { source: LOW } })
    expect(rewriter.resolve((first.sequenceNumber + 1) & 0xffff)).toMatchObject({ sequenceNumber: 1001, segment: { source: LOW } })
    expect(rewriter.resolve(switched.sequenceNumber)).toMatchObject({ sequenceNumber: 40_000, segment: { source: HIGH } })
    // Never sent (in the future) or from before the stream began.
    expect(rewriter.resolve((switched.sequenceNumber + 5) & 0xffff)).toBeNull()
    expect(rewriter.resolve((first.sequenceNumber - 1) & 0xffff)).toBeNull()
  })

  it('continues after a pause without a hole when rebased, at the next keyframe', () => {
    const rewriter = new RtpStreamRewriter({ clockRate: 90_000, switchOnKeyframeOnly: true })
    const high = source(HIGH, { sequenceNumber: 10, timestamp: 0, pictureId: 0 })
    rewriter.setTarget(HIGH)
    const last = run(rewriter, high(true), 0)!
    for (let skipped = 0; skipped < 50; skipped += 1) high()
    rewriter.rebase()
    expect(run(rewriter, high(), 1000)).toBeNull()
    const resumed = run(rewriter, high(true), 1033)!
    expect(resumed.sequenceNumber).toBe(last.sequenceNumber + 1)
  })
})

describe('RTP stream rewriter (audio)', () => {
  it('switches to a new source at once (a publisher who reconnected), continuing numbering and clock', () => {
    const rewriter = new RtpStreamRewriter({ clockRate: 48_000, switchOnKeyframeOnly: false })
    const input = (source: number, sequenceNumber: number, timestamp: number): RewriteInput => ({ source, sequenceNumber, timestamp, keyframeStart: false, pictureId: -1, pictureIdBits: 0, tl0PicIdx: -1 })
    rewriter.setTarget(1)
    expect(run(rewriter, input(1, 7, 960), 0)).toMatchObject({ sequenceNumber: 7, timestamp: 960 })
    expect(run(rewriter, input(1, 8, 1920), 20)).toMatchObject({ sequenceNumber: 8, timestamp: 1920 })
    rewriter.setTarget(2)
    // 500 ms later the new source starts: 24000 ticks at 48 kHz.
    expect(run(rewriter, input(2, 40_000, 123), 520)).toMatchObject({ sequenceNumber: 9, timestamp: 1920 + 24_000 })
    expect(run(rewriter, input(1, 9, 2880), 521)).toBeNull()
    expect(run(rewriter, input(2, 40_001, 1083), 540)).toMatchObject({ sequenceNumber: 10, timestamp: 1920 + 24_000 + 960 })
  })
})

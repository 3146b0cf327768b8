import { describe, expect, it } from 'vitest'
import { loudnessFromLevel, loudnessFromOpusSize, SpeakingDetector } from '../../../../server/media/speaking'

describe('loudness', () => {
  it('maps RFC 6464 levels (-dBov) to 0..1', () => {
    expect(loudnessFromLevel(127)).toBe(0)
    expect(loudnessFromLevel(0)).toBe(1)
    expect(loudnessFromLevel(20)).toBeCloseTo(0.75)
    expect(loudnessFromLevel(90)).toBe(0)
  })

  it('guesses from Opus packet sizes when there is no level', () => {
    expect(loudnessFromOpusSize(8)).toBe(0)
    expect(loudnessFromOpusSize(100)).toBe(1)
    expect(loudnessFromOpusSize(60)).toBeCloseTo(0.5)
  })
})

describe('speaking detector', () => {
  /** Feeds 20 ms packets of one loudness for a duration; returns the announcements. */
  function feed(detector: SpeakingDetector, loudness: number, fromMs: number, toMs: number) {
    const announced: Array<{ at: number; level: number }> = []
    for (let now = fromMs; now < toMs; now += 20) {
      const level = detector.sample(loudness, now)
      if (level !== null) announced.push({ at: now, level })
    }
    return announced
  }

  it('stays quiet on silence and background noise', () => {
    const detector = new SpeakingDetector()
    expect(feed(detector, 0, 0, 2000)).toEqual([])
    expect(feed(detector, 0.3, 2000, 4000)).toEqual([])
    expect(detector.speaking).toBe(false)
  })

  it('announces speech a few times a second, then one 0 when it ends', () => {
    const detector = new SpeakingDetector({ windowMs: 200, holdMs: 600, announceIntervalMs: 250 })
    const speech = feed(detector, 0.8, 0, 2000)
    expect(speech[0]?.level).toBe(0.8)
    expect(speech.length).toBeGreaterThanOrEqual(5)
    expect(speech.length).toBeLessThanOrEqual(9)
    for (let index = 1; index < speech.length; index += 1) expect(speech[index]!.at - speech[index - 1]!.at).toBeGreaterThanOrEqual(250)
    // A short pause between words does not end the speech.
    expect(feed(detector, 0, 2000, 2300).some((each) => each.level === 0)).toBe(false)
    const ending = feed(detector, 0, 2300, 4000)
    expect(ending.filter((each) => each.level === 0)).toHaveLength(1)
    expect(detector.speaking).toBe(false)
  })

  it('ends a speech whose packets stopped coming, on the tick', () => {
    const detector = new SpeakingDetector({ holdMs: 600 })
    feed(detector, 0.9, 0, 1000)
    expect(detector.speaking).toBe(true)
    expect(detector.tick(1200)).toBeNull()
    expect(detector.tick(1700)).toBe(0)
    expect(detector.tick(1800)).toBeNull()
  })

  it('resets when the microphone closes', () => {
    const detector = new SpeakingDetector()
    feed(detector, 0.9, 0, 1000)
    expect(detector.reset(1000)).toBe(0)
    expect(detector.reset(1001)).toBeNull()
  })
})

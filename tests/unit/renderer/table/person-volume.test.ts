// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Module from '../../../../renderer/state/person-volume'

type PersonVolumeModule = typeof Module


/** The module as a fresh page load gets it: its state read from what this device stored. */
async function reload(): Promise<PersonVolumeModule> {
  vi.resetModules()
  return import('../../../../renderer/state/person-volume')
}

beforeEach(() => localStorage.clear())

describe('per-person volume', () => {
  it('is 100 % by default, remembered per person across page loads (and games)', async () => {
    const page = await reload()
    expect(page.volumeOf(page.personVolumeState, 12)).toBe(100)
    page.setPersonVolume(12, 35)
    page.setPersonVolume(40, 0)
    expect(page.volumeOf(page.personVolumeState, 12)).toBe(35)

    const reloaded = await reload()
    expect(reloaded.volumeOf(reloaded.personVolumeState, 12)).toBe(35)
    expect(reloaded.volumeOf(reloaded.personVolumeState, 40)).toBe(0)
    expect(reloaded.volumeOf(reloaded.personVolumeState, 41)).toBe(100)

    // Back to full volume: nothing left to remember.
    reloaded.setPersonVolume(12, 100)
    expect(JSON.parse(localStorage.getItem('personVolume') ?? '{}')).toEqual({ 40: 0 })
  })

  it('clamps to 0..100 in whole percent and ignores what is not a number', async () => {
    const page = await reload()
    page.setPersonVolume(5, 250)
    expect(page.volumeOf(page.personVolumeState, 5)).toBe(100)
    page.setPersonVolume(5, -20)
    expect(page.volumeOf(page.personVolumeState, 5)).toBe(0)
    page.setPersonVolume(5, 33.6)
    expect(page.volumeOf(page.personVolumeState, 5)).toBe(34)
    page.setPersonVolume(5, Number.NaN)
    expect(page.volumeOf(page.personVolumeState, 5)).toBe(34)
    page.setPersonVolume(0, 50)
    page.setPersonVolume(-3, 50)
    expect(Object.keys(page.personVolumeState.volumes)).toEqual(['5'])

    expect(page.mediaVolume(34)).toBeCloseTo(0.34)
    expect(page.mediaVolume(180)).toBe(1)
    expect(page.mediaVolume(-1)).toBe(0)
  })

  it('ignores bad stored data, keeping the good entries (clamped)', async () => {
    for (const stored of ['{oops', '[1,2]', '"loud"', 'null']) {
      localStorage.setItem('personVolume', stored)
      expect((await reload()).personVolumeState.volumes, stored).toEqual({})
    }
    localStorage.setItem('personVolume', JSON.stringify({ 3: 20, 4: 'x', abc: 10, 0: 10, 5: 140, 6: -5, 7: 100, 8: null }))
    expect((await reload()).personVolumeState.volumes).toEqual({ 3: 20, 6: 0 })
  })

  it(`remembers at most the limit of people`, async () => {
    const page = await reload()
    for (let id = 1; id <= page.personVolumeLimit + 5; id++) page.setPersonVolume(id, 50)
    expect(Object.keys(page.personVolumeState.volumes)).toHaveLength(page.personVolumeLimit)
    expect(page.volumeOf(page.personVolumeState, page.personVolumeLimit + 5)).toBe(50)
  })
})

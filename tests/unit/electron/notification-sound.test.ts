import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { notificationSoundFile } from '../../../electron/common/bridge'

// Vite copies renderer/public/ to the build root, where both bridges look for the sound.
const soundPath = fileURLToPath(new URL(`../../../renderer/public/${notificationSoundFile}`, import.meta.url))

describe('the notification sound', () => {
  const file = readFileSync(soundPath)

  it('is a small 16-bit mono PCM WAV of about a quarter second', () => {
    expect(file.length).toBeLessThan(20_000)
    expect(file.toString('ascii', 0, 4)).toBe('RIFF')
    expect(file.toString('ascii', 8, 12)).toBe('WAVE')
    expect(file.toString('ascii', 12, 16)).toBe('fmt ')
    expect(file.readUInt16LE(20)).toBe(1) // PCM
    expect(file.readUInt16LE(22)).toBe(1) // mono
    const rate = file.readUInt32LE(24)
    expect(rate).toBe(22_050)
    expect(file.readUInt16LE(34)).toBe(16)
    expect(file.toString('ascii', 36, 40)).toBe('data')
    const dataBytes = file.readUInt32LE(40)
    expect(dataBytes).toBe(file.length - 44)
    expect(dataBytes / 2 / rate).toBeCloseTo(0.25, 2)
  })

  it('is audible but not loud, and starts and ends in silence (no clicks)', () => {
    const samples = Array.from({ length: (file.length - 44) / 2 }, (_, index) => file.readInt16LE(44 + index * 2))
    const peak = Math.max(...samples.map(Math.abs))
    expect(peak).toBeGreaterThan(8_000)
    expect(peak).toBeLessThan(24_000)
    expect(Math.abs(samples[0] ?? 1)).toBeLessThan(100)
    expect(Math.abs(samples.at(-1) ?? 1)).toBeLessThan(100)
  })
})

// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { ref } from 'valtio'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TableAudio } from '../../../../renderer/features/table/video/TableAudio'
import { mediaState } from '../../../../renderer/rtc'
import { setPersonVolume } from '../../../../renderer/state/person-volume'

const stream = ref({ getTracks: () => [], getAudioTracks: () => [] } as unknown as MediaStream)
const peer = (peerId: string) => ({ peerId, role: 'player' as never, stream, audioMuted: false, speaking: 0, cameraOn: false, videoPaused: false })

beforeAll(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
})
afterEach(() => {
  cleanup()
  mediaState.peers = {}
  localStorage.clear()
})

describe('table audio', () => {
  it("plays each person at the viewer's volume for them, and follows a change at once", async () => {
    setPersonVolume(12, 40)
    mediaState.peers = { '12': peer('12'), '13': peer('13'), 'share-9-x': peer('share-9-x') }
    render(<TableAudio attempt={0} />)
    const audio = (id: string) => screen.getByTestId(`audio-${id}`) as HTMLAudioElement
    expect(audio('12').volume).toBeCloseTo(0.4)
    expect(audio('13').volume).toBe(1)
    expect(audio('share-9-x').volume).toBe(1)

    await act(async () => setPersonVolume(13, 0))
    expect(audio('13').volume).toBe(0)
    await act(async () => setPersonVolume(12, 100))
    expect(audio('12').volume).toBe(1)
  })
})

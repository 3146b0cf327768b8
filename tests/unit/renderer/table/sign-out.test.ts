// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as ApiClient from '../../../../renderer/api/client'

const logouts = vi.fn()

vi.mock('../../../../renderer/api/client', async (original) => {
  const actual = await original<typeof ApiClient>()
  return { ...actual, call: vi.fn(async () => logouts()) }
})

/** The state modules as a fresh page load gets them, read from what this device stored. */
async function reload() {
  vi.resetModules()
  return {
    session: await import('../../../../renderer/state/session'),
    marks: await import('../../../../renderer/state/seat-marks'),
    volumes: await import('../../../../renderer/state/person-volume'),
  }
}

beforeEach(() => {
  localStorage.clear()
  logouts.mockReset()
})

describe('signing out', () => {
  it('forgets the seat marks and the per-person volumes on this device, so the next user of the page or of the device starts without them', async () => {
    const page = await reload()
    page.session.setSession({ token: 'token-of-a', user: { id: 5 } } as Parameters<typeof page.session.setSession>[0])
    page.marks.setSeatMark(7, 3, 'suspicion')
    page.volumes.setPersonVolume(22, 30)
    // Kept across a reload while signed in.
    const kept = await reload()
    expect(kept.marks.markOf(kept.marks.seatMarksState, 7, 3)).toBe('suspicion')
    expect(kept.volumes.volumeOf(kept.volumes.personVolumeState, 22)).toBe(30)

    await kept.session.signOut()
    expect(logouts).toHaveBeenCalledTimes(1)
    expect(kept.marks.markOf(kept.marks.seatMarksState, 7, 3)).toBe('none')
    expect(kept.volumes.volumeOf(kept.volumes.personVolumeState, 22)).toBe(100)

    // Nor does the next page load find them.
    const next = await reload()
    expect(next.marks.seatMarksState).toEqual({ lobbyId: null, marks: {} })
    expect(next.volumes.personVolumeState.volumes).toEqual({})
  })

  it('forgets them when the server ends the session too (a refused token)', async () => {
    const page = await reload()
    page.marks.setSeatMark(4, 9, 'trust')
    page.volumes.setPersonVolume(8, 0)
    page.session.clearSession()
    const next = await reload()
    expect(next.marks.markOf(next.marks.seatMarksState, 4, 9)).toBe('none')
    expect(next.volumes.volumeOf(next.volumes.personVolumeState, 8)).toBe(100)
  })
})

import { proxy } from 'valtio'

/**
 * How loud the viewer hears each person at a table, 0..100 %, remembered per user id on this
 * device across games (a quiet microphone stays turned up the next time). 100 % is the default
 * and is not stored.
 */
export interface PersonVolumeState {
  /** User id to volume in percent (0..99; 100 is the default and absent). */
  volumes: Record<number, number>
}

/** localStorage key of the volumes. */
export const personVolumeStorageKey = 'personVolume'
export const defaultVolume = 100
/** People remembered at most: only bounds what the device keeps (beyond it, the lowest ids are dropped). */
export const personVolumeLimit = 500

const isUserId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1

/** A volume in whole percent within 0..100; null for what is not a number at all. */
export function clampVolume(value: unknown): number | null {
  if (typeof value !== 'number' || Number.isNaN(value)) return null
  return Math.round(Math.min(100, Math.max(0, value)))
}

/** The element volume (0..1) of a percentage. */
export const mediaVolume = (percent: number): number => (clampVolume(percent) ?? defaultVolume) / 100

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** The volumes saved on this device; malformed entries (or a malformed save) are ignored. */
export function readVolumes(from: Storage | null = storage()): PersonVolumeState {
  try {
    const parsed: unknown = JSON.parse(from?.getItem(personVolumeStorageKey) ?? 'null')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { volumes: {} }
    const volumes: Record<number, number> = {}
    for (const [id, value] of Object.entries(parsed)) {
      const volume = clampVolume(value)
      if (isUserId(Number(id)) && volume !== null && volume !== defaultVolume) volumes[Number(id)] = volume
    }
    return { volumes }
  } catch {
    return { volumes: {} }
  }
}

export function writeVolumes(state: PersonVolumeState, to: Storage | null = storage()): void {
  try {
    to?.setItem(personVolumeStorageKey, JSON.stringify(state.volumes))
  } catch {
    // blocked storage: the volumes last for this visit
  }
}

export const personVolumeState = proxy<PersonVolumeState>(readVolumes())

/** The viewer's volume for a person, in percent. */
export const volumeOf = (state: Pick<PersonVolumeState, 'volumes'>, userId: number): number => state.volumes[userId] ?? defaultVolume

/** Sets (and remembers) how loud a person is heard; clamped to 0..100, whole percent. */
export function setPersonVolume(userId: number, percent: number): void {
  const volume = clampVolume(percent)
  if (!isUserId(userId) || volume === null) return
  if (volume === defaultVolume) delete personVolumeState.volumes[userId]
  else personVolumeState.volumes[userId] = volume
  const ids = Object.keys(personVolumeState.volumes).map(Number)
  const others = ids.filter((id) => id !== userId)
  for (const id of others.slice(0, Math.max(0, ids.length - personVolumeLimit))) delete personVolumeState.volumes[id]
  writeVolumes(personVolumeState)
}

/** Forgets every volume (signing out: they are the signed-out user's choices, not the next one's). */
export function clearPersonVolumes(): void {
  personVolumeState.volumes = {}
  try {
    storage()?.removeItem(personVolumeStorageKey)
  } catch {
    // blocked storage: nothing was kept
  }
}

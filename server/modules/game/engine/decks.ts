import type { DeckId, NightStep, RoleName, Team } from '../../../contract/game'
import { nightSteps } from '../../../contract/game'

/** The roles the engine gives rules to; a deck may only deal these. */
export type PlayableRole = 'Civil' | 'Sheriff' | 'Mafia' | 'Don' | 'Doctor' | 'Maniac'

const playableRoles: readonly RoleName[] = ['Civil', 'Sheriff', 'Doctor', 'Mafia', 'Don', 'Maniac'] satisfies PlayableRole[]

export function isPlayableRole(role: RoleName): role is PlayableRole {
  return playableRoles.includes(role)
}

/**
 * The side a role plays for. Roles without rules never reach a table (decks deal playable roles
 * only). A switch, because views ask this for every seat of every view.
 */
export function teamOf(role: RoleName): Team {
  switch (role) {
    case 'Mafia':
    case 'Don':
      return 'black'
    case 'Maniac':
      return 'maniac'
    default:
      return 'red'
  }
}

/** A deck is data: the roles it deals for each table size it supports. */
export interface Deck {
  id: DeckId
  name: string
  layouts: Readonly<Partial<Record<number, readonly PlayableRole[]>>>
}

const civils = (count: number): PlayableRole[] => Array.from({ length: count }, () => 'Civil' as const)

export const decks: Readonly<Record<DeckId, Deck>> = {
  1: { id: 1, name: 'classic', layouts: { 10: [...civils(6), 'Sheriff', 'Mafia', 'Mafia', 'Don'] } },
  2: { id: 2, name: 'city', layouts: { 12: ['Don', 'Mafia', 'Mafia', 'Sheriff', 'Doctor', 'Maniac', ...civils(6)] } },
}

/** The deck's roles for a table of this size, or null when the deck has no such table. */
export function deckLayout(deckId: DeckId, seatCount: number): readonly PlayableRole[] | null {
  return decks[deckId].layouts[seatCount] ?? null
}

/**
 * The night steps a deck plays, in order. A step stays in every night even after its role has
 * left, so the table cannot tell from the night's rhythm who is still playing.
 */
export function nightStepsOf(deckId: DeckId, seatCount: number): readonly NightStep[] {
  const key = `${deckId}:${seatCount}`
  const known = nightStepsByTable.get(key)
  if (known) return known
  const steps = computeNightSteps(deckId, seatCount)
  nightStepsByTable.set(key, steps)
  return steps
}

/** Decks never change, so each table's night steps are worked out once. */
const nightStepsByTable = new Map<string, readonly NightStep[]>()

function computeNightSteps(deckId: DeckId, seatCount: number): readonly NightStep[] {
  const roles = new Set<RoleName>(deckLayout(deckId, seatCount) ?? [])
  const present: Record<NightStep, boolean> = {
    shooting: roles.has('Mafia') || roles.has('Don'),
    maniac: roles.has('Maniac'),
    doctor: roles.has('Doctor'),
    don: roles.has('Don'),
    sheriff: roles.has('Sheriff'),
  }
  return nightSteps.filter((step) => present[step])
}

/**
 * The upper bounds (exclusive) of the random numbers `dealRoles` needs, in order: the host draws
 * each with a cryptographically secure `randomInt(bound)`, which makes the shuffle exactly uniform.
 */
export function shuffleBounds(seatCount: number): number[] {
  return Array.from({ length: Math.max(0, seatCount - 1) }, (_, index) => seatCount - index)
}

/**
 * Deals the deck's roles for `seatCount` seats with a Fisher-Yates shuffle driven by the supplied
 * random numbers, so the host keeps the randomness (and its security) and the deal stays pure.
 * `randomInts[k]` should be uniform in `[0, shuffleBounds(seatCount)[k])`; larger values are
 * reduced modulo the bound (a negligible bias for 32-bit values). Index 0 of the result is seat 1.
 */
export function dealRoles(deck: Deck, seatCount: number, randomInts: readonly number[]): RoleName[] {
  const layout = deck.layouts[seatCount]
  if (!layout) throw new RangeError(`Deck ${deck.id} has no table of ${seatCount} seats`)
  const bounds = shuffleBounds(seatCount)
  if (randomInts.length < bounds.length) throw new RangeError(`The deal needs ${bounds.length} random numbers`)
  const roles: RoleName[] = [...layout]
  bounds.forEach((bound, index) => {
    const value = randomInts[index] ?? 0
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError('Random numbers must be non-negative integers')
    const last = bound - 1
    const pick = value % bound
    const swap = roles[last] as RoleName
    roles[last] = roles[pick] as RoleName
    roles[pick] = swap
  })
  return roles
}

import { describe, expect, it } from 'vitest'
import { characterNames, defaultLobbySettings, type RoleName } from '../../../server/contract/game'
import { canSit, dealRoles, deckLayout, decks, nightStepsOf, shuffleBounds, teamOf } from '../../../server/modules/game/engine'

const count = (roles: readonly RoleName[], role: RoleName) => roles.filter((candidate) => candidate === role).length

describe('decks are data', () => {
  it('deck 1 "classic" deals ten seats: 6 Civil, the Sheriff, 2 Mafia and the Don', () => {
    const roles = deckLayout(1, 10) ?? []
    expect(decks[1].name).toBe('classic')
    expect(roles).toHaveLength(10)
    expect([count(roles, 'Civil'), count(roles, 'Sheriff'), count(roles, 'Mafia'), count(roles, 'Don')]).toEqual([6, 1, 2, 1])
  })

  it('deck 2 "city" deals twelve seats: the Don, 2 Mafia, the Sheriff, the Doctor, the Maniac and 6 Civil', () => {
    const roles = deckLayout(2, 12) ?? []
    expect(decks[2].name).toBe('city')
    expect(roles).toHaveLength(12)
    expect(['Don', 'Mafia', 'Sheriff', 'Doctor', 'Maniac', 'Civil'].map((role) => count(roles, role as RoleName))).toEqual([1, 2, 1, 1, 1, 6])
  })

  it('a deck has no table of another size', () => {
    expect(deckLayout(1, 12)).toBeNull()
    expect(deckLayout(2, 10)).toBeNull()
  })

  it('teams: Civil, Sheriff and Doctor are red, Mafia and Don black, the Maniac plays alone', () => {
    expect((['Civil', 'Sheriff', 'Doctor'] as const).map(teamOf)).toEqual(['red', 'red', 'red'])
    expect((['Mafia', 'Don'] as const).map(teamOf)).toEqual(['black', 'black'])
    expect(teamOf('Maniac')).toBe('maniac')
  })

  it('nights follow the deck: shooting, Don and Sheriff; the city deck adds the Maniac and the Doctor', () => {
    expect(nightStepsOf(1, 10)).toEqual(['shooting', 'don', 'sheriff'])
    expect(nightStepsOf(2, 12)).toEqual(['shooting', 'maniac', 'doctor', 'don', 'sheriff'])
  })

  it('the contract names every character of the product', () => {
    expect(characterNames).toHaveLength(26)
    for (const role of ['Civil', 'Don', 'Doctor', 'Maniac', 'Mafia', 'Sheriff', 'Judge', 'Coban', 'Yakuza'] as const) expect(characterNames).toContain(role)
  })
})

describe('dealRoles: a Fisher-Yates shuffle driven by the host\'s random numbers', () => {
  it('needs one number per position but the last, each below its bound', () => {
    expect(shuffleBounds(10)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2])
  })

  it('always deals exactly the deck, and the same numbers give the same deal', () => {
    const numbers = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5]
    const deal = dealRoles(decks[2], 12, numbers)
    expect([...deal].sort()).toEqual([...(deckLayout(2, 12) ?? [])].sort())
    expect(dealRoles(decks[2], 12, numbers)).toEqual(deal)
  })

  it('swaps position i with the drawn one, from the end (zeros rotate the deck by one)', () => {
    const zeros = dealRoles(decks[1], 10, Array.from({ length: 9 }, () => 0))
    // Every step swaps the last unshuffled position with position 0.
    expect(zeros).toEqual(['Civil', 'Civil', 'Civil', 'Civil', 'Civil', 'Sheriff', 'Mafia', 'Mafia', 'Don', 'Civil'])
    const identity = dealRoles(decks[1], 10, shuffleBounds(10).map((bound) => bound - 1))
    expect(identity).toEqual(deckLayout(1, 10))
  })

  it('reaches every position for the Don with uniform inputs', () => {
    const seen = new Set<number>()
    for (let pick = 0; pick < 10; pick++) {
      const numbers = shuffleBounds(10).map((bound, index) => (index === 0 ? pick : bound - 1))
      seen.add(dealRoles(decks[1], 10, numbers).indexOf('Don'))
    }
    expect(seen.size).toBe(10)
  })

  it('refuses too few numbers, negative ones and unknown table sizes', () => {
    expect(() => dealRoles(decks[1], 10, [1, 2])).toThrow(RangeError)
    expect(() => dealRoles(decks[1], 10, [-1, 0, 0, 0, 0, 0, 0, 0, 0])).toThrow(RangeError)
    expect(() => dealRoles(decks[1], 9, [])).toThrow(RangeError)
  })
})

describe('newbie tables', () => {
  it('only players with fewer than 20 finished games may sit', () => {
    const newbie = { ...defaultLobbySettings, newbie: true }
    expect(canSit(newbie, 0)).toBe(true)
    expect(canSit(newbie, 19)).toBe(true)
    expect(canSit(newbie, 20)).toBe(false)
    expect(canSit(defaultLobbySettings, 500)).toBe(true)
  })
})

import { displayRating, newSkill, type Skill } from './rating-model'

/** How many of a player's last games the trend spans. */
export const trendGames = 10

/** A player's standing on one ladder, as the database keeps it and the service reads it. */
export interface LadderEntry {
  mu: number
  sigma: number
  games: number
  wins: number
  /** The shown rating before each of the last `trendGames` games, oldest first: the trend's base. */
  recent: number[]
  lastGameAt: number
}

// An entry's fields in its block of the ladder's array. The last `trendGames` shown ratings form a
// ring: `recorded` counts every rating ever added, and the next one goes to `recorded % trendGames`.
const muField = 0
const sigmaField = 1
const gamesField = 2
const winsField = 3
const lastGameField = 4
const recordedField = 5
const recentField = 6
const stride = recentField + trendGames

/**
 * One ladder's standings in memory, every entry a block of one Float64Array, found by its user
 * through a map. A recompute changes some 50 million entries: as objects, each change went through
 * the entry, its boxed numbers, its list of recent ratings and that list's elements, four places
 * scattered over the heap (the pass's costliest part, a quarter of it for the recent ratings alone);
 * here it is one block. An entry keeps its index while the ladder lives.
 */
export class LadderStandings {
  private readonly indexes = new Map<number, number>()
  private users = new Int32Array(64)
  private data = new Float64Array(64 * stride)

  get size(): number {
    return this.indexes.size
  }

  /** The user's entry, or -1 where they have none. */
  indexOf(userId: number): number {
    return this.indexes.get(userId) ?? -1
  }

  /** The entry's belief (a copy: the entry changes in place). */
  skill(index: number): Skill {
    const base = index * stride
    return { mu: this.data[base + muField] as number, sigma: this.data[base + sigmaField] as number }
  }

  /** A player's first game here: their belief after it; the trend starts from a new player's shown rating. */
  addFirstGame(userId: number, after: Skill, won: boolean, endedAt: number): number {
    return this.set(userId, { mu: after.mu, sigma: after.sigma, games: 1, wins: won ? 1 : 0, recent: [newPlayerRating], lastGameAt: endedAt })
  }

  /** One more game for the entry: the shown rating before it joins the recent ones, then the belief after it. */
  recordGame(index: number, after: Skill, won: boolean, endedAt: number): void {
    const data = this.data
    const base = index * stride
    const recorded = data[base + recordedField] as number
    data[base + recentField + (recorded % trendGames)] = displayRating({ mu: data[base + muField] as number, sigma: data[base + sigmaField] as number })
    data[base + recordedField] = recorded + 1
    data[base + muField] = after.mu
    data[base + sigmaField] = after.sigma
    data[base + gamesField] = (data[base + gamesField] as number) + 1
    if (won) data[base + winsField] = (data[base + winsField] as number) + 1
    data[base + lastGameField] = endedAt
  }

  /** Sets the user's entry (read from the database, or a first game); answers its index. */
  set(userId: number, entry: LadderEntry): number {
    let index = this.indexes.get(userId)
    if (index === undefined) {
      index = this.indexes.size
      if (index === this.users.length) this.grow()
      this.indexes.set(userId, index)
      this.users[index] = userId
    }
    const data = this.data
    const base = index * stride
    data[base + muField] = entry.mu
    data[base + sigmaField] = entry.sigma
    data[base + gamesField] = entry.games
    data[base + winsField] = entry.wins
    data[base + lastGameField] = entry.lastGameAt
    const recent = entry.recent.slice(-trendGames)
    for (let at = 0; at < recent.length; at += 1) data[base + recentField + at] = recent[at] as number
    data[base + recordedField] = recent.length
    return index
  }

  /** The entry as an object (for the database and the tests). */
  entry(index: number): LadderEntry {
    const data = this.data
    const base = index * stride
    return {
      mu: data[base + muField] as number,
      sigma: data[base + sigmaField] as number,
      games: data[base + gamesField] as number,
      wins: data[base + winsField] as number,
      recent: this.recent(index),
      lastGameAt: data[base + lastGameField] as number,
    }
  }

  /** The entry's recent shown ratings, oldest first. */
  recent(index: number): number[] {
    const base = index * stride
    const recorded = this.data[base + recordedField] as number
    const count = Math.min(recorded, trendGames)
    const oldest = recorded >= trendGames ? recorded % trendGames : 0
    const recent = new Array<number>(count)
    for (let at = 0; at < count; at += 1) recent[at] = this.data[base + recentField + ((oldest + at) % trendGames)] as number
    return recent
  }

  userAt(index: number): number {
    return this.users[index] as number
  }

  /** Every user with an entry, in the order they joined the ladder. */
  userIds(): IterableIterator<number> {
    return this.indexes.keys()
  }

  private grow(): void {
    const users = new Int32Array(this.users.length * 2)
    users.set(this.users)
    this.users = users
    const data = new Float64Array(users.length * stride)
    data.set(this.data)
    this.data = data
  }
}

/** What a new player shows: the start of a first game's trend. */
const newPlayerRating = displayRating(newSkill)

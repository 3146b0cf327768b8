/**
 * A round's seating: which players sit at which table, in which seat, and who rests. Pure and
 * deterministic for a given seed: no clock, no I/O.
 *
 * Goals, in this order:
 * 1. those who rested least rest now (when more registered than the tables seat);
 * 2. players meet each other as evenly as possible: the cost of a table is the sum over its pairs of
 *    (times they met before + 1)², so a second meeting costs more than two first ones;
 * 3. players change seat numbers: the cost of a seat is (times the player sat there before + 1)².
 * Tables are improved by swapping players between tables (steepest descent from several seeded
 * starts), seats by swapping seats within a table until no swap helps.
 */

/** What earlier rounds did, by player id. */
export interface SeatingHistory {
  /** Each earlier table: its players in seat order (index 0 is seat 1). */
  readonly tables: readonly (readonly number[])[]
  /** Each earlier round's resting players. */
  readonly resting: readonly (readonly number[])[]
}

export interface Seating {
  /** Each table's players in seat order (index 0 is seat 1). */
  tables: number[][]
  resting: number[]
}

/** A seeded generator (mulberry32): the same seed gives the same seating. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

const pairKey = (left: number, right: number) => (left < right ? `${left}:${right}` : `${right}:${left}`)

/** How many times each pair met and each player sat in each seat, from the history. */
export function meetingsOf(history: SeatingHistory): { pairs: Map<string, number>; seats: Map<number, number[]> } {
  const pairs = new Map<string, number>()
  const seats = new Map<number, number[]>()
  for (const table of history.tables) {
    table.forEach((player, index) => {
      let counts = seats.get(player)
      if (!counts) seats.set(player, (counts = []))
      counts[index] = (counts[index] ?? 0) + 1
      for (let other = index + 1; other < table.length; other++) {
        const key = pairKey(player, table[other] as number)
        pairs.set(key, (pairs.get(key) ?? 0) + 1)
      }
    })
  }
  return { pairs, seats }
}

/**
 * Seats a round. `players` are the registered players; `tableSize` the deck's seats. Throws a
 * RangeError when fewer players than one table are given (the service refuses such a round first).
 */
export function seatRound(players: readonly number[], tableSize: number, history: SeatingHistory, seed: number): Seating {
  const unique = [...new Set(players)]
  const tableCount = Math.floor(unique.length / tableSize)
  if (tableCount < 1) throw new RangeError('too few players for one table')
  const random = seededRandom(seed)
  const { pairs, seats } = meetingsOf(history)

  // 1. Who rests: fewest rests first, then most games played, ties broken by the seed.
  const restCounts = new Map<number, number>()
  for (const round of history.resting) for (const player of round) restCounts.set(player, (restCounts.get(player) ?? 0) + 1)
  const gamesOf = (player: number) => (seats.get(player) ?? []).reduce((sum, count) => sum + (count ?? 0), 0)
  const order = unique.map((player) => ({ player, tie: random() }))
  order.sort((left, right) => (restCounts.get(left.player) ?? 0) - (restCounts.get(right.player) ?? 0) || gamesOf(right.player) - gamesOf(left.player) || left.tie - right.tie)
  const restCount = unique.length - tableCount * tableSize
  const resting = order.slice(0, restCount).map((entry) => entry.player)
  const restingSet = new Set(resting)
  const seated = unique.filter((player) => !restingSet.has(player))

  // 2. Tables: the cheapest of several seeded starts, each improved by swaps between tables.
  const met = (left: number, right: number) => pairs.get(pairKey(left, right)) ?? 0
  const pairCost = (left: number, right: number) => (met(left, right) + 1) ** 2
  /** What player costs at a table (its pairs with the others there, itself left out). */
  const costAt = (player: number, table: readonly number[], except: number) => {
    let sum = 0
    for (const other of table) if (other !== player && other !== except) sum += pairCost(player, other)
    return sum
  }
  const tablesCost = (tables: readonly (readonly number[])[]) => {
    let sum = 0
    for (const table of tables) for (let i = 0; i < table.length; i++) for (let j = i + 1; j < table.length; j++) sum += pairCost(table[i] as number, table[j] as number)
    return sum
  }
  const starts = tableCount === 1 ? 1 : Math.max(2, Math.min(12, Math.floor(2400 / seated.length)))
  let best: number[][] | null = null
  let bestCost = Infinity
  for (let start = 0; start < starts; start++) {
    const shuffled = shuffle(seated, random)
    const tables = Array.from({ length: tableCount }, (_, index) => shuffled.slice(index * tableSize, (index + 1) * tableSize))
    improveTables(tables, costAt)
    const cost = tablesCost(tables)
    if (cost < bestCost) {
      bestCost = cost
      best = tables
    }
  }

  // 3. Seats within each table.
  const seatCost = (player: number, seat: number) => ((seats.get(player)?.[seat] ?? 0) + 1) ** 2
  const tables = (best as number[][]).map((table) => arrangeSeats(shuffle(table, random), seatCost))
  return { tables, resting }
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1))
    ;[copy[index], copy[other]] = [copy[other] as T, copy[index] as T]
  }
  return copy
}

/** Steepest descent: the swap of two players between two tables that lowers the cost most, until none does. */
function improveTables(tables: number[][], costAt: (player: number, table: readonly number[], except: number) => number): void {
  for (let pass = 0; pass < 500; pass++) {
    let bestGain = 0
    let move: [number, number, number, number] | null = null
    for (let first = 0; first < tables.length; first++) {
      const left = tables[first] as number[]
      for (let second = first + 1; second < tables.length; second++) {
        const right = tables[second] as number[]
        for (let i = 0; i < left.length; i++) {
          const a = left[i] as number
          const aHere = costAt(a, left, a)
          for (let j = 0; j < right.length; j++) {
            const b = right[j] as number
            // a moves to the right table in b's place, b to the left one in a's.
            const gain = aHere + costAt(b, right, b) - costAt(a, right, b) - costAt(b, left, a)
            if (gain > bestGain) {
              bestGain = gain
              move = [first, i, second, j]
            }
          }
        }
      }
    }
    if (!move) return
    const [first, i, second, j] = move
    const left = tables[first] as number[]
    const right = tables[second] as number[]
    ;[left[i], right[j]] = [right[j] as number, left[i] as number]
  }
}

/** Seats in a table: swaps of two players' seats while one lowers the summed seat cost. */
function arrangeSeats(table: number[], seatCost: (player: number, seat: number) => number): number[] {
  for (let pass = 0; pass < 200; pass++) {
    let improved = false
    for (let i = 0; i < table.length; i++) {
      for (let j = i + 1; j < table.length; j++) {
        const a = table[i] as number
        const b = table[j] as number
        if (seatCost(a, j) + seatCost(b, i) < seatCost(a, i) + seatCost(b, j)) {
          table[i] = b
          table[j] = a
          improved = true
        }
      }
    }
    if (!improved) break
  }
  return table
}

/** How even a tournament's seating was: spreads of pair meetings and of seat numbers per player. */
export interface SeatingEvenness {
  /** Over every pair of players: fewest and most meetings, and how many pairs met k times. */
  pairMeetings: { min: number; max: number; histogram: Record<number, number> }
  /** Over players: the most times one player sat in one seat, and how many distinct seats they had (fewest, most). */
  seats: { maxSameSeat: number; distinctMin: number; distinctMax: number }
}

export function evennessOf(players: readonly number[], history: SeatingHistory): SeatingEvenness {
  const { pairs, seats } = meetingsOf(history)
  const histogram: Record<number, number> = {}
  let min = Infinity
  let max = 0
  for (let i = 0; i < players.length; i++) {
    for (let j = i + 1; j < players.length; j++) {
      const count = pairs.get(pairKey(players[i] as number, players[j] as number)) ?? 0
      histogram[count] = (histogram[count] ?? 0) + 1
      min = Math.min(min, count)
      max = Math.max(max, count)
    }
  }
  let maxSameSeat = 0
  let distinctMin = Infinity
  let distinctMax = 0
  for (const player of players) {
    const counts = (seats.get(player) ?? []).filter((count) => count !== undefined && count > 0)
    maxSameSeat = Math.max(maxSameSeat, ...counts, 0)
    distinctMin = Math.min(distinctMin, counts.length)
    distinctMax = Math.max(distinctMax, counts.length)
  }
  return { pairMeetings: { min: min === Infinity ? 0 : min, max, histogram }, seats: { maxSameSeat, distinctMin: distinctMin === Infinity ? 0 : distinctMin, distinctMax } }
}

import type { HistoryRow, RatedGame, RatedSeat } from './ladders'
import { displayRating } from './rating-model'

/**
 * The recompute's batches in typed arrays: games on their way to the worker thread, and history rows
 * on their way back and into the database. A batch of 2,000 games is some 22,000 objects, and a
 * worker's message copies objects one by one (and its history some 60,000); typed arrays are moved
 * whole, and a history row in a typed array is not one more object for the collector to keep.
 */

/** A batch of games with their places in the rating order, column by column. */
export interface PackedGames {
  readonly ids: Int32Array
  readonly seqs: Float64Array
  readonly endedAt: Float64Array
  /** 1: a judge ran the table; 2: the game counts for ratings (not a newbie table). */
  readonly flags: Uint8Array
  /** The tournament's id, 0 for none. */
  readonly tournaments: Int32Array
  /** Game i's seats are seats[seatStart[i]] up to seats[seatStart[i + 1]]. */
  readonly seatStart: Int32Array
  /** The seat's user, 0 for a deleted account. */
  readonly userIds: Int32Array
  /** Indexes into `names`: the seat's team and role. */
  readonly teams: Uint16Array
  readonly roles: Uint16Array
  readonly won: Uint8Array
  /** The team and role names the seats use. */
  readonly names: readonly string[]
}

/** `flags`: a judge ran the table; the game counts for ratings. */
export const judgedFlag = 1
export const countsFlag = 2

export function packGames(games: readonly RatedGame[], seqs: readonly number[]): PackedGames {
  let seatCount = 0
  for (const game of games) seatCount += game.players.length
  const packed = {
    ids: new Int32Array(games.length),
    seqs: Float64Array.from(seqs),
    endedAt: new Float64Array(games.length),
    flags: new Uint8Array(games.length),
    tournaments: new Int32Array(games.length),
    seatStart: new Int32Array(games.length + 1),
    userIds: new Int32Array(seatCount),
    teams: new Uint16Array(seatCount),
    roles: new Uint16Array(seatCount),
    won: new Uint8Array(seatCount),
    names: [] as string[],
  }
  const nameIndex = new Map<string, number>()
  const indexOf = (name: string) => {
    let index = nameIndex.get(name)
    if (index === undefined) nameIndex.set(name, (index = packed.names.push(name) - 1))
    return index
  }
  let seat = 0
  games.forEach((game, index) => {
    packed.ids[index] = game.id
    packed.endedAt[index] = game.endedAt
    packed.flags[index] = (game.judged ? judgedFlag : 0) | (game.countsForRatings ? countsFlag : 0)
    packed.tournaments[index] = game.tournamentId ?? 0
    packed.seatStart[index] = seat
    for (const player of game.players) {
      packed.userIds[seat] = player.userId ?? 0
      packed.teams[seat] = indexOf(player.team)
      packed.roles[seat] = indexOf(player.role)
      packed.won[seat] = player.won ? 1 : 0
      seat += 1
    }
  })
  packed.seatStart[games.length] = seat
  return packed
}

/** The buffers a message can move instead of copying. */
export function packedBuffers(packed: PackedGames | PackedHistory): ArrayBuffer[] {
  return Object.values(packed)
    .filter((value): value is ArrayBufferView => ArrayBuffer.isView(value))
    .map((view) => view.buffer as ArrayBuffer)
}

export const packedGameCount = (packed: PackedGames) => packed.ids.length

/** Game `index` of a packed batch, as the ladders read it. */
export function unpackGame(packed: PackedGames, index: number): RatedGame {
  const players: RatedSeat[] = []
  for (let seat = packed.seatStart[index] as number; seat < (packed.seatStart[index + 1] as number); seat += 1) {
    const userId = packed.userIds[seat] as number
    players.push({ userId: userId === 0 ? null : userId, team: packed.names[packed.teams[seat] as number] as string, role: packed.names[packed.roles[seat] as number] as string, won: packed.won[seat] === 1 })
  }
  const flags = packed.flags[index] as number
  const tournament = packed.tournaments[index] as number
  return {
    id: packed.ids[index] as number,
    endedAt: packed.endedAt[index] as number,
    judged: (flags & judgedFlag) !== 0,
    countsForRatings: (flags & countsFlag) !== 0,
    tournamentId: tournament === 0 ? null : tournament,
    players,
  }
}

/** History rows (HistoryRow and its place in the rating order), column by column; `length` rows are filled. */
export interface PackedHistory {
  readonly length: number
  readonly userIds: Int32Array
  readonly gameIds: Int32Array
  readonly seqs: Float64Array
  /** Indexes into `ladders`. */
  readonly ladderIndexes: Uint16Array
  readonly ladders: readonly string[]
  readonly muBefore: Float64Array
  readonly sigmaBefore: Float64Array
  readonly muAfter: Float64Array
  readonly sigmaAfter: Float64Array
  /** The shown ratings before and after, as `displayRating` gives them. */
  readonly ratingBefore: Float64Array
  readonly ratingAfter: Float64Array
  readonly won: Uint8Array
  readonly endedAt: Float64Array
}

/** Collects history rows into typed arrays that grow as needed. */
export function historyCollector(capacity = 1024) {
  let size = Math.max(1, capacity)
  let length = 0
  const ladders: string[] = []
  const ladderIndex = new Map<string, number>()
  let columns = allocate(size)

  function allocate(rows: number) {
    return {
      userIds: new Int32Array(rows),
      gameIds: new Int32Array(rows),
      seqs: new Float64Array(rows),
      ladderIndexes: new Uint16Array(rows),
      muBefore: new Float64Array(rows),
      sigmaBefore: new Float64Array(rows),
      muAfter: new Float64Array(rows),
      sigmaAfter: new Float64Array(rows),
      ratingBefore: new Float64Array(rows),
      ratingAfter: new Float64Array(rows),
      won: new Uint8Array(rows),
      endedAt: new Float64Array(rows),
    }
  }

  return {
    add(row: HistoryRow, seq: number): void {
      if (length === size) {
        const grown = allocate((size *= 2))
        for (const key of Object.keys(columns) as (keyof typeof columns)[]) grown[key].set(columns[key] as never)
        columns = grown
      }
      let ladder = ladderIndex.get(row.ladderId)
      if (ladder === undefined) ladderIndex.set(row.ladderId, (ladder = ladders.push(row.ladderId) - 1))
      columns.userIds[length] = row.userId
      columns.gameIds[length] = row.gameId
      columns.seqs[length] = seq
      columns.ladderIndexes[length] = ladder
      columns.muBefore[length] = row.before.mu
      columns.sigmaBefore[length] = row.before.sigma
      columns.muAfter[length] = row.after.mu
      columns.sigmaAfter[length] = row.after.sigma
      columns.ratingBefore[length] = displayRating(row.before)
      columns.ratingAfter[length] = displayRating(row.after)
      columns.won[length] = row.won ? 1 : 0
      columns.endedAt[length] = row.endedAt
      length += 1
    },
    /** The rows collected; the collector is not used after. */
    finish(): PackedHistory {
      const trimmed = {} as Record<keyof typeof columns, ArrayBufferView>
      // A copy of the filled part only, so a message moves no unused capacity.
      for (const key of Object.keys(columns) as (keyof typeof columns)[]) trimmed[key] = columns[key].slice(0, length)
      return { length, ladders, ...(trimmed as typeof columns) }
    },
  }
}

/**
 * One column of rows `from` to `to` as a PostgreSQL array literal (`{1,2,3}`), which a statement casts
 * (`$1::double precision[]`). A number is written in its shortest form that reads back as the same
 * double, so what is stored is what was computed, bit for bit.
 */
export function arrayLiteral(values: ArrayLike<number> & { subarray(from: number, to: number): { join(separator: string): string } }, from: number, to: number): string {
  return `{${values.subarray(from, to).join(',')}}`
}

/** Texts as an array literal, each quoted (ladder ids and timestamps hold no quote or backslash, but nothing relies on it). */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`).join(',')}}`
}

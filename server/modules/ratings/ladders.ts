import { displayRating, newSide, newSkill, rateTeams, type Skill, type TeamInput } from './rating-model'

/** A finished, final game as the ratings read it (from game_results, game_players and lobbies). */
export interface RatedGame {
  readonly id: number
  /** When the game ended (ms since the epoch): its month picks the season. */
  readonly endedAt: number
  /** A judge ran the table. */
  readonly judged: boolean
  /** False at newbie tables. */
  readonly countsForRatings: boolean
  /** The tournament the game belongs to; none until tournaments exist. */
  readonly tournamentId: number | null
  readonly players: readonly RatedSeat[]
}

export interface RatedSeat {
  /** Null once the account is deleted: the seat still plays, with a new player's belief, and is not stored. */
  readonly userId: number | null
  readonly team: string
  readonly role: string
  readonly won: boolean
}

/** Which games a ladder counts and whose rating it keeps. */
export interface LadderRule {
  /** Newbie tables (countsForRatings false) count here. */
  readonly newbie: boolean
  /** Tables without a judge count here. */
  readonly judgeless: boolean
  /** The players this ladder rates; the others play with their overall belief, which it leaves alone. */
  readonly rates: (seat: RatedSeat) => boolean
}

const everyone = () => true

/** The fixed ladders, in the order of the tabs; seasons and tournaments follow. */
export const fixedLadders = {
  overall: { newbie: false, judgeless: true, rates: everyone },
  red: { newbie: false, judgeless: true, rates: (seat) => seat.team === 'red' },
  black: { newbie: false, judgeless: true, rates: (seat) => seat.team === 'black' },
  // A role's play is judged where a judge ran the night: clicks at a judge-less table do not count here.
  sheriff: { newbie: false, judgeless: false, rates: (seat) => seat.role === 'Sheriff' },
  don: { newbie: false, judgeless: false, rates: (seat) => seat.role === 'Don' },
} as const satisfies Record<string, LadderRule>

export type FixedLadderId = keyof typeof fixedLadders
export const fixedLadderIds = Object.keys(fixedLadders) as FixedLadderId[]

export const seasonRule: LadderRule = { newbie: false, judgeless: true, rates: everyone }
export const tournamentRule: LadderRule = { newbie: false, judgeless: false, rates: everyone }

/** The month of the game's end, in UTC: `season-2026-11`. */
export function seasonOf(endedAt: number): string {
  const date = new Date(endedAt)
  return `season-${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`
}

export const tournamentLadder = (tournamentId: number) => `tournament-${tournamentId}`

/** The rule of any ladder id (fixed, season or tournament), or null for an id no ladder has. */
export function ruleOf(ladderId: string): LadderRule | null {
  const known = rules.get(ladderId)
  if (known) return known
  const rule = findRule(ladderId)
  // Only ids of real ladders are remembered (a stranger's made-up ids are not kept).
  if (rule && rules.size < 10_000) rules.set(ladderId, rule)
  return rule
}

const rules = new Map<string, LadderRule>()

function findRule(ladderId: string): LadderRule | null {
  if (Object.hasOwn(fixedLadders, ladderId)) return fixedLadders[ladderId as FixedLadderId]
  if (/^season-\d{4}-(0[1-9]|1[0-2])$/.test(ladderId)) return seasonRule
  if (/^tournament-[1-9]\d{0,9}$/.test(ladderId)) return tournamentRule
  return null
}

/** The ladders one game counts on. */
export function laddersOf(game: RatedGame): string[] {
  const ids: string[] = []
  const counts = (rule: LadderRule) => (game.countsForRatings || rule.newbie) && (game.judged || rule.judgeless)
  for (const id of fixedLadderIds) if (counts(fixedLadders[id])) ids.push(id)
  if (counts(seasonRule)) ids.push(seasonOf(game.endedAt))
  if (game.tournamentId !== null && counts(tournamentRule)) ids.push(tournamentLadder(game.tournamentId))
  return ids
}

/** How many of a player's last games the trend spans. */
export const trendGames = 10

/** A player's standing on one ladder. */
export interface LadderEntry {
  mu: number
  sigma: number
  games: number
  wins: number
  /** The shown rating before each of the last `trendGames` games, oldest first: the trend's base. */
  recent: number[]
  lastGameAt: number
}

/** A player's change on the overall ladder in one game: the statistics' chart. */
export interface HistoryRow {
  readonly gameId: number
  readonly userId: number
  readonly ladderId: string
  readonly before: Skill
  readonly after: Skill
  readonly won: boolean
  readonly endedAt: number
}

/** Where the pass reads and writes standings: all in memory (a recompute) or only the game's players (an update). */
export interface RatingStore {
  entry(ladderId: string, userId: number): LadderEntry | undefined
  setEntry(ladderId: string, userId: number, entry: LadderEntry): void
  side(ladderId: string): Skill | undefined
  setSide(ladderId: string, side: Skill): void
}

/** The ladders whose changes are written as history rows (one per player per game). */
export const historyLadders: ReadonlySet<string> = new Set(['overall'])

/**
 * Applies one game to every ladder it counts on. The one path both the update after each game and
 * the recompute take, so both give the same ratings bit for bit when the games come in the same order.
 */
export function applyGame(store: RatingStore, game: RatedGame, history?: (row: HistoryRow) => void): void {
  // The teams in order of first seat, each with its seats and its place (winners first; a draw leaves every team first).
  const teams: GameTeam[] = []
  for (const seat of game.players) {
    let team = teams.find((item) => item.name === seat.team)
    if (!team) teams.push((team = { name: seat.team, seats: [], rank: 2, withSide: seat.team === 'red' }))
    team.seats.push(seat)
    if (seat.won) team.rank = 1
  }
  // Players a ladder does not rate play with their overall belief from before this game.
  const overallBefore: (Skill | undefined)[] = game.players.map((seat) => (seat.userId === null ? undefined : store.entry('overall', seat.userId)))
  const overallOf = new Map<RatedSeat, Skill | undefined>()
  game.players.forEach((seat, index) => overallOf.set(seat, overallBefore[index] && { mu: (overallBefore[index] as Skill).mu, sigma: (overallBefore[index] as Skill).sigma }))
  for (const ladderId of laddersOf(game)) {
    const rule = ruleOf(ladderId) as LadderRule
    const inputs: TeamInput[] = []
    for (const team of teams) {
      const skills: Skill[] = []
      for (const seat of team.seats) skills.push(beliefOf(store, ladderId, rule, seat, overallOf))
      inputs.push({ skills, rank: team.rank, withSide: team.withSide })
    }
    const rated = rateTeams(inputs, store.side(ladderId) ?? newSide)
    store.setSide(ladderId, rated.side)
    for (let teamIndex = 0; teamIndex < teams.length; teamIndex += 1) {
      const seats = (teams[teamIndex] as GameTeam).seats
      for (let seatIndex = 0; seatIndex < seats.length; seatIndex += 1) {
        const seat = seats[seatIndex] as RatedSeat
        if (seat.userId === null || !rule.rates(seat)) continue
        const after = (rated.skills[teamIndex] as Skill[])[seatIndex] as Skill
        const entry = store.entry(ladderId, seat.userId)
        if (history && historyLadders.has(ladderId)) {
          const before = entry ? { mu: entry.mu, sigma: entry.sigma } : newSkill
          history({ gameId: game.id, userId: seat.userId, ladderId, before, after, won: seat.won, endedAt: game.endedAt })
        }
        // The store owns its entries: an entry is changed in place (a recompute touches millions).
        if (entry) {
          if (entry.recent.length >= trendGames) entry.recent.shift()
          entry.recent.push(displayRating(entry))
          entry.mu = after.mu
          entry.sigma = after.sigma
          entry.games += 1
          if (seat.won) entry.wins += 1
          entry.lastGameAt = game.endedAt
          store.setEntry(ladderId, seat.userId, entry)
        } else {
          const recent = [displayRating(newSkill)]
          store.setEntry(ladderId, seat.userId, { mu: after.mu, sigma: after.sigma, games: 1, wins: seat.won ? 1 : 0, recent, lastGameAt: game.endedAt })
        }
      }
    }
  }
}

interface GameTeam {
  name: string
  seats: RatedSeat[]
  rank: number
  withSide: boolean
}

/** A seat's belief on a ladder: its own there, or (a player the ladder does not rate) its overall one before the game. */
function beliefOf(store: RatingStore, ladderId: string, rule: LadderRule, seat: RatedSeat, overallOf: Map<RatedSeat, Skill | undefined>): Skill {
  if (seat.userId === null) return newSkill
  const own = rule.rates(seat) ? store.entry(ladderId, seat.userId) : overallOf.get(seat)
  return own ?? newSkill
}

/** The trend: the shown rating now against the one before the player's last `trendGames` games. */
export function trendOf(entry: Pick<LadderEntry, 'mu' | 'sigma' | 'recent'>): number {
  const base = entry.recent[0]
  return base === undefined ? 0 : Math.round((displayRating(entry) - base) * 10) / 10
}

/** A store that keeps everything in memory: the recompute's, and the tests'. */
export function memoryStore(): RatingStore & { entries: Map<string, Map<number, LadderEntry>>; sides: Map<string, Skill> } {
  const entries = new Map<string, Map<number, LadderEntry>>()
  const sides = new Map<string, Skill>()
  return {
    entries,
    sides,
    entry: (ladderId, userId) => entries.get(ladderId)?.get(userId),
    setEntry(ladderId, userId, entry) {
      let ladder = entries.get(ladderId)
      if (!ladder) entries.set(ladderId, (ladder = new Map()))
      ladder.set(userId, entry)
    },
    side: (ladderId) => sides.get(ladderId),
    setSide: (ladderId, side) => void sides.set(ladderId, side),
  }
}

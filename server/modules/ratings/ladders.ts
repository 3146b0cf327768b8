import { LadderStandings, trendGames, type LadderEntry } from './ladder-standings'
import { displayRating, newSide, newSkill, rateTeams, type Skill, type TeamInput } from './rating-model'

export { LadderStandings, trendGames, type LadderEntry }

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
  // Games come in order of time, so most fall in the month of the one before (a recompute asks a million times).
  if (endedAt >= lastMonth.from && endedAt < lastMonth.to) return lastMonth.id
  const date = new Date(endedAt)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth()
  lastMonth = { from: Date.UTC(year, month, 1), to: Date.UTC(year, month + 1, 1), id: `season-${year}-${String(month + 1).padStart(2, '0')}` }
  return lastMonth.id
}

let lastMonth = { from: 0, to: 0, id: '' }

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
  /** One ladder's standings (a recompute makes hundreds of millions of lookups and changes in them). */
  ladder(ladderId: string): LadderStandings
  side(ladderId: string): Skill | undefined
  setSide(ladderId: string, side: Skill): void
  /** Told of each entry a game changed or added (the update after a game writes those back). */
  changed?(ladderId: string, userId: number, entry: LadderEntry): void
}

/** The ladders whose changes are written as history rows (one per player per game). */
export const historyLadders: ReadonlySet<string> = new Set(['overall'])

/**
 * Applies one game to every ladder it counts on. The one path both the update after each game and
 * the recompute take, so both give the same ratings bit for bit when the games come in the same order.
 */
export function applyGame(store: RatingStore, game: RatedGame, history?: (row: HistoryRow) => void): void {
  const seats = game.players
  // The teams in order of first seat, each with its seats' indexes and its place (winners first; a draw leaves every team first).
  const teams: GameTeam[] = []
  for (let index = 0; index < seats.length; index += 1) {
    const seat = seats[index] as RatedSeat
    let team: GameTeam | undefined
    for (const known of teams) if (known.name === seat.team) team = known
    if (!team) teams.push((team = { name: seat.team, seats: [], rank: 2, withSide: seat.team === 'red' }))
    team.seats.push(index)
    if (seat.won) team.rank = 1
  }
  // Players a ladder does not rate play with their overall belief from before this game (a copy:
  // the overall ladder changes its entries in place).
  const overall = store.ladder('overall')
  const overallBefore: (Skill | undefined)[] = new Array(seats.length)
  for (let index = 0; index < seats.length; index += 1) {
    const userId = (seats[index] as RatedSeat).userId
    const entry = userId === null ? -1 : overall.indexOf(userId)
    overallBefore[index] = entry === -1 ? undefined : overall.skill(entry)
  }
  // Each seat's own entry on the ladder at hand (-1 where it has none or the ladder does not rate it).
  const own: number[] = new Array(seats.length)
  for (const ladderId of laddersOf(game)) {
    const rule = ruleOf(ladderId) as LadderRule
    const standings = store.ladder(ladderId)
    const inputs: TeamInput[] = new Array(teams.length)
    for (let teamIndex = 0; teamIndex < teams.length; teamIndex += 1) {
      const team = teams[teamIndex] as GameTeam
      const skills: Skill[] = new Array(team.seats.length)
      for (let at = 0; at < team.seats.length; at += 1) {
        const index = team.seats[at] as number
        const seat = seats[index] as RatedSeat
        const rated = seat.userId !== null && rule.rates(seat)
        const entry = rated ? standings.indexOf(seat.userId as number) : -1
        own[index] = entry
        // A seat's belief on this ladder: its own there, or (a player the ladder does not rate) its overall one before the game.
        skills[at] = rated ? (entry === -1 ? newSkill : standings.skill(entry)) : ((seat.userId === null ? undefined : overallBefore[index]) ?? newSkill)
      }
      inputs[teamIndex] = { skills, rank: team.rank, withSide: team.withSide }
    }
    const rated = rateTeams(inputs, store.side(ladderId) ?? newSide)
    store.setSide(ladderId, rated.side)
    const withHistory = history !== undefined && historyLadders.has(ladderId)
    for (let teamIndex = 0; teamIndex < teams.length; teamIndex += 1) {
      const team = teams[teamIndex] as GameTeam
      for (let at = 0; at < team.seats.length; at += 1) {
        const index = team.seats[at] as number
        const seat = seats[index] as RatedSeat
        if (seat.userId === null || !rule.rates(seat)) continue
        const after = (rated.skills[teamIndex] as Skill[])[at] as Skill
        let entry = own[index] as number
        if (withHistory) {
          const before = entry === -1 ? newSkill : standings.skill(entry)
          history({ gameId: game.id, userId: seat.userId, ladderId, before, after, won: seat.won, endedAt: game.endedAt })
        }
        if (entry === -1) entry = standings.addFirstGame(seat.userId, after, seat.won, game.endedAt)
        else standings.recordGame(entry, after, seat.won, game.endedAt)
        store.changed?.(ladderId, seat.userId, standings.entry(entry))
      }
    }
  }
}

interface GameTeam {
  name: string
  /** Indexes into the game's seats. */
  seats: number[]
  rank: number
  withSide: boolean
}

/** The trend: the shown rating now against the one before the player's last `trendGames` games. */
export function trendOf(entry: Pick<LadderEntry, 'mu' | 'sigma' | 'recent'>): number {
  const base = entry.recent[0]
  return base === undefined ? 0 : Math.round((displayRating(entry) - base) * 10) / 10
}

/** A store that keeps everything in memory: the recompute's, the update's (the games' players), and the tests'. */
export function memoryStore(): RatingStore & {
  entries: Map<string, LadderStandings>
  sides: Map<string, Skill>
  entry(ladderId: string, userId: number): LadderEntry | undefined
  setEntry(ladderId: string, userId: number, entry: LadderEntry): void
} {
  const entries = new Map<string, LadderStandings>()
  const sides = new Map<string, Skill>()
  const ladder = (ladderId: string) => {
    let standings = entries.get(ladderId)
    if (!standings) entries.set(ladderId, (standings = new LadderStandings()))
    return standings
  }
  return {
    entries,
    sides,
    ladder,
    entry(ladderId, userId) {
      const standings = entries.get(ladderId)
      const index = standings ? standings.indexOf(userId) : -1
      return index === -1 ? undefined : standings?.entry(index)
    },
    setEntry: (ladderId, userId, entry) => void ladder(ladderId).set(userId, entry),
    side: (ladderId) => sides.get(ladderId),
    setSide: (ladderId, side) => void sides.set(ladderId, side),
  }
}

import { ordinal } from 'openskill'
import { bradleyTerryFull } from 'openskill/models'

/** A player's (or the side's) belief: mean skill μ and its uncertainty σ, openskill's units. */
export interface Skill {
  readonly mu: number
  readonly sigma: number
}

/**
 * Every parameter of the ratings, in one place. openskill's Weng-Lin update with the corrections a
 * plain call needs at a mafia table (a plain call sums each team, so seven reds against three blacks
 * would predict red at about 97%):
 * - each player's μ and σ are divided by their team's size before the update and multiplied back
 *   after, so a team's strength is its members' mean, whatever its size;
 * - the red team carries one learned pseudo-player, the "side", for red's prior advantage (its own
 *   stored rating per ladder, starting at no advantage);
 * - β is raised above openskill's default (25/6): mafia has much luck, so one game says less;
 * - τ (the drift that keeps σ from freezing) is applied here, before the scaling, and openskill's own
 *   is off (`tau: 0`), which would otherwise be applied to the scaled values.
 */
export const ratingParameters = {
  /** A new player's belief (openskill's defaults): the ordinal μ − 3σ starts at 0. */
  mu: 25,
  sigma: 25 / 3,
  /** Performance noise per game: twice openskill's default. */
  beta: 25 / 3,
  /** Added to σ (in quadrature) before each game. */
  tau: 25 / 300,
  /** The side pseudo-player: no advantage at first, learned within a few dozen games. */
  side: { mu: 0, sigma: 25 / 6, tau: 25 / 3000 },
  /**
   * The Weng-Lin model: Bradley-Terry with full pairing. For two teams it gave the same ratings as
   * Plackett-Luce in simulation, about three times faster, which a recompute of a long history needs.
   */
  model: bradleyTerryFull,
  /** The number shown: 1000 + 40 · (μ − 3σ); a new player shows 1000. */
  display: { z: 3, alpha: 40, target: 1000 },
} as const

export const newSkill: Skill = { mu: ratingParameters.mu, sigma: ratingParameters.sigma }
export const newSide: Skill = { mu: ratingParameters.side.mu, sigma: ratingParameters.side.sigma }

/** The rating a ladder shows: the conservative ordinal μ − 3σ, scaled (rounded to a tenth). */
export function displayRating(skill: Skill): number {
  return Math.round(ordinal(skill, ratingParameters.display) * 10) / 10
}

/** One team of a game: its players' beliefs, its place (1 first; equal places are a draw), and whether the side plays with it. */
export interface TeamInput {
  readonly skills: readonly Skill[]
  readonly rank: number
  /** The red team: the side pseudo-player joins it. */
  readonly withSide: boolean
}

export interface RatedTeams {
  /** The new beliefs, team by team, player by player, in the input's order. */
  readonly skills: Skill[][]
  /** The side's new belief (unchanged when no team carries it). */
  readonly side: Skill
}

/**
 * The model's options per arrangement of places ([1, 2], [1, 1], ...): openskill works out its
 * constants once per options object, so a fresh object per game would cost several times the update.
 */
const optionsByPlaces = new Map<string | number, { rank: number[]; beta: number; tau: number }>()
function modelOptions(places: number[]) {
  // Two teams placed 1 or 2 (nearly every game) are keyed by a number: no string per game.
  const key = places.length === 2 && places[0]! <= 2 && places[1]! <= 2 ? places[0]! * 3 + places[1]! : places.join(',')
  let options = optionsByPlaces.get(key)
  if (!options) optionsByPlaces.set(key, (options = { rank: places, beta: ratingParameters.beta, tau: 0 }))
  return options
}

/**
 * One game's update of every player's belief, with the corrections above. Pure: the same input
 * gives the same output bit for bit, so a recompute reproduces the incremental updates. Written
 * with plain loops: a recompute runs it for every ladder of every game.
 */
export function rateTeams(teams: readonly TeamInput[], side: Skill): RatedTeams {
  const p = ratingParameters
  const count = teams.length
  // The model wants teams ordered by place, with their places sorted (a stable insertion sort: two or three teams).
  const order: number[] = []
  for (let index = 0; index < count; index += 1) {
    let at = order.length
    while (at > 0 && (teams[order[at - 1] as number] as TeamInput).rank > (teams[index] as TeamInput).rank) at -= 1
    order.splice(at, 0, index)
  }
  const input: Skill[][] = new Array(count)
  const places: number[] = new Array(count)
  let sideIndex = -1
  for (let place = 0; place < count; place += 1) {
    const index = order[place] as number
    const team = teams[index] as TeamInput
    const size = Math.max(1, team.skills.length)
    const scaled: Skill[] = new Array(team.skills.length)
    for (let seat = 0; seat < team.skills.length; seat += 1) {
      const skill = team.skills[seat] as Skill
      // τ first, on the player's own scale; then the team-size scaling.
      scaled[seat] = { mu: skill.mu / size, sigma: Math.sqrt(skill.sigma * skill.sigma + p.tau * p.tau) / size }
    }
    if (team.withSide && sideIndex === -1) {
      sideIndex = index
      scaled.push({ mu: side.mu, sigma: Math.sqrt(side.sigma * side.sigma + p.side.tau * p.side.tau) })
    }
    input[place] = scaled
    places[place] = team.rank
  }
  const output = p.model(input, modelOptions(places))
  const skills: Skill[][] = new Array(count)
  let sideAfter = side
  for (let place = 0; place < count; place += 1) {
    const index = order[place] as number
    const team = teams[index] as TeamInput
    const size = Math.max(1, team.skills.length)
    // The model's answers are fresh objects: scaled back in place.
    const rated = output[place] as { mu: number; sigma: number }[]
    for (let seat = 0; seat < team.skills.length; seat += 1) {
      const skill = rated[seat] as { mu: number; sigma: number }
      skill.mu *= size
      skill.sigma *= size
    }
    skills[index] = team.skills.length === rated.length ? rated : rated.slice(0, team.skills.length)
    if (index === sideIndex) sideAfter = rated[team.skills.length] as Skill
  }
  return { skills, side: sideAfter }
}

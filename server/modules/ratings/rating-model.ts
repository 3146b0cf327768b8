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

const drift = (skill: Skill, tau: number): Skill => ({ mu: skill.mu, sigma: Math.sqrt(skill.sigma * skill.sigma + tau * tau) })

/**
 * One game's update of every player's belief, with the corrections above. Pure: the same input
 * gives the same output bit for bit, so a recompute reproduces the incremental updates.
 */
export function rateTeams(teams: readonly TeamInput[], side: Skill): RatedTeams {
  const p = ratingParameters
  const sideIndex = teams.findIndex((team) => team.withSide)
  const sideBefore = drift(side, p.side.tau)
  // The model wants teams ordered by place, with their places sorted.
  const order = teams.map((_, index) => index).sort((a, b) => (teams[a] as TeamInput).rank - (teams[b] as TeamInput).rank)
  const input = order.map((index) => {
    const team = teams[index] as TeamInput
    const size = Math.max(1, team.skills.length)
    const scaled = team.skills.map((skill) => {
      const drifted = drift(skill, p.tau)
      return { mu: drifted.mu / size, sigma: drifted.sigma / size }
    })
    if (index === sideIndex) scaled.push({ mu: sideBefore.mu, sigma: sideBefore.sigma })
    return scaled
  })
  const output = p.model(input, { rank: order.map((index) => (teams[index] as TeamInput).rank), beta: p.beta, tau: 0 })
  const skills: Skill[][] = teams.map(() => [])
  let sideAfter = side
  order.forEach((index, place) => {
    const team = teams[index] as TeamInput
    const size = Math.max(1, team.skills.length)
    const rated = output[place] as Skill[]
    skills[index] = team.skills.map((_, seat) => {
      const skill = rated[seat] as Skill
      return { mu: skill.mu * size, sigma: skill.sigma * size }
    })
    if (index === sideIndex) sideAfter = rated[team.skills.length] as Skill
  })
  return { skills, side: sideAfter }
}

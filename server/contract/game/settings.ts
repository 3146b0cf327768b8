import { Type, type Static } from 'typebox'

/**
 * A lobby's game settings (spec section 3). Every flag defaults to false except `judge`;
 * `votingType` 0 is the classic one-candidate-after-another vote, 1 the simultaneous vote.
 */
export const LobbySettings = Type.Object(
  {
    /** Nine at the table and the same three tied twice: hold the "all leave?" vote (true) or let night fall (false). */
    split3In9: Type.Boolean({ default: false }),
    /** The first day counts like any other (true), or its vote is only recorded (false). */
    voteIn0: Type.Boolean({ default: false }),
    /** A person runs the table (true), or the server alone (false). */
    judge: Type.Boolean({ default: true }),
    /** Only players with fewer than 20 finished games may sit; the game does not count for ratings. */
    newbie: Type.Boolean({ default: false }),
    /** The fourth foul removes the player (true), or fouls stop counting at three (false). */
    fourthFoul: Type.Boolean({ default: false }),
    /** Everyone sees who voted for whom as it happens (true), or counts only until the end (false). */
    openUp: Type.Boolean({ default: false }),
    /** 0 classic, 1 simultaneous. */
    votingType: Type.Union([Type.Literal(0), Type.Literal(1)], { default: 0 }),
  },
  { additionalProperties: false },
)
export type LobbySettings = Static<typeof LobbySettings>

export const defaultLobbySettings: LobbySettings = {
  split3In9: false,
  voteIn0: false,
  judge: true,
  newbie: false,
  fourthFoul: false,
  openUp: false,
  votingType: 0,
}

/** Fewer finished games than this lets a player sit at a newbie table. */
export const newbieGameLimit = 20

/**
 * The game's error codes. Each is a translation key; the main error list includes them.
 * A refused command changes nothing.
 */
export const gameErrorCodes = [
  /** The command is not this player's to make right now (another speaker, another role's night step). */
  'errors.game.not_your_turn',
  /** The acting player has left the table. */
  'errors.game.seat_left',
  /** This player has already voted in this vote. */
  'errors.game.already_voted',
  /** This player has already acted in this night step, or named the best move. */
  'errors.game.already_acted',
  /** The command does not belong to the current phase. */
  'errors.game.phase',
  /** The sender has no seat at this table. */
  'errors.game.not_at_table',
  /** The game has ended. */
  'errors.game.game_over',
  /** Only the judge may do this. */
  'errors.game.judge_only',
  /** The table plays without a judge, so there is nobody to do this. */
  'errors.game.no_judge',
  /** Only the server may do this. */
  'errors.game.host_only',
  /** The chosen seat is not a valid target (no such seat, has left, or not allowed by the rules). */
  'errors.game.invalid_target',
  /** The player has already nominated today. */
  'errors.game.nomination_used',
  /** That player is already nominated today. */
  'errors.game.already_nominated',
  /** A nomination is waiting for the judge. */
  'errors.game.nomination_pending',
  /** There is no nomination waiting for the judge. */
  'errors.game.no_pending_nomination',
  /** The game is paused. */
  'errors.game.paused',
  /** The game is not paused. */
  'errors.game.not_paused',
  /** The time of this phase is up; the judge moves on. */
  'errors.game.time_up',
  /** The zero night and the night steps keep their fixed time: nobody may extend or restart it. */
  'errors.game.timer_fixed',
  /** Fouls stop counting at three at this table. */
  'errors.game.foul_limit',
  /** Extra points must lie between -1 and +1 in steps of 0.05, in total per player too. */
  'errors.game.invalid_points',
  /** The judge cannot also sit as a player. */
  'errors.game.judge_playing',
  /** The seats, judge or settings do not make a valid game. */
  'errors.game.invalid_setup',
  /** The dealt roles are not the deck's roles for this table. */
  'errors.game.invalid_deal',
] as const

export type GameErrorCode = (typeof gameErrorCodes)[number]

export function isGameErrorCode(value: unknown): value is GameErrorCode {
  return typeof value === 'string' && (gameErrorCodes as readonly string[]).includes(value)
}

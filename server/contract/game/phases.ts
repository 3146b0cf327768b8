/**
 * The phases of a game, in the order they usually come. Night steps are phases of their own so
 * every viewer sees which role is awake, whether or not that role is still at the table.
 */
export const phases = [
  /** Seats are taken; waiting for the deal. */
  'created',
  /** Roles are dealt; black players see each other; no shots, no checks. */
  'zero_night',
  /** A player's day speech (nominations happen here). */
  'day_speech',
  /** A tied player's 30-second defence before the re-vote. */
  'defence_speech',
  /** Votes on the nominees. */
  'voting',
  /** The "all of them leave?" vote after the same players tied twice. */
  'lift_vote',
  /** The first-night victim names up to three seats. */
  'best_move',
  /** A leaving player's last minute. */
  'last_words',
  'night_shooting',
  'night_maniac',
  'night_doctor',
  'night_don',
  'night_sheriff',
  'ended',
] as const
export type Phase = (typeof phases)[number]

/** The steps of a night, in the order they are played. */
export const nightSteps = ['shooting', 'maniac', 'doctor', 'don', 'sheriff'] as const
export type NightStep = (typeof nightSteps)[number]

/** The kinds of speech. */
export type SpeechKind = 'day' | 'defence' | 'last_words'

/** Why a player left the table. Only `vote` and `night` give last words. */
export type LeaveReason = 'vote' | 'night' | 'fouls' | 'disqualified' | 'disconnected'

/** Why a day ended with nobody voted out. */
export type NoEliminationReason =
  | 'no_nominees'
  | 'single_nominee_first_day'
  | 'first_day'
  | 'split_three_in_nine'
  | 'lift_failed'

/** Why a game ended. */
export type EndReason =
  | 'all_black_left'
  | 'black_parity'
  | 'maniac_last_two'
  | 'draw_quiet_rounds'
  | 'team_loss'
  | 'judge'

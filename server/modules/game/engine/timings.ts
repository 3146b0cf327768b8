/**
 * How long each timed part of the game lasts, in milliseconds. Events carry absolute deadlines, so
 * changing a duration here never changes how a recorded game replays.
 */
export const timings = {
  zeroNight: 60_000,
  speech: 60_000,
  /** The speech of a player with three fouls when only three or four players are left. */
  shortenedSpeech: 30_000,
  defence: 30_000,
  lastWords: 60_000,
  bestMove: 20_000,
  /** Every night step: shooting, the Maniac, the Doctor, the Don's and the Sheriff's checks. */
  nightStep: 10_000,
  /** Classic vote: the window for each called candidate. */
  classicCandidate: 5_000,
  /** Simultaneous vote: the one window for everyone. */
  simultaneousVote: 15_000,
  liftVote: 10_000,
  /** What the judge's `extend_timer` adds to a phase's timer. */
  timerExtension: 30_000,
  /** A seated player disconnected this long is removed as if disqualified. */
  disconnectLimit: 180_000,
} as const

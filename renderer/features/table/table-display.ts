import type { GameView, NightStep, RoleName } from '../../../server/contract/game'

/** What a seated player may do right now; every field false or empty when nothing. */
export interface PlayerControls {
  endSpeech: boolean
  /** Seats the speaker may nominate (empty when they may not). */
  nominate: number[]
  /** Seats this player may vote for. */
  vote: number[]
  liftVote: boolean
  /** The night step this player acts in, with the seats they may pick. */
  night: { step: NightStep; targets: number[] } | null
  /** Seats the best move may name. */
  bestMove: number[]
}

const none: PlayerControls = { endSpeech: false, nominate: [], vote: [], liftVote: false, night: null, bestMove: [] }

const actsAt: Record<NightStep, (role: RoleName) => boolean> = {
  shooting: (role) => role === 'Don' || role === 'Mafia',
  maniac: (role) => role === 'Maniac',
  doctor: (role) => role === 'Doctor',
  don: (role) => role === 'Don',
  sheriff: (role) => role === 'Sheriff',
}

/** The controls a viewer sees: only a seated player, only when the rules let them act (the server still decides). */
export function playerControls(view: GameView | null): PlayerControls {
  if (!view || view.viewer.kind !== 'player' || !view.you) return none
  if (view.paused || view.timeUp || view.phase === 'ended' || view.phase === 'created') return none
  const own = view.you.seat
  const me = view.seats[own - 1]
  if (!me) return none
  const atTable = view.seats.filter((seat) => seat.atTable).map((seat) => seat.seat)
  const controls: PlayerControls = { ...none }
  const speaking = view.speaker === own
  if (speaking && (view.phase === 'day_speech' || view.phase === 'defence_speech' || view.phase === 'last_words')) controls.endSpeech = true
  if (!me.atTable) {
    if (view.phase === 'best_move' && speaking && !view.bestMoves.some((move) => move.seat === own)) controls.bestMove = atTable
    return controls
  }
  if (view.phase === 'day_speech' && speaking && view.pendingNomination === null && !view.nominations.some((nomination) => nomination.by === own)) {
    const nominated = new Set(view.nominations.map((nomination) => nomination.target))
    controls.nominate = atTable.filter((seat) => !nominated.has(seat))
  }
  const voting = view.voting
  if (view.phase === 'voting' && voting?.kind === 'vote' && voting.yourVote === null) {
    controls.vote = voting.votingType === 0 ? (voting.current === null ? [] : [voting.current]) : [...voting.candidates]
  }
  if (view.phase === 'lift_vote' && voting?.kind === 'lift' && voting.yourVote === null) controls.liftVote = true
  const step = view.nightStep
  const role = view.you.role
  if (step && role && view.phase.startsWith('night_') && actsAt[step](role)) {
    const acted = view.nightActions.some((action) => action.night === view.night && action.step === step && action.seat === own)
    if (!acted) controls.night = { step, targets: atTable }
  }
  return controls
}

/** What the judge may do right now. */
export interface JudgeControls {
  start: boolean
  next: boolean
  confirmNomination: boolean
  pause: boolean
  resume: boolean
  /** Fouls, disqualification, microphones and extra points, per seat at the table. */
  seats: number[]
  endGame: boolean
  finalise: boolean
  awardPoints: boolean
}

/** The judge's panel: start before the deal (with seats taken), then the running game's tools, then the protocol. */
export function judgeControls(view: GameView | null, options: { isJudge: boolean; seated: number; seatCount: number }): JudgeControls | null {
  if (!options.isJudge) return null
  if (!view) {
    return { start: options.seated === options.seatCount, next: false, confirmNomination: false, pause: false, resume: false, seats: [], endGame: false, finalise: false, awardPoints: false }
  }
  const ended = view.phase === 'ended'
  return {
    start: false,
    next: !ended && !view.paused,
    confirmNomination: !ended && view.pendingNomination !== null,
    pause: !ended && !view.paused,
    resume: !ended && view.paused,
    seats: ended ? [] : view.seats.filter((seat) => seat.atTable).map((seat) => seat.seat),
    endGame: !ended,
    finalise: ended && view.result !== null && !view.result.finalised,
    awardPoints: !ended || (view.result !== null && !view.result.finalised),
  }
}

/** Whether a role may be shown at a seat: never a living player's to a spectator before the end. */
export function visibleRole(view: GameView, seat: number): RoleName | null {
  const item = view.seats[seat - 1]
  if (!item) return null
  if (view.viewer.kind === 'spectator' && view.phase !== 'ended' && item.atTable) return null
  return item.role
}

/** Milliseconds left on the phase's timer (a paused one shows what it froze at). */
export function timeLeft(view: Pick<GameView, 'deadline' | 'paused' | 'remaining'>, now: number): number | null {
  if (view.paused) return view.remaining
  if (view.deadline === null) return null
  return Math.max(0, view.deadline - now)
}

/** Whether the viewer may leave: players and the judge stay at a running game; spectators always may. */
export function mayLeave(as: 'player' | 'judge' | 'spectator', status: string): boolean {
  return as === 'spectator' || status !== 'running'
}

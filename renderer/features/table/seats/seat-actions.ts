import type { GameCommandPayload, GameView } from '../../../../server/contract/game'

/** What a click on a seat's tile does for this viewer now (the test id's `data-action`). */
export type TileAction = 'nominate' | 'vote' | 'night' | 'best_move' | 'judge-confirm'

/**
 * The action the view offers on a seat, or null: the server's lists of legal targets decide, this
 * only looks them up (a seat in no list is not offered).
 */
export function tileAction(view: Pick<GameView, 'actions' | 'pendingNomination'>, seat: number): TileAction | null {
  const player = view.actions.player
  if (player) {
    if (player.nominate.includes(seat)) return 'nominate'
    if (player.vote.includes(seat)) return 'vote'
    if (player.night?.targets.includes(seat)) return 'night'
    if (player.bestMove.includes(seat)) return 'best_move'
  }
  const judge = view.actions.judge
  if (judge?.confirmNomination && view.pendingNomination?.target === seat) return 'judge-confirm'
  return null
}

/** The command a tile sends at once; the best move only toggles a pick (the action bar sends). */
export function tileCommand(action: TileAction, seat: number): GameCommandPayload | null {
  switch (action) {
    case 'nominate':
      return { type: 'nominate', target: seat }
    case 'vote':
      return { type: 'vote', target: seat }
    case 'night':
      return { type: 'night_action', target: seat }
    case 'judge-confirm':
      return { type: 'confirm_nomination' }
    case 'best_move':
      return null
  }
}

/** The best move names at most this many seats. */
export const bestMoveLimit = 3

/** The best-move picks after a click on `seat`: off when picked, on while fewer than three. */
export function toggleBestMove(picks: readonly number[], seat: number): number[] {
  if (picks.includes(seat)) return picks.filter((item) => item !== seat)
  return picks.length < bestMoveLimit ? [...picks, seat] : [...picks]
}

/**
 * The seats the viewer has picked, as the server holds them: their vote, their nomination of this
 * day, their action of this night, their best move; plus the best-move picks not sent yet.
 */
export function pickedSeats(view: GameView, bestMovePicks: readonly number[]): Set<number> {
  const picked = new Set<number>()
  const own = view.you?.seat ?? null
  if (own === null) return picked
  if (view.voting?.kind === 'vote' && view.voting.yourVote !== null) picked.add(view.voting.yourVote)
  if (view.phase === 'day_speech') {
    for (const nomination of view.nominations) if (nomination.by === own) picked.add(nomination.target)
    if (view.pendingNomination?.by === own) picked.add(view.pendingNomination.target)
  } else if (view.phase.startsWith('night_')) {
    for (const action of view.nightActions) if (action.night === view.night && action.seat === own && action.step === view.nightStep) picked.add(action.target)
  }
  const sent = view.bestMoves.find((move) => move.seat === own)
  if (view.phase === 'best_move' && sent) for (const seat of sent.targets) picked.add(seat)
  for (const seat of bestMovePicks) if (view.actions.player?.bestMove.includes(seat)) picked.add(seat)
  return picked
}

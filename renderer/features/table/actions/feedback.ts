import type { GameView, NightStep } from '../../../../server/contract/game'
import type { Text } from '../table-display'

/**
 * What the viewer's last action was, in words, from the view the server sent: so it is shown once
 * the server took it, and a refused one shows nothing. Seats are numbers here; the screen puts
 * "#2 Marta" in their place (`seat`, `seats`).
 */
export interface Feedback extends Text {
  seat?: number
  seats?: readonly number[]
}

export function seatFeedback(view: GameView): Feedback | null {
  const own = view.you?.seat
  if (own === undefined) return null
  const voting = view.voting
  if (voting?.kind === 'vote' && voting.yourVote !== null) return { key: 'game.screen.feedback.vote', seat: voting.yourVote }
  if (voting?.kind === 'lift' && voting.yourVote !== null) return { key: voting.yourVote ? 'game.screen.feedback.liftYes' : 'game.screen.feedback.liftNo' }
  if (view.phase.startsWith('night_')) {
    const action = view.nightActions.findLast((item) => item.night === view.night && item.seat === own)
    if (!action) return null
    if (action.result !== null) return { key: `game.screen.feedback.check`, seat: action.target, values: { result: `game.result.${action.result}` } }
    return { key: `game.screen.feedback.night.${action.step}`, seat: action.target }
  }
  if (view.phase === 'best_move') {
    const move = view.bestMoves.find((item) => item.seat === own)
    return move ? { key: 'game.screen.feedback.bestMove', seats: move.targets } : null
  }
  if (view.phase === 'day_speech') {
    if (view.pendingNomination?.by === own) return { key: 'game.screen.feedback.nominationPending', seat: view.pendingNomination.target }
    const nomination = view.nominations.find((item) => item.by === own)
    if (nomination) return { key: 'game.screen.feedback.nominated', seat: nomination.target }
  }
  return null
}

/** One black partner's pick at the shooting step (null: none yet). */
export interface PartnerPick {
  seat: number
  target: number | null
}

/**
 * For a black player at the shooting step: each partner's pick as the view shows it, and whether
 * every pick (their own included) names one seat. Null for anyone else or at any other time.
 */
export function partnerPicks(view: GameView): { picks: PartnerPick[]; own: number | null; agree: boolean } | null {
  const you = view.you
  if (!you || you.team !== 'black' || view.nightStep !== 'shooting' || !view.phase.startsWith('night_')) return null
  const shotBy = (seat: number) => view.nightActions.findLast((item) => item.night === view.night && item.step === 'shooting' && item.seat === seat)?.target ?? null
  const atTable = (seat: number) => view.seats.find((item) => item.seat === seat)?.atTable ?? false
  const picks = you.partners.filter((partner) => atTable(partner.seat)).map((partner) => ({ seat: partner.seat, target: shotBy(partner.seat) }))
  const own = shotBy(you.seat)
  const targets = [own, ...picks.map((pick) => pick.target)]
  const agree = targets.every((target) => target !== null && target === own)
  return { picks, own, agree }
}

/**
 * A short hint where a rule decides (the server decides; this only says so): non-voters count for
 * the last nominee of a classic vote; nobody leaves on the first day unless the table counts it.
 */
export function ruleHint(view: GameView): Text | null {
  const voting = view.voting
  if (voting?.kind !== 'vote') return null
  if (view.day === 1 && !view.settings.voteIn0) return { key: 'game.screen.hint.firstDay' }
  if (voting.votingType === 0 && voting.current !== null && voting.current === voting.candidates.at(-1)) return { key: 'game.screen.hint.lastNominee' }
  if (voting.votingType === 1) return { key: 'game.screen.hint.simultaneous' }
  return null
}

/** The prompt above the viewer's own controls: what the view lets them do now. */
export function actionPrompt(view: GameView): Text | null {
  const player = view.actions.player
  if (!player) return null
  if (player.night) return { key: `game.screen.prompt.night.${player.night.step satisfies NightStep}` }
  if (player.bestMove.length > 0) return { key: 'game.screen.prompt.bestMove' }
  if (player.vote.length > 0) return { key: 'game.screen.prompt.vote' }
  if (player.liftVote) return { key: 'game.controls.liftVote' }
  if (player.nominate.length > 0) return { key: 'game.screen.prompt.nominate' }
  if (player.endSpeech) return { key: view.speech === 'last_words' ? 'game.screen.prompt.lastWords' : 'game.screen.prompt.speech' }
  return null
}

/** Whether the viewer may act now in any way (their own controls or a tile). */
export function mayAct(view: GameView): boolean {
  const player = view.actions.player
  return player !== null && (player.endSpeech || player.nominate.length > 0 || player.vote.length > 0 || player.liftVote || player.night !== null || player.bestMove.length > 0)
}

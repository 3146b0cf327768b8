import type { CommandSender, GameErrorCode, GameEvent, GameSetup, RoleName } from '../../../../contract/game'
import { deckLayout } from '../decks'
import type { Draft } from '../draft'
import { startGame } from '../flow'
import type { DecideResult } from './result'
import { senderOf } from './guards'

/**
 * The game's first event, once the table is set: the deck must have a table of this size, every
 * seat a different user, and a judge exactly when the settings ask for one, who does not also play.
 */
export function createGame(setup: GameSetup, at: number): DecideResult {
  const error = setupError(setup)
  if (error) return { ok: false, error }
  const event: GameEvent = {
    type: 'game_created',
    version: 1,
    at,
    deckId: setup.deckId,
    settings: { ...setup.settings },
    seats: [...setup.seats],
    judge: setup.judge,
  }
  return { ok: true, events: [event] }
}

function setupError(setup: GameSetup): GameErrorCode | undefined {
  if (deckLayout(setup.deckId, setup.seats.length) === null) return 'errors.game.invalid_setup'
  if (new Set(setup.seats).size !== setup.seats.length) return 'errors.game.invalid_setup'
  if (setup.settings.judge !== (setup.judge !== null)) return 'errors.game.invalid_setup'
  if (setup.judge !== null && setup.seats.includes(setup.judge)) return 'errors.game.judge_playing'
  return undefined
}

/** The roles are exactly the deck's roles for this table, in some order. */
function isDealOfDeck(roles: readonly RoleName[], layout: readonly RoleName[]): boolean {
  if (roles.length !== layout.length) return false
  const sorted = (list: readonly RoleName[]) => [...list].sort().join(',')
  return sorted(roles) === sorted(layout)
}

/**
 * The judge starts a judged game; the server starts one without a judge. Either way the server
 * supplies the roles from its secure shuffle (see dealRoles).
 */
export function start(draft: Draft, by: CommandSender, roles: RoleName[]): GameErrorCode | undefined {
  const state = draft.state
  const sender = senderOf(state, by)
  if (state.judge !== null ? sender.kind !== 'judge' : sender.kind !== 'host') {
    return state.judge !== null ? 'errors.game.judge_only' : 'errors.game.host_only'
  }
  if (state.phase !== 'created') return 'errors.game.phase'
  const layout = deckLayout(state.deckId, state.seats.length)
  if (!layout || !Array.isArray(roles) || !isDealOfDeck(roles, layout)) return 'errors.game.invalid_deal'
  startGame(draft, [...roles])
  return undefined
}

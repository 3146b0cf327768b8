/**
 * The sport-mafia game engine: pure and deterministic. Events in, state and views out.
 *
 * A host (the game module) keeps one queue per table and, for each command:
 *   const result = execute(state, { ...payload, by: userId, at: now })
 *   if (!result.ok) -> answer result.error (nothing changed)
 *   else -> store result.events, state = result.state, send projectEvent(event, viewer, state)
 *           to every viewer, and schedule a tick at nextDeadline(state).
 * A restart rebuilds each running game with replay(storedEvents).
 */
export { applyEvent, replay } from './apply'
export { decide, execute } from './decide/index'
export type { DecideResult, ExecuteResult } from './decide/result'
export { createGame } from './decide/setup'
export { nextDeadline } from './decide/host'
export { senderOf, type Sender } from './decide/guards'
export { dealRoles, deckLayout, decks, nightStepsOf, shuffleBounds, teamOf, type Deck, type PlayableRole } from './decks'
export { openMicrophones } from './microphones'
export { decideWinner, isQuietDraw } from './outcome'
export { countsForRatings, gameResult, points } from './points'
export { canSit } from './sitting'
export type { GameState, SeatState } from './state'
export { timings } from './timings'
export { projectEvent, seesRole, viewerOf, viewFor } from './visibility'

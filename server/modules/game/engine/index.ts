/**
 * The sport-mafia game engine: pure and deterministic. Events in, state and views out.
 *
 * A host (the game module) keeps one queue per table and, for each command:
 *   const result = execute(state, { ...payload, by: userId, at: now })
 *   if (!result.ok) -> answer result.error (nothing changed)
 *   else -> store result.events, state = result.state, send each viewer what changed in
 *           viewFor(state, viewer) (their legal actions and cameras included) with the events
 *           projectEvent lets them see, and schedule a tick at nextDeadline(state).
 * The table's media room forwards the microphones of microphoneControl(state) and, to each
 * viewer, the cameras of camerasFor(state, viewer).
 * A restart rebuilds each running game with replay(storedEvents).
 */
export { actionsFor, judgeActions, playerActions } from './actions'
export { applyEvent, replay } from './apply'
export { mapPacked } from './arrays'
export { decide, execute } from './decide/index'
export type { DecideResult, ExecuteResult } from './decide/result'
export { createGame } from './decide/setup'
export { nextDeadline } from './decide/host'
export { senderOf, type Sender } from './decide/guards'
export { dealRoles, deckLayout, decks, nightStepsOf, shuffleBounds, teamOf, type Deck, type PlayableRole } from './decks'
export { camerasFor, microphoneControl, openMicrophones, type MicrophoneControl } from './media'
export { decideWinner, isQuietDraw } from './outcome'
export { countsForRatings, gameResult, points, sameSeatResults } from './points'
export { canSit } from './sitting'
export type { GameState, SeatState } from './state'
export { timings } from './timings'
export { upcomingStep } from './upcoming'
export { ownViewOf, projectEvent, seesRole, sharedViewOf, viewerOf, viewFor, type OwnView, type SharedView } from './visibility'

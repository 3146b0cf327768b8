import { proxy } from 'valtio'
import { subscribeKey } from 'valtio/utils'
import type { Ack, ErrorCode } from '../../server/contract/errors'
import { isErrorCode } from '../../server/contract/errors'
import type { GameCommandPayload, GameView, RoleName, SeatView, Team, VisibleGameEvent } from '../../server/contract/game'
import type { GameEventPush, GameRecord } from '../../server/contract/socket/game'
import type { LadderSearch, Lobby, LobbyCreate, LobbyStatus, LobbySummary } from '../../server/contract/socket/lobbies'
import { currentSocket, registerConnectHook, registerCurrentLobbyQuery, type AppSocket } from '../realtime'
import { sessionState } from './session'

/** The ladder queue as the home screen shows it. */
export interface SearchState {
  status: 'idle' | 'searching' | 'seated'
  waiting: number
  needed: number
  /** A translation key when the search was refused. */
  error: string | null
}

export interface LobbyState {
  /** Open and running tables, newest first. */
  list: LobbySummary[]
  listLoaded: boolean
  /** The table the viewer is at, with the game as they may see it (`current.game`). */
  current: Lobby | null
  /** A reload of the current view is on its way. */
  reloading: boolean
  search: SearchState
}

const idleSearch = (): SearchState => ({ status: 'idle', waiting: 0, needed: 0, error: null })

export const lobbyState = proxy<LobbyState>({ list: [], listLoaded: false, current: null, reloading: false, search: idleSearch() })

/* ---------- pure rules ---------- */

/** A reply with an `error` field. */
export const isErrorReply = (answer: unknown): answer is { error: string; field?: string } =>
  typeof answer === 'object' && answer !== null && 'error' in answer && typeof (answer as { error: unknown }).error === 'string'

/**
 * The current-lobby rule of spec section 4: a lobby reply (create, ladder, join, watch, moderate) is
 * the current lobby; a load only when the viewer is a member; an error reply is never stored and
 * clears the current lobby. Returns the stored lobby (or null).
 */
export function acceptLobbyReply(state: Pick<LobbyState, 'current'>, answer: unknown, source: 'create' | 'ladder' | 'join' | 'watch' | 'moderate' | 'load' | 'in'): Lobby | null {
  if (answer === null || answer === undefined) {
    if (source === 'in') state.current = null
    return null
  }
  if (isErrorReply(answer)) {
    state.current = null
    return null
  }
  const lobby = answer as Lobby
  if (typeof lobby !== 'object' || typeof lobby.id !== 'number') return null
  if ((source === 'load' || source === 'in') && !lobby.member) return null
  state.current = lobby
  return lobby
}

/** Leaving forgets the current lobby. */
export function applyLeave(state: Pick<LobbyState, 'current'>): void {
  state.current = null
}

/** Adds or replaces a table of the list; a closed one leaves it. */
export function applySummary(state: Pick<LobbyState, 'list' | 'current'>, summary: LobbySummary): void {
  const live = summary.status === 'open' || summary.status === 'running'
  const index = state.list.findIndex((item) => item.id === summary.id)
  if (!live) {
    if (index >= 0) state.list.splice(index, 1)
  } else if (index >= 0) state.list[index] = summary
  else state.list.unshift(summary)
  if (state.current && state.current.id === summary.id) state.current.lobby = summary
}

export function applyRemoved(state: Pick<LobbyState, 'list' | 'current'>, removed: { id: number; status: LobbyStatus }): void {
  state.list = state.list.filter((item) => item.id !== removed.id)
  if (state.current && state.current.id === removed.id) state.current.lobby = { ...state.current.lobby, status: removed.status }
}

/** The team of a role: black for Don and Mafia, the Maniac alone, everyone else red. */
export function teamOfRole(role: RoleName): Team {
  if (role === 'Don' || role === 'Mafia') return 'black'
  if (role === 'Maniac') return 'maniac'
  return 'red'
}

/** What to do with a pushed event: it was folded in, it is old, or the view must be loaded again. */
export type EventOutcome = 'applied' | 'stale' | 'reload' | 'ignored'

/**
 * Events whose consequences the client cannot work out alone (the deal's per-viewer view, a closed
 * vote's record, the result with its points): the view is loaded again after them.
 */
const reloadAfter = new Set<string>(['game_created', 'roles_dealt', 'voting_closed', 'lift_vote_closed', 'game_ended', 'game_finalised', 'points_awarded'])

type MutableView = { -readonly [Key in keyof GameView]: GameView[Key] }

const speechPhase = { day: 'day_speech', defence: 'defence_speech', last_words: 'last_words' } as const
const nightPhase = { shooting: 'night_shooting', maniac: 'night_maniac', doctor: 'night_doctor', don: 'night_don', sheriff: 'night_sheriff' } as const

function changeSeat(view: MutableView, seat: number, change: (seat: SeatView) => SeatView): void {
  view.seats = view.seats.map((item) => (item.seat === seat ? change(item) : item))
}

/** The open microphones by the engine's default: everyone before and after the game, the speaker by day. */
function defaultMicrophones(view: GameView): number[] {
  if (view.phase === 'created' || view.phase === 'ended') return view.seats.map((seat) => seat.seat)
  const speaking = view.phase === 'day_speech' || view.phase === 'defence_speech' || view.phase === 'last_words' || view.phase === 'best_move'
  return speaking && view.speaker !== null && !view.paused && !view.timeUp ? [view.speaker] : []
}

function enterPhase(view: MutableView, phase: GameView['phase'], deadline: number | null): void {
  view.phase = phase
  view.deadline = deadline
  view.timeUp = false
}

/** Folds one visible event into a view (a copy); what needs the server's reckoning is left to a reload. */
export function reduceView(previous: GameView, event: VisibleGameEvent): GameView {
  const view: MutableView = { ...previous }
  let keepMicrophones = false
  switch (event.type) {
    case 'zero_night_started':
      enterPhase(view, 'zero_night', event.deadline)
      break
    case 'day_started':
      enterPhase(view, 'day_speech', null)
      view.day = event.day
      view.nominations = []
      view.pendingNomination = null
      view.voting = null
      view.tie = null
      view.speaker = null
      view.speech = null
      view.nightStep = null
      break
    case 'speech_started':
      enterPhase(view, speechPhase[event.speech], event.deadline)
      view.speaker = event.seat
      view.speech = event.speech
      view.pendingNomination = null
      if (event.speech !== 'last_words') changeSeat(view, event.seat, (seat) => ({ ...seat, losesNextSpeech: false }))
      break
    case 'speech_skipped':
      changeSeat(view, event.seat, (seat) => ({ ...seat, losesNextSpeech: false }))
      keepMicrophones = true
      break
    case 'nomination_proposed':
      view.pendingNomination = { by: event.by, target: event.target }
      keepMicrophones = true
      break
    case 'nomination_rejected':
      view.pendingNomination = null
      keepMicrophones = true
      break
    case 'nominated':
      view.pendingNomination = null
      view.nominations = [...previous.nominations, { by: event.by, target: event.target }]
      keepMicrophones = true
      break
    case 'voting_started':
      enterPhase(view, 'voting', event.deadline)
      view.voting = {
        kind: 'vote',
        round: event.round,
        votingType: event.votingType,
        candidates: event.candidates,
        current: event.votingType === 0 ? (event.candidates[0] ?? null) : null,
        counts: event.candidates.map((candidate) => ({ candidate, votes: 0 })),
        votes: previous.settings.openUp || previous.viewer.kind === 'judge' ? [] : null,
        voted: 0,
        yourVote: null,
      }
      view.speaker = null
      view.speech = null
      break
    case 'candidate_called':
      if (previous.voting?.kind === 'vote') view.voting = { ...previous.voting, current: event.candidate }
      view.deadline = event.deadline
      view.timeUp = false
      keepMicrophones = true
      break
    case 'vote_cast': {
      const voting = previous.voting
      if (voting?.kind === 'vote') {
        const own = previous.you?.seat ?? null
        view.voting = {
          ...voting,
          counts: voting.counts.map((count) => (count.candidate === event.candidate ? { candidate: count.candidate, votes: count.votes + 1 } : count)),
          votes: voting.votes !== null && event.voter !== null ? [...voting.votes, { voter: event.voter, candidate: event.candidate }] : voting.votes,
          voted: voting.voted + 1,
          yourVote: own !== null && event.voter === own ? event.candidate : voting.yourVote,
        }
      }
      keepMicrophones = true
      break
    }
    case 'tie':
      view.tie = event.seats
      keepMicrophones = true
      break
    case 'lift_vote_started':
      enterPhase(view, 'lift_vote', event.deadline)
      view.voting = {
        kind: 'lift',
        candidates: event.candidates,
        yes: 0,
        needed: Math.floor(previous.seats.filter((seat) => seat.atTable).length / 2) + 1,
        votes: previous.settings.openUp || previous.viewer.kind === 'judge' ? [] : null,
        voted: 0,
        yourVote: null,
      }
      view.speaker = null
      view.speech = null
      break
    case 'lift_vote_cast': {
      const voting = previous.voting
      if (voting?.kind === 'lift') {
        const own = previous.you?.seat ?? null
        view.voting = {
          ...voting,
          yes: voting.yes + (event.leave ? 1 : 0),
          votes: voting.votes !== null && event.voter !== null ? [...voting.votes, { voter: event.voter, leave: event.leave }] : voting.votes,
          voted: voting.voted + 1,
          yourVote: own !== null && event.voter === own ? event.leave : voting.yourVote,
        }
      }
      keepMicrophones = true
      break
    }
    case 'no_elimination':
      view.deadline = null
      keepMicrophones = true
      break
    case 'player_left':
      changeSeat(view, event.seat, (seat) => ({ ...seat, atTable: false, left: event.reason }))
      if (previous.pendingNomination && (previous.pendingNomination.by === event.seat || previous.pendingNomination.target === event.seat)) view.pendingNomination = null
      keepMicrophones = true
      break
    case 'best_move_started':
      enterPhase(view, 'best_move', event.deadline)
      view.speaker = event.seat
      view.speech = null
      break
    case 'best_move_named':
      view.bestMoves = [...previous.bestMoves, { seat: event.seat, targets: event.targets }]
      keepMicrophones = true
      break
    case 'night_started':
      view.night = event.night
      view.speaker = null
      view.speech = null
      view.voting = null
      view.tie = null
      view.pendingNomination = null
      view.deadline = null
      view.timeUp = false
      break
    case 'night_step_started':
      enterPhase(view, nightPhase[event.step], event.deadline)
      view.nightStep = event.step
      break
    case 'night_action':
      view.nightActions = [...previous.nightActions, { night: previous.night, step: event.step, seat: event.seat, target: event.target, result: event.result }]
      keepMicrophones = true
      break
    case 'night_result':
      view.nightStep = null
      view.deadline = null
      view.nightResults = [...previous.nightResults, { night: event.night, killed: event.killed }]
      break
    case 'foul':
      changeSeat(view, event.seat, (seat) => ({ ...seat, fouls: event.fouls, losesNextSpeech: event.fouls === 3 ? true : seat.losesNextSpeech }))
      keepMicrophones = true
      break
    case 'connection':
      changeSeat(view, event.seat, (seat) => ({ ...seat, connected: event.connected }))
      keepMicrophones = true
      break
    case 'microphone': {
      const open = new Set(previous.microphones)
      if (event.open) open.add(event.seat)
      else open.delete(event.seat)
      view.microphones = [...open].sort((a, b) => a - b)
      keepMicrophones = true
      break
    }
    case 'paused':
      view.paused = true
      view.remaining = event.remaining
      view.deadline = null
      break
    case 'resumed':
      view.paused = false
      view.remaining = null
      view.deadline = event.deadline
      break
    case 'time_up':
      view.timeUp = true
      break
    default:
      keepMicrophones = true
      break
  }
  view.version = event.version
  if (!keepMicrophones) view.microphones = defaultMicrophones(view)
  return view
}

/**
 * A pushed event against the view held: older ones are dropped, the next one is folded in (or, when
 * only the server can work out its effect, asks for a reload), and a gap asks for a reload.
 */
export function applyGameEvent(state: Pick<LobbyState, 'current'>, push: GameEventPush): EventOutcome {
  const current = state.current
  if (!current || current.id !== push.lobbyId) return 'ignored'
  const view = current.game as GameView | null
  if (!view) return 'reload'
  const event = push.event
  if (event.version <= view.version) return 'stale'
  if (event.version !== view.version + 1) return 'reload'
  if (!('type' in event)) {
    current.game = { ...view, version: event.version }
    return 'applied'
  }
  const next = reduceView(view, event)
  current.game = next
  return reloadAfter.has(event.type) ? 'reload' : 'applied'
}

/* ---------- requests ---------- */

const ackTimeoutMilliseconds = 8000

/** A refused request: `code` is a translation key. */
export class LobbyRequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(code)
  }
}

export const lobbyErrorKey = (error: unknown): ErrorCode => (error instanceof LobbyRequestError ? error.code : 'errors.internal')

/** What a request without an answer (no socket, a timeout) gives: an error, but not the server's reply. */
const noAnswer = Object.freeze({ error: 'errors.internal' as const })

/** Sends one request and answers its raw ack (a result or `{ error, field? }`); `noAnswer` on a timeout. */
async function ask(event: string, payload?: unknown): Promise<unknown> {
  const socket = currentSocket()
  if (!socket) return noAnswer
  try {
    const emitter = socket.timeout(ackTimeoutMilliseconds) as unknown as { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> }
    return payload === undefined ? await emitter.emitWithAck(event) : await emitter.emitWithAck(event, payload)
  } catch {
    return noAnswer
  }
}

function failure(answer: { error: string; field?: string }): LobbyRequestError {
  return new LobbyRequestError(isErrorCode(answer.error) ? answer.error : 'errors.internal', answer.field)
}

async function lobbyRequest(event: string, payload: unknown, source: Parameters<typeof acceptLobbyReply>[2]): Promise<Lobby> {
  const answer = await ask(event, payload)
  // No answer is no reply: the current lobby stays as it was.
  if (answer === noAnswer) throw new LobbyRequestError('errors.internal')
  if (isErrorReply(answer)) {
    acceptLobbyReply(lobbyState, answer, source)
    throw failure(answer)
  }
  const lobby = acceptLobbyReply(lobbyState, answer, source)
  if (!lobby) throw new LobbyRequestError('errors.lobby.not_member')
  return lobby
}

/** The list of open and running tables (the socket then hears of every change). */
export async function loadLobbyList(): Promise<void> {
  const answer = (await ask('mafia:lobby:list')) as Ack<LobbySummary[]>
  if (isErrorReply(answer)) throw failure(answer)
  lobbyState.list = [...(answer as LobbySummary[])].sort((a, b) => b.id - a.id)
  lobbyState.listLoaded = true
}

export const createLobby = (payload: LobbyCreate) => lobbyRequest('mafia:create:lobby', payload, 'create')
export const joinLobby = (id: number) => lobbyRequest('mafia:join:lobby', { id }, 'join')
export const watchLobby = (id: number) => lobbyRequest('mafia:watch:lobby', { id }, 'watch')
export const moderateLobby = (id: number) => lobbyRequest('mafia:moderate:lobby', { id }, 'moderate')
export const loadLobby = (id: number) => lobbyRequest('mafia:load:lobby', { id }, 'load')

/** A table as the viewer may see it, without making it the current lobby (the statistics page). */
export async function fetchLobby(id: number): Promise<Lobby> {
  const answer = await ask('mafia:load:lobby', { id })
  if (isErrorReply(answer)) throw failure(answer)
  return answer as Lobby
}

/** A finished game's record (any signed-in user); throws the translated key (not found, not finished). */
export async function fetchGameRecord(id: number): Promise<GameRecord> {
  const answer = await ask('mafia:game:record', { id })
  if (isErrorReply(answer)) throw failure(answer)
  return answer as GameRecord
}

/** Asks the server whether the viewer sits at a table, and keeps the answer as the current lobby. */
export async function queryCurrentLobby(): Promise<Lobby | null> {
  const answer = await ask('mafia:lobby:in')
  if (answer === noAnswer) return lobbyState.current as Lobby | null
  return acceptLobbyReply(lobbyState, answer, 'in')
}

/** Leaves the current table (no ack) and forgets it. */
export function leaveLobby(): void {
  currentSocket()?.emit('mafia:lobby:leave')
  applyLeave(lobbyState)
}

/** Loads the current view again (a version gap, a reconnect, an event only the server can reckon). */
let reloadAgain = false

export async function reloadGame(): Promise<void> {
  if (!lobbyState.current) return
  if (lobbyState.reloading) {
    // A reload is on its way but may answer from before this event: load once more after it.
    reloadAgain = true
    return
  }
  lobbyState.reloading = true
  try {
    do {
      reloadAgain = false
      const current = lobbyState.current
      if (!current) break
      await loadLobby(current.id).catch(() => undefined)
    } while (reloadAgain)
  } finally {
    lobbyState.reloading = false
  }
}

/** Sends one game command for the current table; answers the new version or throws its translated key. */
export async function sendGameCommand(command: GameCommandPayload): Promise<number> {
  const current = lobbyState.current
  if (!current) throw new LobbyRequestError('errors.lobby.not_member')
  const answer = await ask('mafia:game:command', { id: current.id, command })
  if (isErrorReply(answer)) throw failure(answer)
  return (answer as { version: number }).version
}

/** Joins the ladder queue: waiting, or seated at once (then the table is the current lobby). */
export async function startSearch(): Promise<LadderSearch | null> {
  lobbyState.search = { ...idleSearch(), status: 'searching' }
  const answer = await ask('ladder:search:start')
  if (answer === 'error' || isErrorReply(answer)) {
    const key = isErrorReply(answer) && isErrorCode(answer.error) ? answer.error : 'errors.internal'
    lobbyState.search = { ...idleSearch(), error: key }
    return null
  }
  const result = answer as LadderSearch
  if (result.status === 'seated') {
    acceptLobbyReply(lobbyState, result.lobby, 'ladder')
    lobbyState.search = { ...idleSearch(), status: 'seated' }
  } else lobbyState.search = { status: 'searching', waiting: result.waiting, needed: result.needed, error: null }
  return result
}

/** The seated search has been followed to its table. */
export function resetSearch(): void {
  lobbyState.search = idleSearch()
}

export async function cancelSearch(): Promise<void> {
  lobbyState.search = idleSearch()
  await ask('ladder:search:cancel')
}

/** A push from the ladder: the queue seated the viewer at this table. */
export function applyLadderMatched(lobby: Lobby): void {
  acceptLobbyReply(lobbyState, lobby, 'ladder')
  lobbyState.search = { ...idleSearch(), status: 'seated' }
}

/** Signing out forgets everything. */
export function resetLobby(): void {
  lobbyState.list = []
  lobbyState.listLoaded = false
  lobbyState.current = null
  lobbyState.reloading = false
  lobbyState.search = idleSearch()
}

/** Whether to reload after a pushed event. */
export function receiveGameEvent(push: GameEventPush): void {
  if (applyGameEvent(lobbyState, push) === 'reload') void reloadGame()
}

const attached = new WeakSet<AppSocket>()

/** The lobby pushes of one socket, attached once. */
export function attachLobby(socket: AppSocket): void {
  if (attached.has(socket)) return
  attached.add(socket)
  socket.on('mafia:lobby:listed', (summary) => applySummary(lobbyState, summary))
  socket.on('mafia:lobby:updated', (summary) => applySummary(lobbyState, summary))
  socket.on('mafia:lobby:removed', (removed) => applyRemoved(lobbyState, removed))
  socket.on('ladder:matched', (lobby) => applyLadderMatched(lobby))
  socket.on('mafia:game:event', (push) => receiveGameEvent(push))
}

let started = false

/**
 * Wires the lobby state to the one socket: on every connect (users whose role is not 4) the
 * current lobby is asked again (a reconnect so reloads the game view), the list is reloaded when
 * it was shown, and the pushes are attached. Safe to call twice.
 */
export function startLobby(): void {
  if (started) return
  started = true
  registerCurrentLobbyQuery((socket) => {
    attachLobby(socket)
    void queryCurrentLobby()
  })
  registerConnectHook((socket) => {
    attachLobby(socket)
    if (lobbyState.listLoaded) void loadLobbyList().catch(() => undefined)
  })
  subscribeKey(sessionState, 'token', (token) => {
    if (token === null) resetLobby()
  })
}

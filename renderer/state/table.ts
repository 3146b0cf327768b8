import { proxy } from 'valtio'
import { subscribeKey } from 'valtio/utils'
import type { GameCommandPayload, GameView } from '../../server/contract/game'
import type { TablePush, TableSnapshot, TableSync, TableSyncRequest } from '../../server/contract/socket/game'
import type { SocketRequestArguments } from '../../server/contract/socket/events'
import type { Lobby, LobbyCreate, LobbyStatus, LobbySummary } from '../../server/contract/socket/lobbies'
import { currentSocket, registerCurrentLobbyQuery, type AppSocket } from '../realtime'
import { NoAnswerError, request, RequestError } from '../realtime/requests'
import { sessionState } from './session'

/* ---------- pure rules ---------- */

/**
 * What a push did to the view held: `applied` (the next of this viewer's stream, merged in), `stale`
 * (already held), `gap` (pushes were missed or the stream was restarted: sync), `ignored` (another
 * table's).
 */
export type PushOutcome = 'applied' | 'stale' | 'gap' | 'ignored'

/**
 * One push of the viewer's own stream against the view held for the table `lobbyId`. The view is
 * the server's: a push carries the top-level fields that changed, merged in as they come, so
 * nothing here knows a game rule. Pure: the held snapshot is never changed, a new one is returned
 * when the push applies (the same one otherwise).
 */
export function applyTablePush(held: TableSnapshot | null, lobbyId: number | null, push: TablePush): { outcome: PushOutcome; held: TableSnapshot | null } {
  if (lobbyId === null || push.lobbyId !== lobbyId) return { outcome: 'ignored', held }
  // Before the deal nothing is held, and the stream's first push carries the whole view (the deal).
  if (held === null && push.seq === 1) return { outcome: 'applied', held: { stream: push.stream, seq: 1, view: push.changes as GameView, log: push.events } }
  // Nothing held, or another stream: only a sync can say where it stands. A restarted or handed-over
  // table's streams start again from the views they had, so even their first push is only a change.
  if (held === null || held.stream !== push.stream) return { outcome: 'gap', held }
  if (push.seq <= held.seq) return { outcome: 'stale', held }
  if (push.seq !== held.seq + 1) return { outcome: 'gap', held }
  // The game's log is the snapshot's, then each push's events in order.
  const log = push.events.length === 0 ? held.log : [...held.log, ...push.events]
  return { outcome: 'applied', held: { stream: held.stream, seq: push.seq, view: { ...held.view, ...push.changes }, log } }
}

/**
 * What to hold once the server answered a snapshot (a sync that could not resume, a reconnect): the
 * snapshot, unless it is older than what pushes of the same stream have brought in the meantime.
 */
export function takeSnapshot(held: TableSnapshot | null, snapshot: TableSnapshot | null): TableSnapshot | null {
  if (held !== null && snapshot !== null && held.stream === snapshot.stream && snapshot.seq < held.seq) return held
  return snapshot
}

/**
 * The current-lobby rule of spec section 4: a lobby reply (create, ladder, join, watch, moderate) is
 * the current lobby; a load or `mafia:lobby:in` only when the viewer is a member (a null `in` means
 * at no table). A reply for the table held keeps the held game when pushes have already gone past
 * the reply's position. Returns the stored lobby (or null).
 */
export function acceptLobbyReply(state: Pick<TableState, 'current'>, lobby: Lobby | null, source: LobbySource): Lobby | null {
  if (lobby === null) {
    if (source === 'in') state.current = null
    return null
  }
  if ((source === 'load' || source === 'in') && !lobby.member) return null
  const held = state.current
  state.current = held !== null && held.id === lobby.id ? { ...lobby, game: takeSnapshot(held.game, lobby.game) } : lobby
  return state.current
}

/** A change of the current table's summary (seats, judge, spectators, status, stage). */
export function applyTableSummary(state: Pick<TableState, 'current'>, summary: LobbySummary): void {
  if (state.current && state.current.id === summary.id) state.current.lobby = summary
}

/** The current table ended or was disbanded: it stays shown with its final status. */
export function applyTableRemoved(state: Pick<TableState, 'current'>, removed: { id: number; status: LobbyStatus }): void {
  if (state.current && state.current.id === removed.id) state.current.lobby = { ...state.current.lobby, status: removed.status }
}

/* ---------- following a stream ---------- */

/** A table followed: its id and the view held at a position of the viewer's stream. */
export interface FollowedTable {
  id: number
  game: TableSnapshot | null
}

export interface TableFollowerOptions {
  /** The table followed now; null at none. */
  followed(): FollowedTable | null
  /** Holds this view for the table followed now. */
  hold(game: TableSnapshot | null): void
  /** Asks the server to resume the stream from a position (`mafia:game:sync`); throws when it cannot answer. */
  sync(position: TableSyncRequest): Promise<TableSync>
}

export interface TableFollower {
  /** A push of the viewer's stream: merged in when it is the next one, a sync when pushes were missed. */
  receive(push: TablePush): PushOutcome
  /**
   * Resumes the stream from the position held: the missed pushes are merged in order, or the view
   * is taken afresh when the server no longer holds them. One sync at a time; a gap seen meanwhile
   * asks once more after it.
   */
  sync(): Promise<void>
}

/** Answers that still left a gap before the view is asked afresh instead of resumed. */
const resumeAttempts = 3

/** Keeps a table's view by its stream: the table screen's and the streamer's page's alike. */
export function createTableFollower(options: TableFollowerOptions): TableFollower {
  let running: Promise<void> | null = null
  let again = false

  async function resume(): Promise<void> {
    let attempts = 0
    do {
      again = false
      const table = options.followed()
      if (!table) return
      attempts += 1
      const held = attempts > resumeAttempts ? null : table.game
      let answer: TableSync
      try {
        answer = await options.sync(held ? { id: table.id, stream: held.stream, seq: held.seq } : { id: table.id })
      } catch {
        // No answer or a refusal: the next gap or reconnect asks again.
        return
      }
      // The viewer left or moved meanwhile: the answer is no longer theirs.
      if (options.followed()?.id !== table.id) return
      if (answer.resumed) {
        for (const push of answer.pushes) {
          const result = applyTablePush(options.followed()?.game ?? null, table.id, push)
          if (result.outcome === 'applied') options.hold(result.held)
          else if (result.outcome === 'gap') again = true
        }
      } else {
        options.hold(takeSnapshot(options.followed()?.game ?? null, answer.game))
      }
    } while (again && attempts <= resumeAttempts)
  }

  function sync(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = resume().finally(() => {
      running = null
    })
    return running
  }

  /**
   * Once the game has ended every viewer may see every event (each voter, each night action), which
   * the pushes played before the end did not carry: the view and its log are asked afresh.
   */
  async function revealed(id: number): Promise<void> {
    let answer: TableSync
    try {
      answer = await options.sync({ id })
    } catch {
      return
    }
    if (answer.resumed || options.followed()?.id !== id) return
    options.hold(takeSnapshot(options.followed()?.game ?? null, answer.game))
  }

  function receive(push: TablePush): PushOutcome {
    const table = options.followed()
    const result = applyTablePush(table?.game ?? null, table?.id ?? null, push)
    if (result.outcome === 'applied') options.hold(result.held)
    if (result.outcome === 'gap') void sync()
    if (result.outcome === 'applied' && push.changes.phase === 'ended' && table) void revealed(table.id)
    return result.outcome
  }

  return { receive, sync }
}

/* ---------- the state ---------- */

/** Where a lobby reply comes from: entering a table, the ladder, or the connect's question. */
export type LobbySource = 'create' | 'ladder' | 'join' | 'watch' | 'moderate' | 'load' | 'in'

export interface TableState {
  /** The table the viewer is at, with the game as they may see it at a position of their stream (`current.game`). */
  current: Lobby | null
}

export const tableState = proxy<TableState>({ current: null })

const follower = createTableFollower({
  followed: () => tableState.current,
  hold: (game) => {
    if (tableState.current) tableState.current.game = game
  },
  sync: (position) => request('mafia:game:sync', position),
})

/** A push of the viewer's stream of the current table (see `TableFollower.receive`). */
export const receiveTablePush = (push: TablePush): PushOutcome => follower.receive(push)

/** Resumes the current table's stream from the position held (see `TableFollower.sync`). */
export const syncTable = (): Promise<void> => follower.sync()

/** The requests that enter a table: each answers the lobby as this viewer is at it. */
type EnterEvent = 'mafia:create:lobby' | 'mafia:join:lobby' | 'mafia:watch:lobby' | 'mafia:moderate:lobby' | 'mafia:load:lobby'

async function enter<E extends EnterEvent>(source: LobbySource, event: E, ...payload: SocketRequestArguments<E>): Promise<Lobby> {
  let lobby: Lobby
  try {
    lobby = (await request(event, ...payload)) as Lobby
  } catch (error) {
    // An error reply is never stored and clears the current lobby; no answer is no reply and changes nothing.
    if (!(error instanceof NoAnswerError)) tableState.current = null
    throw error
  }
  const stored = acceptLobbyReply(tableState, lobby, source)
  if (!stored) throw new RequestError('errors.lobby.not_member')
  return stored
}

export const createLobby = (payload: LobbyCreate) => enter('create', 'mafia:create:lobby', payload)
export const joinLobby = (id: number) => enter('join', 'mafia:join:lobby', { id })
export const watchLobby = (id: number) => enter('watch', 'mafia:watch:lobby', { id })
export const moderateLobby = (id: number) => enter('moderate', 'mafia:moderate:lobby', { id })
/** Entering a table the viewer is already at (opening its page): never asked during play, where pushes and syncs keep the view. */
export const loadLobby = (id: number) => enter('load', 'mafia:load:lobby', { id })

/** The ladder seated the viewer at this table: it is the current lobby. */
export function enterLadderTable(lobby: Lobby): void {
  acceptLobbyReply(tableState, lobby, 'ladder')
}

/**
 * Asks the server whether the viewer sits at a table (every connect). At the table already held,
 * the summary is taken and the game resumes from the held position; anywhere else the answer is the
 * current lobby as it comes.
 */
export async function queryCurrentLobby(): Promise<Lobby | null> {
  let answer: Lobby | null
  try {
    answer = await request('mafia:lobby:in')
  } catch {
    return tableState.current
  }
  const held = tableState.current
  if (answer !== null && answer.member && held !== null && held.id === answer.id && held.game !== null) {
    tableState.current = { ...answer, game: held.game }
    await syncTable()
    return tableState.current
  }
  return acceptLobbyReply(tableState, answer, 'in')
}

/** Leaves the current table (no ack) and forgets it. */
export function leaveLobby(): void {
  currentSocket()?.emit('mafia:lobby:leave')
  tableState.current = null
}

/** How long the push a command's ack names may take before the stream is synced. */
const ackedPushWaitMilliseconds = 1500

/**
 * Sends one game command for the current table; answers the sender's stream position after it or
 * throws the translated key. The push at that position normally came before the ack; when it has
 * not come shortly after, the stream is synced.
 */
export async function sendGameCommand(command: GameCommandPayload): Promise<number> {
  const current = tableState.current
  if (!current) throw new RequestError('errors.lobby.not_member')
  const { seq } = await request('mafia:game:command', { id: current.id, command })
  const behind = () => {
    const table = tableState.current
    return table !== null && table.id === current.id && (table.game === null || table.game.seq < seq)
  }
  if (behind()) {
    const timer = setTimeout(() => {
      pushWaits.delete(timer)
      if (behind()) void syncTable()
    }, ackedPushWaitMilliseconds)
    pushWaits.add(timer)
  }
  return seq
}

/** The commands' waits for their pushes still running: forgetting the table ends them. */
const pushWaits = new Set<ReturnType<typeof setTimeout>>()

/** Signing out forgets the table, and what its commands still waited for (a table entered later is never synced for them). */
export function resetTable(): void {
  tableState.current = null
  for (const timer of pushWaits) clearTimeout(timer)
  pushWaits.clear()
}

const attached = new WeakSet<AppSocket>()

/** The table's pushes of one socket, attached once. */
export function attachTable(socket: AppSocket): void {
  if (attached.has(socket)) return
  attached.add(socket)
  socket.on('mafia:lobby:updated', (summary) => applyTableSummary(tableState, summary))
  socket.on('mafia:lobby:removed', (removed) => applyTableRemoved(tableState, removed))
  socket.on('mafia:game:updated', (push) => void receiveTablePush(push))
}

let started = false

/**
 * Follows the one socket: on every connect (users whose role is not 4) the pushes are attached and
 * the current lobby is asked again, which resumes the held game's stream after a reconnect. Safe to
 * call twice.
 */
export function startTable(): void {
  if (started) return
  started = true
  registerCurrentLobbyQuery((socket) => {
    attachTable(socket)
    void queryCurrentLobby()
  })
  subscribeKey(sessionState, 'token', (token) => {
    if (token === null) resetTable()
  })
}

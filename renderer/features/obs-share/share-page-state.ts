import { proxy } from 'valtio'
import type { GameEventPush } from '../../../server/contract/socket/game'
import type { MediaTicket } from '../../../server/contract/socket/media'
import type { LobbySummary } from '../../../server/contract/socket/lobbies'
import type { ShareEndReason, ShareView } from '../../../server/contract/socket/sharing'
import { createShareSocket, type AppSocket } from '../../realtime'
import { TicketRefused } from '../../rtc'
import { applyGameEvent, isErrorReply, type EventOutcome } from '../../state/lobby'

/**
 * Where the streamer's page stands: no key in its address, connecting, showing the streamer's table
 * (or their absence), a refused key, a key revoked or replaced while open, or a lost connection
 * being retried.
 */
export type SharePageStatus = 'no_key' | 'connecting' | 'live' | 'invalid' | 'ended' | 'offline'

export interface SharePageState {
  status: SharePageStatus
  /** The streamer and their table as a spectator sees it; kept while a dropped connection is retried. */
  view: ShareView | null
  endReason: ShareEndReason | null
}

export const sharePageState = proxy<SharePageState>({ status: 'connecting', view: null, endReason: null })

/* ---------- pure rules ---------- */

/**
 * The share key of the page's address: `#key=…` (the fragment never reaches a server log), or
 * `?key=…` for a link typed by hand. Null when neither holds one.
 */
export function readShareKey(hash: string, search: string): string | null {
  for (const part of [hash.replace(/^#/, ''), search.replace(/^\?/, '')]) {
    const key = new URLSearchParams(part).get('key')?.trim()
    if (key) return key
  }
  return null
}

/** The streamer sat down, moved or left: the new table replaces the old one whole. */
export function applyShareView(state: Pick<SharePageState, 'view' | 'status'>, view: ShareView): void {
  state.view = view
  state.status = 'live'
}

/** A change of the table shown (seats, judge, status); other tables' updates are not this page's. */
export function applyShareSummary(state: Pick<SharePageState, 'view'>, summary: LobbySummary): void {
  const lobby = state.view?.lobby
  if (lobby && lobby.id === summary.id) lobby.lobby = summary
}

/** A spectator's game event folded into the table shown, by the same rule as the table screen. */
export function applyShareGameEvent(state: Pick<SharePageState, 'view'>, push: GameEventPush): EventOutcome {
  const lobby = state.view?.lobby
  if (!lobby) return 'ignored'
  return applyGameEvent({ current: lobby }, push)
}

/* ---------- the connection ---------- */

/** The open page's socket: the media client asks its tickets through it. */
let pageSocket: AppSocket | null = null

const ticketTimeoutMilliseconds = 10_000
/** Codes after which asking again is pointless until the streamer moves: the page stops its video. */
const ticketRefusals: ReadonlySet<string> = new Set(['errors.lobby.not_member', 'errors.unauthorized', 'errors.share.key_invalid'])

/**
 * A receive-only media ticket for the streamer's table (`share:media`). No socket or no answer
 * throws a plain error (the media client tries again later); a refusal throws `TicketRefused`.
 */
export async function requestShareTicket(): Promise<MediaTicket> {
  const socket = pageSocket
  if (!socket?.connected) throw new Error('no connection')
  const emitter = socket.timeout(ticketTimeoutMilliseconds) as unknown as { emitWithAck(event: 'share:media'): Promise<unknown> }
  const answer = await emitter.emitWithAck('share:media')
  if (isErrorReply(answer)) {
    if (ticketRefusals.has(answer.error)) throw new TicketRefused(answer.error)
    throw new Error(answer.error)
  }
  return answer as MediaTicket
}

const watchTimeoutMilliseconds = 8000
const retryMilliseconds = 1000

/**
 * Opens the page's socket with the key and keeps the state current: the streamer's table on every
 * (re)connect, their moves, the table's updates and the spectators' game events (a gap or an event
 * only the server can reckon asks again). A refused key stops; a dropped connection retries every
 * second. Returns the function that closes it.
 */
export function openSharePage(key: string, createSocket: (key: string) => AppSocket = createShareSocket): () => void {
  const state = sharePageState
  state.status = 'connecting'
  state.view = null
  state.endReason = null
  const socket = createSocket(key)
  pageSocket = socket
  let retry: ReturnType<typeof setTimeout> | null = null
  let closed = false

  const retrySoon = () => {
    if (retry !== null || closed) return
    retry = setTimeout(() => {
      retry = null
      if (!closed && !socket.connected) socket.connect()
    }, retryMilliseconds)
  }

  const watch = () => {
    const emitter = socket.timeout(watchTimeoutMilliseconds) as unknown as { emitWithAck(event: 'share:watch'): Promise<unknown> }
    emitter.emitWithAck('share:watch').then(
      (answer) => {
        if (closed) return
        if (isErrorReply(answer)) {
          if (answer.error === 'errors.share.key_invalid' || answer.error === 'errors.unauthorized') state.status = 'invalid'
          return
        }
        applyShareView(state, answer as ShareView)
      },
      // No answer in time: the next reconnect or move brings the table.
      () => undefined,
    )
  }

  socket.on('connect', watch)
  socket.on('connect_error', (error) => {
    if (error.message === 'errors.share.key_invalid') {
      state.status = 'invalid'
      return
    }
    if (state.status !== 'ended') state.status = 'offline'
    // Socket.IO retries transport failures itself; a refusal by the server it does not.
    if (!socket.active) retrySoon()
  })
  socket.on('disconnect', (reason) => {
    if (state.status === 'ended' || state.status === 'invalid') return
    state.status = 'offline'
    if (reason === 'io server disconnect') retrySoon()
  })
  socket.on('share:moved', (view) => applyShareView(state, view))
  socket.on('share:ended', ({ reason }) => {
    state.status = 'ended'
    state.endReason = reason
    state.view = null
  })
  socket.on('mafia:lobby:updated', (summary) => applyShareSummary(state, summary))
  socket.on('mafia:game:event', (push) => {
    if (applyShareGameEvent(state, push) === 'reload') watch()
  })
  socket.connect()

  return () => {
    closed = true
    if (pageSocket === socket) pageSocket = null
    if (retry !== null) clearTimeout(retry)
    socket.removeAllListeners()
    socket.disconnect()
  }
}

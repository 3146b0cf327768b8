import { proxy } from 'valtio'
import type { MediaTicket } from '../../../server/contract/socket/media'
import type { LobbySummary } from '../../../server/contract/socket/lobbies'
import type { ShareEndReason, ShareView } from '../../../server/contract/socket/sharing'
import { createShareSocket, type AppSocket } from '../../realtime'
import { NoAnswerError, RequestError, requestOn } from '../../realtime/requests'
import { TicketRefused } from '../../rtc'
import { createTableFollower, takeSnapshot, type TableFollower, type TableFollowerOptions } from '../../state/table'

/**
 * Where the streamer's page stands: no key in its address, connecting, showing the streamer's table
 * (or their absence), a refused key, a key revoked or replaced while open, a lost connection being
 * retried, or refused because the key's other pages fill its places (retried now and then).
 */
export type SharePageStatus = 'no_key' | 'connecting' | 'live' | 'invalid' | 'ended' | 'offline' | 'too_many_pages'

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

/**
 * The streamer sat down, moved or left: the new table replaces the old one whole. At the table
 * already shown, the game held stays when the stream has already gone past the answer's position.
 */
export function applyShareView(state: Pick<SharePageState, 'view' | 'status'>, view: ShareView): void {
  const held = state.view?.lobby
  state.view = held && view.lobby && held.id === view.lobby.id ? { ...view, lobby: { ...view.lobby, game: takeSnapshot(held.game, view.lobby.game) } } : view
  state.status = 'live'
}

/** A change of the table shown (seats, judge, status); other tables' updates are not this page's. */
export function applyShareSummary(state: Pick<SharePageState, 'view'>, summary: LobbySummary): void {
  const lobby = state.view?.lobby
  if (lobby && lobby.id === summary.id) lobby.lobby = summary
}

/** The page's follower of the spectators' stream: pushes in order, a resume (`share:sync`) on a gap, over the page's socket. */
export function createShareFollower(state: Pick<SharePageState, 'view'>, sync: TableFollowerOptions['sync']): TableFollower {
  return createTableFollower({
    followed: () => state.view?.lobby ?? null,
    hold: (game) => {
      const lobby = state.view?.lobby
      if (lobby) lobby.game = game
    },
    sync,
  })
}

/* ---------- the connection ---------- */

/** The open page's socket: the media client asks its tickets through it. */
let pageSocket: AppSocket | null = null

/** Codes after which asking again is pointless until the streamer moves: the page stops its video. */
const ticketRefusals: ReadonlySet<string> = new Set(['errors.lobby.not_member', 'errors.unauthorized', 'errors.share.key_invalid'])

/** A refusal by the server, as opposed to no answer at all. */
const refusal = (error: unknown): error is RequestError => error instanceof RequestError && !(error instanceof NoAnswerError)

/**
 * A receive-only media ticket for the streamer's table (`share:media`). No socket or no answer
 * throws a plain error (the media client tries again later); a refusal throws `TicketRefused`.
 */
export async function requestShareTicket(): Promise<MediaTicket> {
  const socket = pageSocket
  if (!socket?.connected) throw new Error('no connection')
  try {
    return await requestOn(socket, 'share:media')
  } catch (error) {
    if (refusal(error) && ticketRefusals.has(error.code)) throw new TicketRefused(error.code)
    throw error
  }
}

const retryMilliseconds = 1000
/** While the key's other pages fill its places: try again now and then, and open once one closes. */
const crowdedRetryMilliseconds = 5000

/**
 * Opens the page's socket with the key and keeps the state current: the streamer's table on every
 * (re)connect, their moves, the table's updates and the spectators' stream (a gap or a reconnect
 * resumes it from the position held, as the table screen does). A refused key stops; a dropped
 * connection retries every second. Returns the function that closes it.
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
  let connectedBefore = false

  const retrySoon = (delay = retryMilliseconds) => {
    if (retry !== null || closed) return
    retry = setTimeout(() => {
      retry = null
      if (!closed && !socket.connected) socket.connect()
    }, delay)
  }

  /**
   * The streamer's table now (which also puts the socket in its rooms). After a reconnect at the
   * table already shown, the game held is kept and its stream resumed from there.
   */
  const watch = (resume: boolean) => {
    requestOn(socket, 'share:watch').then(
      (answer) => {
        if (closed) return
        const held = state.view?.lobby
        if (resume && held?.game && answer.lobby?.id === held.id) {
          state.view = { ...answer, lobby: { ...answer.lobby, game: held.game } }
          state.status = 'live'
          void follower.sync()
        } else applyShareView(state, answer)
      },
      (error: unknown) => {
        if (closed) return
        if (refusal(error) && (error.code === 'errors.share.key_invalid' || error.code === 'errors.unauthorized')) state.status = 'invalid'
        // No answer in time: the next reconnect or move brings the table.
      },
    )
  }

  const follower = createShareFollower(state, (position) =>
    requestOn(socket, 'share:sync', position).catch((error: unknown) => {
      // A refused resume (the streamer moved on meanwhile): the table afresh.
      if (refusal(error) && !closed) watch(false)
      throw error
    }),
  )

  socket.on('connect', () => {
    watch(connectedBefore)
    connectedBefore = true
  })
  socket.on('connect_error', (error) => {
    if (error.message === 'errors.share.key_invalid') {
      state.status = 'invalid'
      return
    }
    if (error.message === 'errors.share.too_many_pages') {
      state.status = 'too_many_pages'
      retrySoon(crowdedRetryMilliseconds)
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
  socket.on('mafia:game:updated', (push) => void follower.receive(push))
  socket.connect()

  return () => {
    closed = true
    if (pageSocket === socket) pageSocket = null
    if (retry !== null) clearTimeout(retry)
    socket.removeAllListeners()
    socket.disconnect()
  }
}

import { ref } from 'valtio'
import type { MediaKind, MediaServerMessage } from '../../server/contract/rtc'
import type { MediaTicket } from '../../server/contract/socket/media'
import { reconnectDelay } from './backoff'
import { MediaSession, type RtcEnvironment, type SessionEnd } from './media-session'
import { applyRoomMessage, attachRemoteTrack, initialTableMedia, mediaState, setCameraOn, type TableMediaState } from './media-state'
import { signallingUrl } from './signalling-url'

/** Own camera and microphone, or why they could not start (a translation key). */
export interface LocalMedia {
  stream: MediaStream | null
  problem: string | null
}

/** A ticket request the table refused for good (not a member, the table is over): no retry. */
export class TicketRefused extends Error {
  constructor(readonly code: string) {
    super(code)
  }
}

export interface TableMediaOptions {
  /** A fresh media ticket for this table (`mafia:media:join`); throw `TicketRefused` to stop for good. */
  requestTicket: () => Promise<MediaTicket>
  /** Opens own camera and microphone (asked once, for publishers only). */
  openLocalMedia: () => Promise<LocalMedia>
  /** The app's origin, for a ticket whose URL is a path. */
  origin: string
  environment: RtcEnvironment & { MediaStream: new () => MediaStream }
  /** The state to write to (the module's one state by default). */
  state?: TableMediaState
  wait?: (milliseconds: number) => Promise<void>
}

export interface TableMediaHandle {
  /** Asks for one peer in high quality (a pinned tile), or null to follow the speaker. */
  prefer(peerId: string | null): void
  /** Leaves the room: closes the connections, stops own camera and microphone. Safe to call twice. */
  stop(): void
  /** The peer connections of the current session (for statistics). */
  connections(): { publish: RTCPeerConnection | null; subscribe: RTCPeerConnection | null }
  /** Tries again now instead of waiting out the backoff (the network is back). */
  retryNow(): void
  /** Resolves when the controller has stopped for good. */
  readonly done: Promise<void>
}

const defaultWait = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds))

/** Which controller currently owns a state: a stopped one that finishes late must not wipe its successor's. */
const owners = new WeakMap<TableMediaState, object>()

/**
 * Keeps this browser in a table's media room until `stop()`: asks for a ticket, joins, publishes own
 * camera and microphone when the ticket allows, receives everyone else; after a network drop or a
 * closed socket it asks for a fresh ticket and joins again, waiting longer after each failed attempt.
 * The table is never left because of a drop; only `stop()` (or a refused ticket, or this seat
 * joining from another tab) ends it.
 */
export function runTableMedia(options: TableMediaOptions): TableMediaHandle {
  const state = options.state ?? mediaState
  const wait = options.wait ?? defaultWait
  let stopped = false
  let session: MediaSession | null = null
  let wake: (() => void) | null = null
  /** Received tracks by peer, kept so a peer that comes back (or is listed late) gets them again. */
  let received = new Map<string, Partial<Record<MediaKind, MediaStreamTrack>>>()

  const owner = {}
  owners.set(state, owner)
  Object.assign(state, initialTableMedia(), { status: 'connecting' })

  const attachKnown = (peerId: string) => {
    for (const [kind, track] of Object.entries(received.get(peerId) ?? {}) as [MediaKind, MediaStreamTrack][]) {
      attachRemoteTrack(state, peerId, kind, track, () => new options.environment.MediaStream())
    }
  }

  const onRoom = (message: MediaServerMessage) => {
    applyRoomMessage(state, message)
    if (message.type === 'joined') {
      state.status = 'connected'
      state.error = null
      for (const peerId of Object.keys(state.peers)) attachKnown(peerId)
    } else if (message.type === 'peer-joined') attachKnown(message.peer.peerId)
  }

  const onTrack = (peerId: string, kind: MediaKind, track: MediaStreamTrack) => {
    received.set(peerId, { ...received.get(peerId), [kind]: track })
    attachKnown(peerId)
    if (kind === 'video') {
      // A received video track is muted while no frames arrive: the seat's camera is off or gone.
      track.addEventListener('mute', () => received.get(peerId)?.video === track && setCameraOn(state, peerId, false))
      track.addEventListener('unmute', () => received.get(peerId)?.video === track && setCameraOn(state, peerId, true))
    }
  }

  const joinOnce = async (localStream: MediaStream | null, ticket: MediaTicket): Promise<SessionEnd> =>
    new Promise<SessionEnd>((resolve) => {
      received = new Map()
      session = new MediaSession({
        url: signallingUrl(ticket.url, options.origin),
        token: ticket.token,
        role: ticket.role,
        localStream,
        environment: options.environment,
        events: {
          room: onRoom,
          track: onTrack,
          error: (code) => {
            state.error = code
          },
          ended: resolve,
        },
      })
      if (state.preferred) session.prefer(state.preferred)
    })

  const pause = (milliseconds: number) =>
    new Promise<void>((resolve) => {
      wake = resolve
      void wait(milliseconds).then(resolve)
    })

  const run = async () => {
    let attempt = 0
    let local: LocalMedia | null = null
    while (!stopped) {
      let ticket: MediaTicket
      try {
        ticket = await options.requestTicket()
      } catch (error) {
        if (stopped) break
        if (error instanceof TicketRefused) {
          state.status = 'failed'
          state.error = error.code
          break
        }
        state.status = 'reconnecting'
        await pause(reconnectDelay(attempt++))
        continue
      }
      if (stopped) break
      if (ticket.role === 'publisher' && !local) {
        local = await options.openLocalMedia()
        if (stopped) {
          for (const track of local.stream?.getTracks() ?? []) track.stop()
          break
        }
        state.localStream = local.stream ? ref(local.stream) : null
        state.localProblem = local.problem
      }
      const end = await joinOnce(ticket.role === 'publisher' ? (local?.stream ?? null) : null, ticket)
      session = null
      if (stopped) break
      state.peers = {}
      state.self = null
      if (end.replaced) {
        state.status = 'replaced'
        state.error = 'errors.media.replaced'
        break
      }
      // A session that had joined starts the count again; one that never got in waits longer each time.
      attempt = state.status === 'connected' ? 0 : attempt + 1
      state.status = 'reconnecting'
      if (end.error) state.error = end.error
      await pause(reconnectDelay(attempt))
    }
    for (const track of local?.stream?.getTracks() ?? []) track.stop()
    if (owners.get(state) !== owner) return
    if (stopped) Object.assign(state, initialTableMedia())
    else state.localStream = null
  }

  const done = run()
  return {
    prefer(peerId) {
      state.preferred = peerId
      session?.prefer(peerId)
    },
    stop() {
      if (stopped) return
      stopped = true
      session?.leave()
      wake?.()
    },
    retryNow() {
      wake?.()
    },
    connections: () => session?.connections() ?? { publish: null, subscribe: null },
    done,
  }
}

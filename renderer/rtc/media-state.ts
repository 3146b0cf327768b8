import { proxy, ref } from 'valtio'
import type { MediaKind, MediaRole, MediaServerMessage } from '../../server/contract/rtc'

/** Someone else at the table as this browser receives them. */
export interface PeerMedia {
  peerId: string
  role: MediaRole
  /** Their audio and video in one stream (lip sync); null until a section carries them. */
  stream: MediaStream | null
  /** The host keeps their microphone closed: nobody receives it. */
  audioMuted: boolean
  /** How loud they speak right now, 0 (silent) .. 1. */
  speaking: number
  /** Video frames are arriving (false: no camera, camera off, or nothing received yet). */
  cameraOn: boolean
  /**
   * The server stopped sending their camera to this browser (night at the table): the tile shows
   * their avatar, never the last frame, until the server says it resumed.
   */
  videoPaused: boolean
}

/**
 * Where the table's media stands: `connecting` before the first join, `connected` while joined,
 * `reconnecting` after a drop (the table stays), `replaced` when the same seat joined from another
 * tab, `failed` when the table refuses (not a member any more), `idle` when not at a table.
 */
export type MediaStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'replaced' | 'failed'

export interface TableMediaState {
  status: MediaStatus
  /** The last error as a translation key, or null. */
  error: string | null
  /** This browser in the room (once joined). */
  self: { peerId: string; role: MediaRole } | null
  /** Own camera and microphone (publishers only), shown locally. */
  localStream: MediaStream | null
  /** Why the own camera or microphone could not start (a translation key), or null. */
  localProblem: string | null
  /** Everyone else in the room, by peer id. */
  peers: Record<string, PeerMedia>
  /** The peer this browser asked to see in high quality (a pinned tile), or null. */
  preferred: string | null
  /** The browser refused to play sound before a click on the page. */
  soundBlocked: boolean
  /** How loud the server hears this browser's own microphone, 0 .. 1. */
  selfSpeaking: number
}

export const initialTableMedia = (): TableMediaState => ({
  status: 'idle',
  error: null,
  self: null,
  localStream: null,
  localProblem: null,
  peers: {},
  preferred: null,
  soundBlocked: false,
  selfSpeaking: 0,
})

/** The one table media state of the renderer (valtio). Streams are kept as refs, never proxied. */
export const mediaState = proxy<TableMediaState>(initialTableMedia())

const newPeer = (peerId: string, role: MediaRole, microphoneAllowed: boolean): PeerMedia => ({
  peerId,
  role,
  stream: null,
  audioMuted: !microphoneAllowed,
  speaking: 0,
  cameraOn: false,
  videoPaused: false,
})

/**
 * Folds a room message into the state: who is there, whose microphone is closed, who speaks.
 * Offers, answers, candidates and errors belong to the connection, not to the state.
 */
export function applyRoomMessage(state: Pick<TableMediaState, 'self' | 'peers' | 'preferred' | 'selfSpeaking'>, message: MediaServerMessage): void {
  switch (message.type) {
    case 'joined': {
      state.self = { peerId: message.you.peerId, role: message.you.role }
      const next: Record<string, PeerMedia> = {}
      for (const peer of message.peers) {
        if (peer.peerId === message.you.peerId) continue
        next[peer.peerId] = newPeer(peer.peerId, peer.role, peer.microphoneAllowed)
      }
      state.peers = next
      if (state.preferred && !next[state.preferred]) state.preferred = null
      return
    }
    case 'peer-joined': {
      if (message.peer.peerId === state.self?.peerId) return
      const existing = state.peers[message.peer.peerId]
      if (existing) {
        existing.role = message.peer.role
        existing.audioMuted = !message.peer.microphoneAllowed
      } else state.peers[message.peer.peerId] = newPeer(message.peer.peerId, message.peer.role, message.peer.microphoneAllowed)
      return
    }
    case 'peer-left': {
      delete state.peers[message.peerId]
      if (state.preferred === message.peerId) state.preferred = null
      return
    }
    case 'track-muted':
    case 'track-unmuted': {
      const peer = state.peers[message.peerId]
      if (!peer) return
      const muted = message.type === 'track-muted'
      if (message.kind === 'audio') {
        peer.audioMuted = muted
        if (muted) peer.speaking = 0
      } else peer.videoPaused = muted
      return
    }
    case 'speaking': {
      if (message.peerId === state.self?.peerId) state.selfSpeaking = message.level
      const peer = state.peers[message.peerId]
      if (peer) peer.speaking = peer.audioMuted ? 0 : message.level
      return
    }
    default:
      return
  }
}

/** A received track of a peer: adds it to that peer's one stream (made on the first track). */
export function attachRemoteTrack(state: Pick<TableMediaState, 'peers'>, peerId: string, kind: MediaKind, track: MediaStreamTrack, makeStream: () => MediaStream): void {
  const peer = state.peers[peerId]
  if (!peer) return
  const stream = peer.stream ?? makeStream()
  for (const old of kind === 'audio' ? stream.getAudioTracks() : stream.getVideoTracks()) if (old !== track) stream.removeTrack(old)
  if (!stream.getTracks().includes(track)) stream.addTrack(track)
  if (peer.stream !== stream) peer.stream = ref(stream)
  if (kind === 'video') peer.cameraOn = !track.muted
}

/** Whether a peer's video frames flow (a remote track is muted while no packets arrive). */
export function setCameraOn(state: Pick<TableMediaState, 'peers'>, peerId: string, on: boolean): void {
  const peer = state.peers[peerId]
  if (peer) peer.cameraOn = on
}

/** The browser refused (true) or allowed (false) playing the table's sound. */
export function markSoundBlocked(blocked: boolean): void {
  if (mediaState.soundBlocked !== blocked) mediaState.soundBlocked = blocked
}

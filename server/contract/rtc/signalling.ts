import { Type, type Static, type TProperties } from 'typebox'

/**
 * Signalling between a browser and the media server (the SFU), one JSON message per WebSocket frame
 * on `mediaSocketPath`. Every message is an object tagged by `type`.
 *
 * Each client holds two peer connections: the *publish* connection (the client offers, the server
 * answers; it carries the client's camera and microphone to the server) and the *subscribe*
 * connection (the server offers, the client answers; it carries everyone else's media to the client).
 * So an `offer` from the client always belongs to the publish connection and an `offer` from the
 * server always belongs to the subscribe connection.
 */
export const mediaSocketPath = '/media/ws'

/**
 * Error codes of the media server. Each is a translation key, like every error code of the contract.
 */
export const mediaErrorCodes = [
  /** The join token is malformed, forged or for another server. */
  'errors.media.token_invalid',
  /** The join token was genuine but is too old: ask the app server for a fresh one. */
  'errors.media.token_expired',
  /** A spectator's token does not allow sending media. */
  'errors.media.not_publisher',
  /** The message is not JSON, or does not match any message of this contract. */
  'errors.media.bad_message',
  /** The message needs a joined peer (send `join` first). */
  'errors.media.not_joined',
  /** `join` was sent twice on one connection. */
  'errors.media.already_joined',
  /** The session description could not be used (malformed, no usable codec, nothing to send). */
  'errors.media.bad_sdp',
  /** The same seat connected again elsewhere; this connection is closed. */
  'errors.media.replaced',
  /** No `join` arrived in time after the connection opened. */
  'errors.media.join_timeout',
  /** A media connection of this peer failed for good; join again. */
  'errors.media.connection_failed',
  /**
   * The host no longer lets this peer into the room (it left the table, the table was disbanded, its
   * seat changed, it was banned, the share key was revoked), or the ticket was used already. Ask the
   * app server for a fresh ticket if still entitled to one.
   */
  'errors.media.revoked',
  /** Something went wrong on the server. */
  'errors.media.internal',
] as const

export type MediaErrorCode = (typeof mediaErrorCodes)[number]

export function isMediaErrorCode(value: unknown): value is MediaErrorCode {
  return typeof value === 'string' && (mediaErrorCodes as readonly string[]).includes(value)
}

/** WebSocket close codes the server uses when it ends a connection itself. */
export const mediaCloseCodes = {
  /** The peer left (`leave`) or the server shut down. */
  normal: 1000,
  /** The join token was refused or never came. */
  unauthorized: 4001,
  /** The same seat connected again elsewhere. */
  replaced: 4002,
  /** The peer's media connection failed. */
  failed: 4003,
  /** The host took the peer's place away (`errors.media.revoked`). */
  revoked: 4004,
} as const

/** Whether a peer may publish (a seated player, the judge) or only watch (a spectator, a stream). */
export const MediaRole = Type.Union([Type.Literal('publisher'), Type.Literal('subscriber')])
export type MediaRole = Static<typeof MediaRole>

export const MediaKind = Type.Union([Type.Literal('audio'), Type.Literal('video')])
export type MediaKind = Static<typeof MediaKind>

/** One video quality of a publisher: the speaker is watched in `high`, everyone else in `low`. */
export const VideoQuality = Type.Union([Type.Literal('high'), Type.Literal('low')])
export type VideoQuality = Static<typeof VideoQuality>

const PeerId = Type.String({ minLength: 1, maxLength: 64 })
const Mid = Type.String({ minLength: 1, maxLength: 32 })
const Sdp = Type.String({ minLength: 1, maxLength: 65_536 })

/** What the client sends in its publish offer about each of its media sections, by `mid`. */
export const PublishedTrack = Type.Object(
  {
    mid: Mid,
    source: Type.Union([Type.Literal('microphone'), Type.Literal('camera')]),
    /** For the camera: which of the (at most two) encodings this section carries. Default `high`. */
    quality: Type.Optional(VideoQuality),
  },
  { additionalProperties: false },
)
export type PublishedTrack = Static<typeof PublishedTrack>

/** A media section of the server's subscribe offer: whose media it carries. */
export const SubscribedTrack = Type.Object(
  {
    mid: Mid,
    peerId: PeerId,
    kind: MediaKind,
  },
  { additionalProperties: false },
)
export type SubscribedTrack = Static<typeof SubscribedTrack>

/** A peer in the room as the others see it. */
export const MediaPeerInfo = Type.Object(
  {
    peerId: PeerId,
    role: MediaRole,
    /** False while the host keeps this peer's microphone closed (nobody receives it). */
    microphoneAllowed: Type.Boolean(),
  },
  { additionalProperties: false },
)
export type MediaPeerInfo = Static<typeof MediaPeerInfo>

/** Which peer connection an ICE candidate belongs to. */
export const CandidateTarget = Type.Union([Type.Literal('publish'), Type.Literal('subscribe')])
export type CandidateTarget = Static<typeof CandidateTarget>

const message = <T extends string, P extends TProperties>(type: T, properties: P) =>
  Type.Object({ type: Type.Literal(type), ...properties }, { additionalProperties: false })

// ---------------------------------------------------------------------------------------------
// Client to server

/** The first message on a connection: the token the app server issued for this room and seat. */
export const JoinMessage = message('join', { token: Type.String({ minLength: 1, maxLength: 2048 }) })
/** The publish connection's offer (publishers only), with what each media section carries. */
export const ClientOfferMessage = message('offer', { sdp: Sdp, tracks: Type.Optional(Type.Array(PublishedTrack, { maxItems: 8 })) })
/** The answer to the server's subscribe offer. */
export const ClientAnswerMessage = message('answer', { sdp: Sdp })
/** A trickled ICE candidate of one of the client's connections (`candidate` as in the SDP, without `a=`). */
export const CandidateMessage = message('candidate', {
  target: CandidateTarget,
  candidate: Type.String({ maxLength: 1024 }),
  mid: Mid,
})
/** The most this client wants to receive: `auto` (speaker high, others low), `low` (all low), `high` (all high). */
export const SetQualityMessage = message('setQuality', { quality: Type.Union([Type.Literal('auto'), Type.Literal('low'), Type.Literal('high')]) })
/** A peer this client wants in high quality (a pinned tile), or null to follow the speaker. */
export const PreferMessage = message('prefer', { peerId: Type.Union([PeerId, Type.Null()]) })
/** The client leaves the room; the server closes the connection. */
export const LeaveMessage = message('leave', {})

export const MediaClientMessage = Type.Union([
  JoinMessage,
  ClientOfferMessage,
  ClientAnswerMessage,
  CandidateMessage,
  SetQualityMessage,
  PreferMessage,
  LeaveMessage,
])
export type MediaClientMessage = Static<typeof MediaClientMessage>

// ---------------------------------------------------------------------------------------------
// Server to client

/** The join succeeded: who this client is and who else is in the room. */
export const JoinedMessage = message('joined', {
  you: Type.Object({ peerId: PeerId, role: MediaRole, roomId: Type.String() }, { additionalProperties: false }),
  peers: Type.Array(MediaPeerInfo),
})
/** The subscribe connection's offer, with whose media each section carries. */
export const ServerOfferMessage = message('offer', { sdp: Sdp, tracks: Type.Array(SubscribedTrack) })
/** The answer to the client's publish offer. */
export const ServerAnswerMessage = message('answer', { sdp: Sdp })
export const PeerJoinedMessage = message('peer-joined', { peer: MediaPeerInfo })
export const PeerLeftMessage = message('peer-left', { peerId: PeerId })
/**
 * `audio`: the host closed a peer's microphone: nobody receives it until `track-unmuted`.
 * `video`: the peer's camera stopped reaching this client (night at the table): nothing of it is
 * forwarded to this client until `track-unmuted`, which is followed by a fresh keyframe.
 */
export const TrackMutedMessage = message('track-muted', { peerId: PeerId, kind: MediaKind })
export const TrackUnmutedMessage = message('track-unmuted', { peerId: PeerId, kind: MediaKind })
/** Who is speaking and how loud (0 silent .. 1 loud); sent a few times a second while it lasts, then once with 0. */
export const SpeakingMessage = message('speaking', { peerId: PeerId, level: Type.Number({ minimum: 0, maximum: 1 }) })
/** A request failed; `request` names the message type it answers, when there is one. */
export const ErrorMessage = message('error', {
  code: Type.Enum(mediaErrorCodes),
  request: Type.Optional(Type.String()),
})

export const MediaServerMessage = Type.Union([
  JoinedMessage,
  ServerOfferMessage,
  ServerAnswerMessage,
  CandidateMessage,
  PeerJoinedMessage,
  PeerLeftMessage,
  TrackMutedMessage,
  TrackUnmutedMessage,
  SpeakingMessage,
  ErrorMessage,
])
export type MediaServerMessage = Static<typeof MediaServerMessage>

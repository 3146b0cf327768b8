import {
  mediaCloseCodes,
  type CandidateTarget,
  type MediaClientMessage,
  type MediaErrorCode,
  type MediaKind,
  type MediaRole,
  type MediaServerMessage,
} from '../../server/contract/rtc'
import { declarePublishedTracks, lowScaleFactor, mapSubscribedSections, videoBitrates, type PublishedSection, type SectionOwner } from './sections'

/** What a session needs of the browser, so the same code runs against stand-ins where there is no browser. */
export interface RtcEnvironment {
  WebSocket: new (url: string) => WebSocket
  RTCPeerConnection: new (configuration?: RTCConfiguration) => RTCPeerConnection
}

/** How a session ended, for the controller to decide whether to join again. */
export interface SessionEnd {
  /** The WebSocket close code, when the socket closed. */
  code: number | null
  /** The server's last error on this connection, or a media connection that failed. */
  error: MediaErrorCode | null
  /** The server joined this seat from elsewhere: do not come back, or the two tabs would take turns. */
  replaced: boolean
}

export interface SessionEvents {
  /** A room message for the state (joined, peers, microphones, speaking). */
  room(message: MediaServerMessage): void
  /** A section of the subscribe connection carries this peer's media. */
  track(peerId: string, kind: MediaKind, track: MediaStreamTrack): void
  /** A request failed; the session goes on. */
  error(code: MediaErrorCode): void
  /** The session is over (called once). */
  ended(end: SessionEnd): void
}

export interface SessionOptions {
  url: string
  token: string
  role: MediaRole
  /** Own camera and microphone to publish (publishers only). */
  localStream: MediaStream | null
  environment: RtcEnvironment
  events: SessionEvents
}

/** How long a media connection may stay disconnected before the session is given up and joined again. */
export const disconnectedGraceMs = 10_000

/** Errors after which this connection is of no more use: the controller joins again (or stops, if replaced). */
const fatalErrors: ReadonlySet<MediaErrorCode> = new Set(['errors.media.token_invalid', 'errors.media.token_expired', 'errors.media.replaced', 'errors.media.join_timeout', 'errors.media.connection_failed'])

/**
 * One joined stay in a table's media room: the signalling WebSocket and the two peer connections of
 * the contract (`server/contract/rtc/signalling.ts`). The publish connection is ours to offer; the
 * subscribe connection is the server's, and each of its offers is handled in turn, one at a time.
 * A session never reconnects by itself: when it ends, the controller asks for a fresh ticket.
 */
export class MediaSession {
  private readonly socket: WebSocket
  private publish: RTCPeerConnection | null = null
  private subscribe: RTCPeerConnection | null = null
  /** Subscribe offers, answers and candidates run one after another. */
  private subscribeChain: Promise<void> = Promise.resolve()
  private sections = new Map<string, SectionOwner>()
  /** Which received tracks were already handed out, by mid. */
  private readonly delivered = new Map<string, MediaStreamTrack>()
  private lastError: MediaErrorCode | null = null
  private closed = false

  constructor(private readonly options: SessionOptions) {
    this.socket = new options.environment.WebSocket(options.url)
    this.socket.addEventListener('open', () => this.send({ type: 'join', token: options.token }))
    this.socket.addEventListener('message', (event: MessageEvent) => this.receive(event.data))
    this.socket.addEventListener('close', (event: CloseEvent) => this.end({ code: event.code, error: this.lastError, replaced: event.code === mediaCloseCodes.replaced || this.lastError === 'errors.media.replaced' }))
  }

  /** Asks for one peer in high quality (a pinned tile), or null to follow the speaker. */
  prefer(peerId: string | null): void {
    this.send({ type: 'prefer', peerId })
  }

  /** Leaves the room on purpose and closes everything; safe to call twice. */
  leave(): void {
    if (this.closed) return
    this.send({ type: 'leave' })
    this.end({ code: mediaCloseCodes.normal, error: null, replaced: false })
  }

  /** The session's peer connections, for statistics. */
  connections(): { publish: RTCPeerConnection | null; subscribe: RTCPeerConnection | null } {
    return { publish: this.publish, subscribe: this.subscribe }
  }

  private send(message: MediaClientMessage): void {
    if (this.socket.readyState === 1) this.socket.send(JSON.stringify(message))
  }

  private receive(data: unknown): void {
    if (this.closed || typeof data !== 'string') return
    let message: MediaServerMessage
    try {
      message = JSON.parse(data) as MediaServerMessage
    } catch {
      return
    }
    switch (message.type) {
      case 'joined':
        this.options.events.room(message)
        if (this.options.role === 'publisher' && message.you.role === 'publisher' && this.options.localStream) void this.startPublishing(this.options.localStream)
        return
      case 'offer':
        this.queueSubscribe(() => this.answerOffer(message.sdp, message.tracks))
        return
      case 'answer':
        void this.publish?.setRemoteDescription({ type: 'answer', sdp: message.sdp }).catch(() => this.fail())
        return
      case 'candidate':
        this.addCandidate(message.target, message.candidate, message.mid)
        return
      case 'error':
        this.lastError = message.code
        if (!fatalErrors.has(message.code)) this.options.events.error(message.code)
        return
      default:
        this.options.events.room(message)
    }
  }

  private queueSubscribe(step: () => Promise<void>): void {
    this.subscribeChain = this.subscribeChain.then(step).catch(() => this.fail())
  }

  private addCandidate(target: CandidateTarget, candidate: string, mid: string): void {
    if (target === 'publish') {
      void this.publish?.addIceCandidate({ candidate, sdpMid: mid }).catch(() => undefined)
      return
    }
    // The server sends its candidate once our answer is applied: after the answer step of the chain.
    this.queueSubscribe(async () => {
      await this.subscribe?.addIceCandidate({ candidate, sdpMid: mid })
    })
  }

  private connection(target: CandidateTarget): RTCPeerConnection {
    const connection = new this.options.environment.RTCPeerConnection({ iceServers: [], bundlePolicy: 'max-bundle', rtcpMuxPolicy: 'require' })
    connection.addEventListener('icecandidate', (event: RTCPeerConnectionIceEvent) => {
      const candidate = event.candidate
      if (candidate?.candidate && candidate.sdpMid) this.send({ type: 'candidate', target, candidate: candidate.candidate, mid: candidate.sdpMid })
    })
    let disconnectedTimer: ReturnType<typeof setTimeout> | null = null
    connection.addEventListener('connectionstatechange', () => {
      const state = connection.connectionState
      if (disconnectedTimer !== null && state !== 'disconnected') {
        clearTimeout(disconnectedTimer)
        disconnectedTimer = null
      }
      if (state === 'failed') this.fail()
      // The server lets a peer go after 10 s disconnected; so do we, instead of waiting for ICE to give up.
      else if (state === 'disconnected' && disconnectedTimer === null) disconnectedTimer = setTimeout(() => this.fail(), disconnectedGraceMs)
    })
    return connection
  }

  /** Publishes the microphone and the camera twice: as it is (`high`) and scaled down to about 320x180 (`low`). */
  private async startPublishing(stream: MediaStream): Promise<void> {
    if (this.publish || this.closed) return
    const connection = this.connection('publish')
    this.publish = connection
    const added: { transceiver: RTCRtpTransceiver; section: Omit<PublishedSection, 'mid'> }[] = []
    const audio = stream.getAudioTracks()[0]
    if (audio) added.push({ transceiver: connection.addTransceiver(audio, { direction: 'sendonly', streams: [stream] }), section: { source: 'microphone' } })
    const video = stream.getVideoTracks()[0]
    if (video) {
      const high = connection.addTransceiver(video, { direction: 'sendonly', streams: [stream], sendEncodings: [{ maxBitrate: videoBitrates.high }] })
      const scale = lowScaleFactor(video.getSettings?.().width)
      const low = connection.addTransceiver(video, { direction: 'sendonly', streams: [stream], sendEncodings: [{ maxBitrate: videoBitrates.low, scaleResolutionDownBy: scale }] })
      added.push({ transceiver: high, section: { source: 'camera', quality: 'high' } }, { transceiver: low, section: { source: 'camera', quality: 'low' } })
    }
    if (added.length === 0) return
    try {
      await connection.setLocalDescription(await connection.createOffer())
    } catch {
      this.fail()
      return
    }
    if (this.closed || !connection.localDescription) return
    const tracks = declarePublishedTracks(added.map(({ transceiver, section }) => ({ ...section, mid: transceiver.mid })))
    this.send({ type: 'offer', sdp: connection.localDescription.sdp, tracks })
  }

  private async answerOffer(sdp: string, tracks: Parameters<typeof mapSubscribedSections>[1]): Promise<void> {
    if (this.closed) return
    const connection = this.subscribe ?? (this.subscribe = this.connection('subscribe'))
    this.sections = mapSubscribedSections(this.sections, tracks)
    await connection.setRemoteDescription({ type: 'offer', sdp })
    await connection.setLocalDescription(await connection.createAnswer())
    if (this.closed || !connection.localDescription) return
    this.send({ type: 'answer', sdp: connection.localDescription.sdp })
    this.deliverTracks(connection)
  }

  /** Hands out each section's receiving track once, by mid (a section reused for a returning seat is handed out again). */
  private deliverTracks(connection: RTCPeerConnection): void {
    for (const transceiver of connection.getTransceivers()) {
      const mid = transceiver.mid
      const owner = mid ? this.sections.get(mid) : undefined
      if (!mid || !owner) continue
      const track = transceiver.receiver.track
      const key = `${mid}`
      if (this.delivered.get(key) === track) continue
      this.delivered.set(key, track)
      this.options.events.track(owner.peerId, owner.kind, track)
    }
  }

  private fail(): void {
    this.end({ code: null, error: 'errors.media.connection_failed', replaced: false })
  }

  private end(end: SessionEnd): void {
    if (this.closed) return
    this.closed = true
    try {
      this.socket.close(mediaCloseCodes.normal)
    } catch {
      // already closing
    }
    this.publish?.close()
    this.subscribe?.close()
    this.options.events.ended(end)
  }
}

import { randomInt } from 'node:crypto'
import { Audio, PeerConnection, Video, type RtcConfig, type Track } from 'node-datachannel'
import type { Logger } from 'pino'
import {
  mediaCloseCodes,
  type CandidateTarget,
  type MediaErrorCode,
  type MediaKind,
  type MediaPeerInfo,
  type MediaRole,
  type MediaServerMessage,
  type PublishedTrack,
  type SubscribedTrack,
  type VideoQuality,
} from '../contract/rtc'
import { InboundTrack, OutboundStream, subscriberPayloadTypes, type InboundOwner, type MediaCodec } from './forwarding'
import { buildReceiverReport, buildRemb, compound } from './rtcp'
import { announcedCandidate, audioLevelUri, chooseAudioCodec, chooseVideoCodec, extensionId, parseSdp, rewritePublishAnswer, rewriteServerOffer } from './sdp'

/** How a peer's signalling connection looks to the peer: a place to send messages, and a way to end it. */
export interface PeerTransport {
  send(message: MediaServerMessage): void
  close(code: number): void
}

/** What the room offers its peers. */
export interface PeerHost {
  isMicrophoneAllowed(peerId: string): boolean
  publisherChanged(peer: Peer): void
  preferencesChanged(peer: Peer): void
  audioLevel(peer: Peer, loudness: number, nowMs: number): void
  peerClosed(peer: Peer): void
}

/** The network side every peer of one server shares. */
export interface PeerNetwork {
  /** The shared UDP port's peer connection settings. */
  config(): RtcConfig
  publicIp: string
  port: number
}

export interface MediaSettings {
  /** REMB sent to each publisher: the most its video may use, all encodings together (bit/s). */
  publisherBitrate: number
  /** At most one keyframe request per publisher track per this interval. */
  keyframeRequestIntervalMs: number
  /** Video packets kept per publisher track for answering NACKs (a power of two). */
  nackHistory: number
  /** How long a peer connection may stay disconnected before the peer is closed. */
  disconnectGraceMs: number
  /** How long a new WebSocket may wait before sending `join`. */
  joinTimeoutMs: number
  /** How long an empty room lives on (keeping its microphone settings) before it is closed. */
  roomIdleMs: number
  /** Without a speaker set by the host, the loudest recent speaker gets high quality, held at least this long. */
  dominantSpeakerHoldMs: number
}

export const defaultMediaSettings: MediaSettings = {
  publisherBitrate: 2_000_000,
  keyframeRequestIntervalMs: 500,
  nackHistory: 512,
  disconnectGraceMs: 10_000,
  joinTimeoutMs: 10_000,
  roomIdleMs: 5 * 60_000,
  dominantSpeakerHoldMs: 2_000,
}

export type PeerState = 'created' | 'joined' | 'closed'
export type PeerCloseReason = 'left' | 'replaced' | 'disconnected' | 'failed' | 'room_closed' | 'revoked'
export type QualityPreference = 'auto' | 'low' | 'high'

interface TrackPlan {
  kind: MediaKind
  quality: VideoQuality | null
  codec: MediaCodec
  payloadType: number
  clockRate: number
  audioLevelExtension: number
}

const closeCodeFor: Record<PeerCloseReason, number> = {
  left: mediaCloseCodes.normal,
  room_closed: mediaCloseCodes.normal,
  disconnected: mediaCloseCodes.normal,
  replaced: mediaCloseCodes.replaced,
  failed: mediaCloseCodes.failed,
  revoked: mediaCloseCodes.revoked,
}

/**
 * One participant of a room: a seat (publisher) or a viewer (subscriber), with the two peer
 * connections of the signalling contract. Lifecycle: created, joined (the room accepted it), closed.
 * close() is safe to call any number of times.
 */
export class Peer {
  state: PeerState = 'created'
  quality: QualityPreference = 'auto'
  preferredPeerId: string | null = null
  /** The publisher's incoming tracks, by mid. */
  readonly inbound = new Map<string, InboundTrack>()
  /** What this peer receives: one stream per publisher and kind, by `${publisherId}:${kind}`. */
  readonly outbound = new Map<string, OutboundStream>()
  private publishConnection: PeerConnection | null = null
  private subscribeConnection: PeerConnection | null = null
  private publishPlan = new Map<string, TrackPlan>()
  private readonly publishTracks = new Map<string, Track>()
  private awaitingAnswer = false
  private subscribeCandidateSent = false
  private offerAgain = false
  private offerScheduled = false
  private publisherChangeScheduled = false
  private nextMid = 0
  private readonly usedSsrcs = new Set<number>()
  private readonly rtcpSsrc = randomInt(1, 0xffffffff)
  private readonly graceTimers = new Map<CandidateTarget, NodeJS.Timeout>()
  private readonly owner: InboundOwner

  constructor(
    readonly id: string,
    readonly role: MediaRole,
    readonly roomId: string,
    private readonly transport: PeerTransport,
    private readonly host: PeerHost,
    private readonly network: PeerNetwork,
    private readonly settings: MediaSettings,
    readonly logger: Logger,
  ) {
    this.owner = {
      audioLevel: (_track, loudness, now) => this.host.audioLevel(this, loudness, now),
      senderReport: (track, now) => this.answerSenderReport(track, now),
      firstPacket: (track) => {
        if (track.kind === 'video') track.sendRtcp(this.remb())
      },
    }
  }

  info(): MediaPeerInfo {
    return { peerId: this.id, role: this.role, microphoneAllowed: this.host.isMicrophoneAllowed(this.id) }
  }

  /** The room accepted the peer. */
  markJoined(): void {
    if (this.state === 'created') this.state = 'joined'
  }

  send(message: MediaServerMessage): void {
    if (this.state === 'closed') return
    try {
      this.transport.send(message)
    } catch (error) {
      this.logger.debug({ err: error }, 'media: could not send a signalling message')
    }
  }

  error(code: MediaErrorCode, request?: string): void {
    this.send(request ? { type: 'error', code, request } : { type: 'error', code })
  }

  get audioTrack(): InboundTrack | null {
    for (const track of this.inbound.values()) if (track.kind === 'audio') return track
    return null
  }

  videoTrack(quality: VideoQuality): InboundTrack | null {
    for (const track of this.inbound.values()) if (track.kind === 'video' && track.options.quality === quality) return track
    return null
  }

  get publishedKinds(): MediaKind[] {
    const kinds = new Set<MediaKind>()
    for (const track of this.inbound.values()) kinds.add(track.kind)
    return [...kinds]
  }

  setMicrophonePaused(paused: boolean): void {
    for (const track of this.inbound.values()) if (track.kind === 'audio') track.setPaused(paused)
  }

  // -------------------------------------------------------------------------------------------
  // Publishing: the client offers, the server answers.

  handleOffer(sdp: string, declared: PublishedTrack[] | undefined): void {
    if (this.state !== 'joined') return
    if (this.role !== 'publisher') {
      this.error('errors.media.not_publisher', 'offer')
      return
    }
    let plan: Map<string, TrackPlan>
    try {
      plan = planPublish(sdp, declared)
    } catch (error) {
      this.logger.info({ reason: (error as Error).message }, 'media: publish offer refused')
      this.error('errors.media.bad_sdp', 'offer')
      return
    }
    const connection = this.publishConnection ?? this.createPublishConnection()
    const previousPlan = this.publishPlan
    this.publishPlan = plan
    try {
      connection.setRemoteDescription(sdp, 'offer')
    } catch (error) {
      this.publishPlan = previousPlan
      this.logger.info({ err: error }, 'media: publish offer not applied')
      this.error('errors.media.bad_sdp', 'offer')
      return
    }
    let changed = false
    for (const [mid, track] of this.inbound) {
      if (!plan.has(mid)) {
        track.close()
        this.inbound.delete(mid)
        changed = true
      }
    }
    // A section that stopped and started again keeps its track object: attach it anew.
    for (const mid of plan.keys()) if (!this.inbound.has(mid) && this.publishTracks.has(mid)) changed = this.attachInbound(mid) || changed
    if (changed) this.schedulePublisherChanged()
  }

  private createPublishConnection(): PeerConnection {
    const connection = new PeerConnection(`${this.roomId}/${this.id}/publish`, this.network.config())
    this.publishConnection = connection
    connection.onTrack((track) => {
      if (this.state === 'closed') return
      const mid = track.mid()
      this.publishTracks.set(mid, track)
      if (this.attachInbound(mid)) this.schedulePublisherChanged()
    })
    connection.onLocalDescription((sdp, type) => {
      if (this.state === 'closed' || type !== 'answer') return
      const chosen = new Map([...this.publishPlan].map(([mid, plan]) => [mid, plan.payloadType]))
      this.send({ type: 'answer', sdp: rewritePublishAnswer(sdp, chosen, announcedCandidate(this.network.publicIp, this.network.port)) })
    })
    connection.onStateChange((state) => this.connectionState('publish', state))
    return connection
  }

  private attachInbound(mid: string): boolean {
    const plan = this.publishPlan.get(mid)
    const track = this.publishTracks.get(mid)
    if (!plan || !track || this.inbound.has(mid)) return false
    const inbound = new InboundTrack(
      mid,
      track,
      {
        ...plan,
        nackHistory: this.settings.nackHistory,
        keyframeRequestIntervalMs: this.settings.keyframeRequestIntervalMs,
        rtcpSsrc: this.rtcpSsrc,
      },
      this.owner,
    )
    if (plan.kind === 'audio') inbound.setPaused(!this.host.isMicrophoneAllowed(this.id))
    track.onMessage((message) => inbound.receive(message))
    this.inbound.set(mid, inbound)
    this.logger.debug({ mid, kind: plan.kind, quality: plan.quality, codec: plan.codec }, 'media: publishing')
    return true
  }

  private schedulePublisherChanged(): void {
    if (this.publisherChangeScheduled) return
    this.publisherChangeScheduled = true
    queueMicrotask(() => {
      this.publisherChangeScheduled = false
      if (this.state === 'joined') this.host.publisherChanged(this)
    })
  }

  /** Receiver report for one track and the bandwidth cap, sent back whenever the publisher reports. */
  private answerSenderReport(track: InboundTrack, nowMs: number): void {
    const report = buildReceiverReport(this.rtcpSsrc, [track.stats.reportBlock(track.ssrc, nowMs)])
    track.sendRtcp(track.kind === 'video' ? compound(report, this.remb()) : report)
  }

  private remb(): Buffer {
    const ssrcs = [...this.inbound.values()].filter((track) => track.kind === 'video' && track.ssrc !== 0).map((track) => track.ssrc)
    return buildRemb(this.rtcpSsrc, this.settings.publisherBitrate, ssrcs)
  }

  // -------------------------------------------------------------------------------------------
  // Subscribing: the server offers, the client answers.

  /** The outgoing stream carrying `publisherId`'s media of this kind to this peer, created on demand. */
  ensureOutbound(publisherId: string, kind: MediaKind): OutboundStream | null {
    if (this.state === 'closed') return null
    const key = `${publisherId}:${kind}`
    const existing = this.outbound.get(key)
    if (existing) return existing
    const connection = this.subscribeConnection ?? this.createSubscribeConnection()
    const mid = `${kind === 'audio' ? 'a' : 'v'}${this.nextMid++}`
    const ssrc = this.newSsrc()
    let description: Video | Audio
    if (kind === 'video') {
      const video = new Video(mid, 'SendOnly')
      video.addVP8Codec(subscriberPayloadTypes.vp8)
      video.addH264Codec(subscriberPayloadTypes.h264)
      description = video
    } else {
      const audio = new Audio(mid, 'SendOnly')
      audio.addOpusCodec(subscriberPayloadTypes.opus)
      description = audio
    }
    // The stream id is the publisher's peer id, so a browser puts its audio and video in one MediaStream.
    description.addSSRC(ssrc, publisherId, publisherId, `${publisherId}-${kind}`)
    const track = connection.addTrack(description)
    const stream = new OutboundStream(publisherId, kind, mid, ssrc, track)
    track.onOpen(() => stream.opened())
    track.onMessage((message) => stream.receiveRtcp(message))
    this.outbound.set(key, stream)
    this.scheduleOffer()
    return stream
  }

  outboundFor(publisherId: string, kind: MediaKind): OutboundStream | undefined {
    return this.outbound.get(`${publisherId}:${kind}`)
  }

  handleAnswer(sdp: string): void {
    if (this.state !== 'joined') return
    const connection = this.subscribeConnection
    if (!connection || !this.awaitingAnswer) {
      this.error('errors.media.bad_message', 'answer')
      return
    }
    try {
      connection.setRemoteDescription(sdp, 'answer')
    } catch (error) {
      this.logger.info({ err: error }, 'media: subscribe answer not applied')
      this.error('errors.media.bad_sdp', 'answer')
      return
    }
    this.awaitingAnswer = false
    if (!this.subscribeCandidateSent) {
      // Only now may the client learn where to connect (see rewriteServerOffer).
      this.subscribeCandidateSent = true
      const first = this.outbound.values().next().value
      if (first) this.send({ type: 'candidate', target: 'subscribe', candidate: announcedCandidate(this.network.publicIp, this.network.port), mid: first.mid })
    }
    if (this.offerAgain) {
      this.offerAgain = false
      this.negotiate()
    }
  }

  handleCandidate(target: CandidateTarget, candidate: string, mid: string): void {
    const connection = target === 'publish' ? this.publishConnection : this.subscribeConnection
    if (!connection || candidate.trim() === '') return
    try {
      connection.addRemoteCandidate(candidate, mid)
    } catch {
      // An mDNS name or an address family we cannot use: the peer's connectivity checks still reach us.
    }
  }

  setPreferences(change: { quality?: QualityPreference; preferredPeerId?: string | null }): void {
    if (change.quality !== undefined) this.quality = change.quality
    if (change.preferredPeerId !== undefined) this.preferredPeerId = change.preferredPeerId
    this.host.preferencesChanged(this)
  }

  private createSubscribeConnection(): PeerConnection {
    const connection = new PeerConnection(`${this.roomId}/${this.id}/subscribe`, { ...this.network.config(), disableAutoNegotiation: true })
    this.subscribeConnection = connection
    connection.onLocalDescription((sdp, type) => {
      if (this.state === 'closed' || type !== 'offer') return
      const tracks: SubscribedTrack[] = [...this.outbound.values()].map((stream) => ({ mid: stream.mid, peerId: stream.publisherId, kind: stream.kind }))
      this.send({ type: 'offer', sdp: rewriteServerOffer(sdp), tracks })
    })
    connection.onStateChange((state) => this.connectionState('subscribe', state))
    return connection
  }

  private scheduleOffer(): void {
    if (this.offerScheduled) return
    this.offerScheduled = true
    queueMicrotask(() => {
      this.offerScheduled = false
      this.negotiate()
    })
  }

  /** One offer at a time: changes made while an offer is out go into the next one. */
  private negotiate(): void {
    const connection = this.subscribeConnection
    if (this.state === 'closed' || !connection) return
    if (this.awaitingAnswer) {
      this.offerAgain = true
      return
    }
    this.awaitingAnswer = true
    try {
      connection.setLocalDescription()
    } catch (error) {
      this.awaitingAnswer = false
      this.logger.error({ err: error }, 'media: could not create the subscribe offer')
    }
  }

  private newSsrc(): number {
    let ssrc = randomInt(1, 0xffffffff)
    while (this.usedSsrcs.has(ssrc)) ssrc = randomInt(1, 0xffffffff)
    this.usedSsrcs.add(ssrc)
    return ssrc
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  private connectionState(which: CandidateTarget, state: string): void {
    if (this.state === 'closed') return
    const timer = this.graceTimers.get(which)
    if (state === 'connected') {
      if (timer) clearTimeout(timer)
      this.graceTimers.delete(which)
      this.logger.debug({ connection: which }, 'media: connected')
    } else if (state === 'disconnected') {
      if (timer) return
      const grace = setTimeout(() => this.fail(which), this.settings.disconnectGraceMs)
      grace.unref()
      this.graceTimers.set(which, grace)
    } else if (state === 'failed') {
      this.fail(which)
    }
  }

  private fail(which: CandidateTarget): void {
    if (this.state === 'closed') return
    this.logger.info({ connection: which }, 'media: connection failed')
    this.error('errors.media.connection_failed')
    this.close('failed')
  }

  close(reason: PeerCloseReason): void {
    if (this.state === 'closed') return
    this.state = 'closed'
    for (const timer of this.graceTimers.values()) clearTimeout(timer)
    this.graceTimers.clear()
    for (const track of this.inbound.values()) track.close()
    this.inbound.clear()
    for (const stream of this.outbound.values()) stream.close()
    this.outbound.clear()
    for (const connection of [this.publishConnection, this.subscribeConnection]) {
      try {
        connection?.close()
      } catch (error) {
        this.logger.debug({ err: error }, 'media: error while closing a connection')
      }
    }
    this.publishConnection = null
    this.subscribeConnection = null
    this.publishTracks.clear()
    this.host.peerClosed(this)
    try {
      this.transport.close(closeCodeFor[reason])
    } catch {
      // The socket is already gone.
    }
    this.logger.info({ reason }, 'media: peer closed')
  }
}

/**
 * What each section of a publish offer carries and which codec the server takes from it. At most one
 * microphone and one camera section per quality; with two camera sections the client must say which
 * is which (`tracks`), since sections are matched by mid, never by their order.
 */
export function planPublish(sdp: string, declared: PublishedTrack[] | undefined): Map<string, TrackPlan> {
  const sections = parseSdp(sdp).filter((section) => (section.kind === 'audio' || section.kind === 'video') && section.port !== 0 && section.mid !== null && (section.direction === 'sendonly' || section.direction === 'sendrecv'))
  const byMid = new Map((declared ?? []).map((track) => [track.mid, track]))
  const videoCount = sections.filter((section) => section.kind === 'video').length
  const plan = new Map<string, TrackPlan>()
  const taken = new Set<string>()
  for (const section of sections) {
    const mid = section.mid as string
    const declaration = byMid.get(mid)
    if (section.kind === 'audio') {
      if (declaration && declaration.source !== 'microphone') throw new Error(`section ${mid} is audio, declared as ${declaration.source}`)
      if (taken.has('audio')) throw new Error('more than one microphone section')
      const opus = chooseAudioCodec(section)
      if (!opus) throw new Error(`no Opus in section ${mid}`)
      taken.add('audio')
      plan.set(mid, { kind: 'audio', quality: null, codec: 'opus', payloadType: opus.payloadType, clockRate: 48_000, audioLevelExtension: extensionId(section, audioLevelUri) })
    } else {
      if (declaration && declaration.source !== 'camera') throw new Error(`section ${mid} is video, declared as ${declaration.source}`)
      if (!declaration && videoCount > 1) throw new Error(`two camera sections and no declaration for ${mid}`)
      const quality = declaration?.quality ?? 'high'
      if (taken.has(quality)) throw new Error(`two camera sections for quality ${quality}`)
      const video = chooseVideoCodec(section)
      if (!video) throw new Error(`no VP8 or H.264 in section ${mid}`)
      taken.add(quality)
      plan.set(mid, { kind: 'video', quality, codec: video.codec, payloadType: video.payloadType, clockRate: 90_000, audioLevelExtension: 0 })
    }
  }
  if (plan.size === 0) throw new Error('nothing to publish')
  return plan
}

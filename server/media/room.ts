import type { Logger } from 'pino'
import type { MediaErrorCode, MediaRole, MediaServerMessage } from '../contract/rtc'
import type { InboundTrack } from './forwarding'
import type { MediaSettings, Peer, PeerHost } from './peer'
import { receivesCamera, type PeerGrant } from './room-control'
import { SpeakingDetector } from './speaking'

export type RoomState = 'open' | 'closed'

/**
 * One table's media: its peers and who receives what. A subscriber gets the current speaker's camera
 * in high quality and everyone else in low. The host (the game, through `applyRoomControl`) names
 * the peers allowed in (`setGrants`: anyone else is closed and cannot join), whose camera reaches
 * whom (a camera not granted is not forwarded to that peer at all: no packets, no padding, no sender
 * reports; the peer is told `track-muted` for that video) and opens and closes microphones (a closed
 * microphone is forwarded to nobody). A room no host ever controlled (a bare media server) lets
 * every token holder in and forwards everything.
 *
 * Lifecycle: open until close(); close() is safe to call twice. A room that stays empty for
 * `roomIdleMs` closes itself.
 */
export class Room implements PeerHost {
  state: RoomState = 'open'
  private readonly peers = new Map<string, Peer>()
  private readonly microphone = new Map<string, boolean>()
  /** The host's list of peers allowed in; null until a host controls the room. */
  private grants: ReadonlyMap<string, PeerGrant> | null = null
  /** Per subscriber: the publishers whose camera it was told is stopped (`track-muted` video). */
  private readonly camerasOff = new WeakMap<Peer, Set<string>>()
  private readonly speaking = new Map<string, SpeakingDetector>()
  private speakerPeerId: string | null = null
  private dominantPeerId: string | null = null
  private dominantSince = Number.NEGATIVE_INFINITY
  private idleTimer: NodeJS.Timeout | null = null
  private readonly housekeeping: NodeJS.Timeout

  constructor(
    readonly id: string,
    readonly logger: Logger,
    private readonly settings: MediaSettings,
    private readonly onClosed: (room: Room) => void,
  ) {
    this.housekeeping = setInterval(() => this.tick(), 500)
    this.housekeeping.unref()
    this.startIdleTimer()
  }

  get size(): number {
    return this.peers.size
  }

  peer(peerId: string): Peer | undefined {
    return this.peers.get(peerId)
  }

  get peerIds(): string[] {
    return [...this.peers.keys()]
  }

  /**
   * Adds a peer. A peer already in the room with the same id (the same seat, reconnecting) is told
   * it was replaced and closed; the newcomer takes its place.
   */
  join(peer: Peer): boolean {
    if (this.state === 'closed' || peer.state !== 'created') return false
    if (!this.admits(peer.id, peer.role)) return false
    this.stopIdleTimer()
    const previous = this.peers.get(peer.id)
    this.peers.set(peer.id, peer)
    if (previous) {
      previous.error('errors.media.replaced')
      previous.close('replaced')
      this.speaking.get(peer.id)?.reset(performance.now())
    }
    peer.markJoined()
    peer.send({
      type: 'joined',
      you: { peerId: peer.id, role: peer.role, roomId: this.id },
      peers: [...this.peers.values()].filter((other) => other !== peer).map((other) => other.info()),
    })
    this.broadcast({ type: 'peer-joined', peer: peer.info() }, peer)
    for (const publisher of this.peers.values()) if (publisher !== peer) this.subscribe(peer, publisher)
    this.updateLayers()
    this.announceCameras()
    this.logger.info({ peerId: peer.id, role: peer.role, replaced: previous !== undefined, peers: this.peers.size }, 'media: peer joined')
    return true
  }

  /** Opens or closes a peer's microphone for everyone (persists while the room lives, also across reconnects). */
  setMicrophoneAllowed(peerId: string, allowed: boolean): void {
    if (this.state === 'closed') return
    const before = this.isMicrophoneAllowed(peerId)
    this.microphone.set(peerId, allowed)
    if (before === allowed) return
    this.peers.get(peerId)?.setMicrophonePaused(!allowed)
    if (!allowed && this.speaking.get(peerId)?.reset(performance.now()) === 0) this.broadcast({ type: 'speaking', peerId, level: 0 })
    this.broadcast({ type: allowed ? 'track-unmuted' : 'track-muted', peerId, kind: 'audio' })
    this.logger.info({ peerId, allowed }, 'media: microphone')
  }

  /** A microphone the host never named is open only in a room no host controls. */
  isMicrophoneAllowed(peerId: string): boolean {
    return this.microphone.get(peerId) ?? this.grants === null
  }

  /** Whether the host lets a peer of this id and role into the room (always, before any host control). */
  admits(peerId: string, role: MediaRole): boolean {
    if (this.grants === null) return true
    return this.grants.get(peerId)?.role === role
  }

  /** Whether `subscriber` receives `publisherId`'s camera now. */
  receivesCamera(subscriberId: string, publisherId: string): boolean {
    if (this.grants === null) return true
    const grant = this.grants.get(subscriberId)
    return grant !== undefined && receivesCamera(grant, publisherId)
  }

  /**
   * The host's list of the peers allowed in, with whose cameras each receives. A peer not named, or
   * named with another role (a seat change: the client asks for a fresh ticket), is closed at once.
   */
  setGrants(peers: Record<string, PeerGrant>): void {
    if (this.state === 'closed') return
    this.grants = new Map(Object.entries(peers))
    for (const peer of [...this.peers.values()]) if (!this.admits(peer.id, peer.role)) this.revoke(peer)
    this.updateLayers()
    this.announceCameras()
  }

  /** Closes one peer at once because the host no longer lets it in. */
  revoke(peer: Peer, code: MediaErrorCode = 'errors.media.revoked'): void {
    if (this.peers.get(peer.id) !== peer) return
    peer.error(code)
    peer.close('revoked')
    this.logger.info({ peerId: peer.id }, 'media: peer revoked')
  }

  /** The speaker everyone sees in high quality (the day speaker); null: whoever spoke last. */
  setSpeaker(peerId: string | null): void {
    if (this.state === 'closed' || this.speakerPeerId === peerId) return
    this.speakerPeerId = peerId
    this.updateLayers()
  }

  get speaker(): string | null {
    return this.speakerPeerId ?? this.dominantPeerId
  }

  publisherChanged(publisher: Peer): void {
    if (this.peers.get(publisher.id) !== publisher) return
    for (const subscriber of this.peers.values()) if (subscriber !== publisher) this.subscribe(subscriber, publisher)
    this.updateLayers()
  }

  preferencesChanged(subscriber: Peer): void {
    if (this.peers.get(subscriber.id) === subscriber) this.updateLayers(subscriber)
  }

  audioLevel(peer: Peer, loudness: number, nowMs: number): void {
    if (this.peers.get(peer.id) !== peer) return
    let detector = this.speaking.get(peer.id)
    if (!detector) {
      detector = new SpeakingDetector()
      this.speaking.set(peer.id, detector)
    }
    const level = detector.sample(loudness, nowMs)
    if (level === null) return
    this.broadcast({ type: 'speaking', peerId: peer.id, level })
    if (level > 0 && this.speakerPeerId === null && this.dominantPeerId !== peer.id && nowMs - this.dominantSince >= this.settings.dominantSpeakerHoldMs) {
      this.dominantPeerId = peer.id
      this.dominantSince = nowMs
      this.updateLayers()
    }
  }

  peerClosed(peer: Peer): void {
    if (this.peers.get(peer.id) !== peer) return
    this.peers.delete(peer.id)
    if (this.speaking.get(peer.id)?.reset(performance.now()) === 0) this.broadcast({ type: 'speaking', peerId: peer.id, level: 0 })
    this.broadcast({ type: 'peer-left', peerId: peer.id })
    if (this.dominantPeerId === peer.id) {
      this.dominantPeerId = null
      this.updateLayers()
    }
    this.logger.info({ peerId: peer.id, peers: this.peers.size }, 'media: peer left')
    if (this.peers.size === 0) this.startIdleTimer()
  }

  broadcast(message: MediaServerMessage, except?: Peer): void {
    for (const peer of this.peers.values()) if (peer !== except) peer.send(message)
  }

  close(): void {
    if (this.state === 'closed') return
    this.state = 'closed'
    clearInterval(this.housekeeping)
    this.stopIdleTimer()
    for (const peer of [...this.peers.values()]) peer.close('room_closed')
    this.peers.clear()
    this.speaking.clear()
    this.logger.info('media: room closed')
    this.onClosed(this)
  }

  /** Makes sure `subscriber` has an outgoing stream for each kind `publisher` sends. */
  private subscribe(subscriber: Peer, publisher: Peer): void {
    if (subscriber.state !== 'joined') return
    for (const kind of publisher.publishedKinds) subscriber.ensureOutbound(publisher.id, kind)
  }

  /** Points every outgoing stream at the right inbound track (the quality each subscriber should see). */
  private updateLayers(only?: Peer): void {
    const speaker = this.speaker
    for (const subscriber of only ? [only] : this.peers.values()) {
      for (const stream of subscriber.outbound.values()) {
        const publisher = this.peers.get(stream.publisherId)
        if (!publisher) {
          stream.setTarget(null)
          continue
        }
        if (stream.kind === 'audio') {
          stream.setTarget(publisher.audioTrack)
          continue
        }
        if (!this.receivesCamera(subscriber.id, publisher.id)) {
          stream.setTarget(null)
          continue
        }
        const wantHigh = subscriber.quality === 'high' || (subscriber.quality === 'auto' && publisher.id === (subscriber.preferredPeerId ?? speaker))
        stream.setTarget(pickVideo(publisher, wantHigh))
      }
    }
  }

  /** Tells each subscriber whose cameras stopped or started reaching it since it was last told. */
  private announceCameras(): void {
    for (const subscriber of this.peers.values()) {
      let off = this.camerasOff.get(subscriber)
      if (!off) {
        off = new Set()
        this.camerasOff.set(subscriber, off)
      }
      for (const publisher of this.peers.values()) {
        if (publisher === subscriber || publisher.role !== 'publisher') continue
        const stopped = !this.receivesCamera(subscriber.id, publisher.id)
        if (stopped === off.has(publisher.id)) continue
        if (stopped) off.add(publisher.id)
        else off.delete(publisher.id)
        subscriber.send({ type: stopped ? 'track-muted' : 'track-unmuted', peerId: publisher.id, kind: 'video' })
      }
    }
  }

  private tick(): void {
    const now = performance.now()
    for (const [peerId, detector] of this.speaking) {
      if (detector.tick(now) === 0) this.broadcast({ type: 'speaking', peerId, level: 0 })
    }
  }

  private startIdleTimer(): void {
    this.stopIdleTimer()
    this.idleTimer = setTimeout(() => {
      if (this.peers.size === 0) this.close()
    }, this.settings.roomIdleMs)
    this.idleTimer.unref()
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = null
  }
}

function pickVideo(publisher: Peer, high: boolean): InboundTrack | null {
  const preferred = publisher.videoTrack(high ? 'high' : 'low')
  return preferred ?? publisher.videoTrack(high ? 'low' : 'high')
}

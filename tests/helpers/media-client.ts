import { createSocket, type RemoteInfo, type Socket } from 'node:dgram'
import { Audio, PeerConnection, Video, type Track } from 'node-datachannel'
import WebSocket from 'ws'
import { mediaSocketPath, type MediaClientMessage, type MediaKind, type MediaServerMessage, type PublishedTrack, type SubscribedTrack, type VideoQuality } from '../../server/contract/rtc'
import { parseRtcp, type RtcpItem } from '../../server/media/rtcp'
import { isRtcp, parseRtp } from '../../server/media/rtp'

/**
 * A synthetic media peer for tests and benchmarks: the signalling WebSocket plus node-datachannel
 * peer connections on loopback, publishing hand-built RTP (VP8 with a payload descriptor, Opus) and
 * recording what it receives.
 */

export const testPayloadTypes = { vp8: 96, opus: 111 } as const
export const audioLevelExtensionId = 1

/** A VP8 packet carrying one whole frame: descriptor with a 15-bit picture ID, then the VP8 header byte. */
export function vp8Packet(options: { ssrc: number; sequenceNumber: number; timestamp: number; keyframe: boolean; pictureId: number; body: Buffer; payloadType?: number }): Buffer {
  const header = Buffer.alloc(12)
  header[0] = 0x80
  header[1] = 0x80 | (options.payloadType ?? testPayloadTypes.vp8) // marker: last packet of the frame
  header.writeUInt16BE(options.sequenceNumber & 0xffff, 2)
  header.writeUInt32BE(options.timestamp >>> 0, 4)
  header.writeUInt32BE(options.ssrc >>> 0, 8)
  // X=1, S=1, PID=0; I=1; M=1 + 15-bit picture ID; then the VP8 payload header (P bit: 0 = keyframe).
  const descriptor = Buffer.from([0x90, 0x80, 0x80 | ((options.pictureId >> 8) & 0x7f), options.pictureId & 0xff, options.keyframe ? 0x10 : 0x11])
  return Buffer.concat([header, descriptor, options.body])
}

/** An Opus packet, with an RFC 6464 audio level header extension when `level` is given (-dBov). */
export function opusPacket(options: { ssrc: number; sequenceNumber: number; timestamp: number; body: Buffer; level?: number }): Buffer {
  const header = Buffer.alloc(12)
  header[0] = options.level === undefined ? 0x80 : 0x90
  header[1] = testPayloadTypes.opus
  header.writeUInt16BE(options.sequenceNumber & 0xffff, 2)
  header.writeUInt32BE(options.timestamp >>> 0, 4)
  header.writeUInt32BE(options.ssrc >>> 0, 8)
  if (options.level === undefined) return Buffer.concat([header, options.body])
  const extension = Buffer.from([0xbe, 0xde, 0x00, 0x01, (audioLevelExtensionId << 4) | 0, 0x80 | (options.level & 0x7f), 0, 0])
  return Buffer.concat([header, extension, options.body])
}

/** One RTP packet a subscriber received. */
export interface ReceivedPacket {
  sequenceNumber: number
  timestamp: number
  ssrc: number
  payloadType: number
  payload: Buffer
  /** What the publisher put after the VP8 payload descriptor and header byte (video), or the whole payload (audio). */
  body: Buffer
  raw: Buffer
}


/**
 * A UDP relay between a subscriber and the server that can lose chosen packets: SRTP leaves the RTP
 * header in the clear, so it can drop "the next video packet" and say which sequence number that was.
 * The subscriber keeps its own candidates to itself, so all traffic has to pass the relay.
 */
export class LossyRelay {
  private readonly clientSide: Socket = createSocket('udp4')
  private readonly serverSide: Socket = createSocket('udp4')
  private client: RemoteInfo | null = null
  private dropVideo = 0
  /** Sequence numbers of the video packets dropped on their way to the subscriber. */
  readonly dropped: number[] = []

  private constructor(
    private readonly serverAddress: string,
    private readonly serverPort: number,
  ) {
    this.clientSide.on('message', (message, from) => {
      this.client = from
      this.serverSide.send(message, this.serverPort, this.serverAddress)
    })
    this.serverSide.on('message', (message) => {
      if (!this.client) return
      // RTP (not RTCP) of payload type 96: video.
      if (this.dropVideo > 0 && message.length > 12 && message[0]! >> 6 === 2 && (message[1]! & 0x7f) === 96) {
        this.dropVideo -= 1
        this.dropped.push(message.readUInt16BE(2))
        return
      }
      this.clientSide.send(message, this.client.port, this.client.address)
    })
  }

  static async start(serverAddress: string, serverPort: number): Promise<LossyRelay> {
    const relay = new LossyRelay(serverAddress, serverPort)
    await Promise.all([relay.clientSide, relay.serverSide].map((socket) => new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))))
    return relay
  }

  get port(): number {
    return this.clientSide.address().port
  }

  /** Loses the next `count` video packets towards the subscriber. */
  loseVideo(count = 1): void {
    this.dropVideo += count
  }

  close(): void {
    this.clientSide.close()
    this.serverSide.close()
  }
}

/** Sends on a track; false instead of an exception once the connection is gone (a peer the server closed). */
function sendQuietly(track: Track, packet: Buffer): boolean {
  try {
    return track.sendMessageBinary(packet)
  } catch {
    return false
  }
}

const connectionConfig = { iceServers: [] as string[], bindAddress: '127.0.0.1' }

function waitFor<T>(check: () => T | undefined | null | false, timeoutMs: number, what: string, register: (wake: () => void) => () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const first = check()
    if (first) {
      resolve(first)
      return
    }
    let unregister: () => void = () => undefined
    const timer = setTimeout(() => {
      unregister()
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`))
    }, timeoutMs)
    unregister = register(() => {
      const value = check()
      if (value) {
        clearTimeout(timer)
        unregister()
        resolve(value)
      }
    })
  })
}

interface PublishedSender {
  track: Track
  ssrc: number
  kind: MediaKind
  quality: VideoQuality | null
  sequenceNumber: number
  timestamp: number
  pictureId: number
  open: boolean
}

export interface PublishOptions {
  audio?: boolean
  /** Camera encodings to publish (by quality); none for audio only. */
  video?: VideoQuality[]
  /** Negotiate the RFC 6464 audio level extension. */
  audioLevel?: boolean
  /** Leave out the `tracks` declaration of the offer. */
  undeclared?: boolean
}

export class MediaTestClient {
  readonly messages: MediaServerMessage[] = []
  /** RTCP the server sent to this publisher, by kind and quality (`audio`, `video:high`, `video:low`). */
  readonly rtcp = new Map<string, RtcpItem[]>()
  /** RTCP the server sent on the subscribe connection (sender reports). */
  readonly subscriberRtcp: RtcpItem[] = []
  /** RTP received from other publishers, by `${peerId}:${kind}`. */
  readonly received = new Map<string, ReceivedPacket[]>()
  closeCode: number | null = null
  private readonly wakers = new Set<() => void>()
  private publishConnection: PeerConnection | null = null
  private subscribeConnection: PeerConnection | null = null
  private readonly senders = new Map<string, PublishedSender>()
  private subscribed: SubscribedTrack[] = []
  private readonly subscribeTracks = new Map<string, Track>()
  /** Whether to answer the server's subscribe offers (benchmarks hold them back). */
  answerOffers = true
  /** Whether to handle received packets at all (benchmarks leave them to the library and count bytes). */
  private receive = true
  private pendingOffer: string | null = null
  /** With `lossy`, the subscribe connection goes through this relay. */
  relay: LossyRelay | null = null
  private lossy = false

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as MediaServerMessage
      this.messages.push(message)
      this.onMessage(message)
      this.wake()
    })
    socket.on('close', (code) => {
      this.closeCode = code
      this.wake()
    })
  }

  /** Opens the signalling socket (without joining): `baseUrl` is an http(s) origin, or the whole ws(s) URL of the signalling socket. */
  static async open(baseUrl: string): Promise<MediaTestClient> {
    const socket = new WebSocket(/^wss?:/.test(baseUrl) ? baseUrl : baseUrl.replace(/^http/, 'ws') + mediaSocketPath)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
    return new MediaTestClient(socket)
  }

  /** Opens the socket and joins with the token; resolves once `joined` arrives. */
  static async join(baseUrl: string, token: string, options: { lossy?: boolean; receive?: boolean; answerOffers?: boolean } = {}): Promise<MediaTestClient> {
    const client = await MediaTestClient.open(baseUrl)
    client.lossy = options.lossy ?? false
    client.receive = options.receive ?? true
    client.answerOffers = options.answerOffers ?? true
    client.send({ type: 'join', token })
    await client.waitForMessage((message) => message.type === 'joined' || message.type === 'error', 'joined')
    const last = client.messages[client.messages.length - 1]
    if (last?.type === 'error') throw new Error(`join refused: ${last.code}`)
    return client
  }

  /** Joins where a media ticket says: a path on the app's origin (the built-in server) or a media node's absolute URL. */
  static joinTicket(appUrl: string, ticket: { url: string; token: string }, options: { lossy?: boolean; receive?: boolean; answerOffers?: boolean } = {}): Promise<MediaTestClient> {
    const url = ticket.url.startsWith('/') ? appUrl.replace(/^http/, 'ws') + ticket.url : ticket.url
    return MediaTestClient.join(url, ticket.token, options)
  }

  send(message: MediaClientMessage): void {
    this.socket.send(JSON.stringify(message))
  }

  sendRaw(text: string): void {
    this.socket.send(text)
  }

  /** Resolves with the first message (from the start of the conversation) that matches. */
  waitForMessage<T extends MediaServerMessage>(match: (message: MediaServerMessage) => boolean, what: string, timeoutMs = 15_000, from = 0): Promise<T> {
    return this.until(() => this.messages.slice(from).find(match) as T | undefined, what, timeoutMs)
  }

  waitForClose(timeoutMs = 15_000): Promise<number> {
    return this.until(() => (this.closeCode === null ? undefined : this.closeCode), 'socket close', timeoutMs)
  }

  /** Waits until `check` returns something truthy; re-checked on every message and packet. */
  until<T>(check: () => T | undefined | null | false, what: string, timeoutMs = 15_000): Promise<T> {
    return waitFor(check, timeoutMs, what, (wake) => {
      this.wakers.add(wake)
      return () => this.wakers.delete(wake)
    })
  }

  packets(peerId: string, kind: MediaKind): ReceivedPacket[] {
    return this.received.get(`${peerId}:${kind}`) ?? []
  }

  rtcpFor(kind: MediaKind, quality: VideoQuality = 'high'): RtcpItem[] {
    return this.rtcp.get(kind === 'audio' ? 'audio' : `video:${quality}`) ?? []
  }

  /** Publishes the chosen tracks; resolves when every track is open. */
  async publish(options: PublishOptions = { audio: true, video: ['high'] }): Promise<void> {
    const connection = new PeerConnection('test-publish', connectionConfig)
    this.publishConnection = connection
    const declared: PublishedTrack[] = []
    const add = (kind: MediaKind, quality: VideoQuality | null) => {
      const mid = kind === 'audio' ? 'mic' : `cam-${quality}`
      const ssrc = 0x1000 + Math.floor(Math.random() * 0xffff0000)
      let description: Audio | Video
      if (kind === 'audio') {
        const audio = new Audio(mid, 'SendOnly')
        audio.addOpusCodec(testPayloadTypes.opus)
        description = audio
      } else {
        const video = new Video(mid, 'SendOnly')
        video.addVP8Codec(testPayloadTypes.vp8)
        description = video
      }
      description.addSSRC(ssrc, 'test', 'camera-and-microphone', mid)
      const track = connection.addTrack(description)
      const key = kind === 'audio' ? 'audio' : `video:${quality}`
      const sender: PublishedSender = { track, ssrc, kind, quality, sequenceNumber: Math.floor(Math.random() * 60_000), timestamp: Math.floor(Math.random() * 1e9), pictureId: Math.floor(Math.random() * 30_000), open: false }
      this.senders.set(key, sender)
      track.onOpen(() => {
        sender.open = true
        this.wake()
      })
      track.onMessage((message) => {
        if (!isRtcp(message)) return
        const list = this.rtcp.get(key) ?? []
        list.push(...parseRtcp(message))
        this.rtcp.set(key, list)
        this.wake()
      })
      declared.push(kind === 'audio' ? { mid, source: 'microphone' } : { mid, source: 'camera', quality: quality ?? 'high' })
    }
    if (options.audio) add('audio', null)
    for (const quality of options.video ?? []) add('video', quality)
    connection.onLocalDescription((sdp, type) => {
      if (type !== 'offer') return
      const offer = options.audioLevel ? sdp.replace('a=mid:mic\r\n', `a=mid:mic\r\na=extmap:${audioLevelExtensionId} urn:ietf:params:rtp-hdrext:ssrc-audio-level\r\n`) : sdp
      this.send(options.undeclared ? { type: 'offer', sdp: offer } : { type: 'offer', sdp: offer, tracks: declared })
    })
    // Like a browser, the offerer starts connecting only once it has the answer: candidates wait for it.
    const early: Array<{ candidate: string; mid: string }> = []
    let answered = false
    connection.onLocalCandidate((candidate, mid) => {
      if (answered) this.send({ type: 'candidate', target: 'publish', candidate, mid })
      else early.push({ candidate, mid })
    })
    const from = this.messages.length
    connection.setLocalDescription()
    const answer = await this.waitForMessage<Extract<MediaServerMessage, { type: 'answer' | 'error' }>>((message) => message.type === 'answer' || message.type === 'error', 'publish answer', 15_000, from)
    if (answer.type === 'error') throw new Error(`publish refused: ${answer.code}`)
    connection.setRemoteDescription(answer.sdp, 'answer')
    answered = true
    for (const { candidate, mid } of early.splice(0)) this.send({ type: 'candidate', target: 'publish', candidate, mid })
    await this.until(() => [...this.senders.values()].every((sender) => sender.open), 'publish tracks open')
  }

  /** Sends one RTP packet on a published track; the helper keeps sequence numbers and timestamps. */
  sendVideo(options: { quality?: VideoQuality; keyframe: boolean; body?: Buffer; skip?: number }): Buffer {
    const sender = this.sender(`video:${options.quality ?? 'high'}`)
    sender.sequenceNumber = (sender.sequenceNumber + 1 + (options.skip ?? 0)) & 0xffff
    sender.timestamp = (sender.timestamp + 3000) >>> 0
    sender.pictureId = (sender.pictureId + 1) & 0x7fff
    const packet = vp8Packet({ ssrc: sender.ssrc, sequenceNumber: sender.sequenceNumber, timestamp: sender.timestamp, keyframe: options.keyframe, pictureId: sender.pictureId, body: options.body ?? Buffer.from(`frame ${sender.sequenceNumber}`) })
    sendQuietly(sender.track, packet)
    return packet
  }

  /** A padding-only video packet (what a browser sends to probe bandwidth): a sequence number, no payload. */
  sendVideoPadding(quality: VideoQuality = 'high'): Buffer {
    const sender = this.sender(`video:${quality}`)
    sender.sequenceNumber = (sender.sequenceNumber + 1) & 0xffff
    const packet = Buffer.alloc(12 + 32)
    packet[0] = 0xa0 // version 2, padding
    packet[1] = testPayloadTypes.vp8
    packet.writeUInt16BE(sender.sequenceNumber, 2)
    packet.writeUInt32BE(sender.timestamp, 4)
    packet.writeUInt32BE(sender.ssrc, 8)
    packet[packet.length - 1] = 32
    sendQuietly(sender.track, packet)
    return packet
  }

  sendAudio(options: { body?: Buffer; level?: number } = {}): Buffer {
    const sender = this.sender('audio')
    sender.sequenceNumber = (sender.sequenceNumber + 1) & 0xffff
    sender.timestamp = (sender.timestamp + 960) >>> 0
    const packet = opusPacket({ ssrc: sender.ssrc, sequenceNumber: sender.sequenceNumber, timestamp: sender.timestamp, body: options.body ?? Buffer.from(`audio ${sender.sequenceNumber}`), ...(options.level === undefined ? {} : { level: options.level }) })
    sendQuietly(sender.track, packet)
    return packet
  }

  /** Sends any packet as it is on a published track (hand-made RTP, or RTCP such as a sender report). */
  sendPublished(kind: MediaKind, packet: Buffer, quality: VideoQuality = 'high'): boolean {
    return sendQuietly(this.sender(kind === 'audio' ? 'audio' : `video:${quality}`).track, packet)
  }

  /** Sends raw RTCP to the server on a subscribed track (a keyframe request or a NACK). */
  sendRtcpOn(peerId: string, kind: MediaKind, packet: Buffer): boolean {
    const subscription = this.subscribed.find((track) => track.peerId === peerId && track.kind === kind)
    const track = subscription ? this.subscribeTracks.get(subscription.mid) : undefined
    if (!track) throw new Error(`not subscribed to ${peerId}:${kind}`)
    return sendQuietly(track, packet)
  }

  /** The SSRC the server uses towards this client for a publisher's media, once something arrived. */
  ssrcOf(peerId: string, kind: MediaKind): number | undefined {
    return this.packets(peerId, kind)[0]?.ssrc
  }

  publishSsrc(kind: MediaKind, quality: VideoQuality = 'high'): number {
    return this.sender(kind === 'audio' ? 'audio' : `video:${quality}`).ssrc
  }

  /** Answers a server offer held back with `answerOffers = false`. */
  answerPendingOffer(): void {
    this.answerOffers = true
    if (this.pendingOffer) this.acceptOffer(this.pendingOffer)
    this.pendingOffer = null
  }

  /** Starts counting the RTP packets arriving on every subscribed track (benchmarks). */
  countReceived(): { packets: number } {
    const counter = { packets: 0 }
    for (const track of this.subscribeTracks.values()) {
      track.onMessage((message) => {
        if (!isRtcp(message)) counter.packets += 1
      })
    }
    return counter
  }

  /** Closes the socket and both connections without saying goodbye (a vanished peer). */
  vanish(): void {
    this.socket.terminate()
    this.closeConnections()
  }

  /** Leaves politely and closes everything. */
  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.OPEN) {
      this.send({ type: 'leave' })
      this.socket.close()
    }
    this.closeConnections()
  }

  private closeConnections(): void {
    this.relay?.close()
    this.relay = null
    this.publishConnection?.close()
    this.subscribeConnection?.close()
    this.publishConnection = null
    this.subscribeConnection = null
  }

  private sender(key: string): PublishedSender {
    const sender = this.senders.get(key)
    if (!sender) throw new Error(`not publishing ${key}`)
    return sender
  }

  private wake(): void {
    for (const wake of [...this.wakers]) wake()
  }

  private onMessage(message: MediaServerMessage): void {
    if (message.type === 'candidate' && message.target === 'subscribe') {
      if (!this.lossy) {
        this.subscribeConnection?.addRemoteCandidate(message.candidate, message.mid)
        return
      }
      const parts = message.candidate.split(' ')
      void LossyRelay.start(parts[4] as string, Number(parts[5])).then((relay) => {
        this.relay = relay
        parts[4] = '127.0.0.1'
        parts[5] = String(relay.port)
        this.subscribeConnection?.addRemoteCandidate(parts.join(' '), message.mid)
      })
      return
    }
    if (message.type !== 'offer') return
    this.subscribed = message.tracks
    if (this.answerOffers) this.acceptOffer(message.sdp)
    else this.pendingOffer = message.sdp
  }

  private acceptOffer(sdp: string): void {
    if (!this.subscribeConnection) {
      const connection = new PeerConnection('test-subscribe', connectionConfig)
      this.subscribeConnection = connection
      connection.onLocalDescription((answer, type) => {
        if (type === 'answer') this.send({ type: 'answer', sdp: answer })
      })
      connection.onLocalCandidate((candidate, mid) => {
        if (!this.lossy) this.send({ type: 'candidate', target: 'subscribe', candidate, mid })
      })
      connection.onTrack((track) => {
        const mid = track.mid()
        this.subscribeTracks.set(mid, track)
        if (!this.receive) return
        track.onMessage((message) => {
          if (isRtcp(message)) {
            this.subscriberRtcp.push(...parseRtcp(message))
            this.wake()
            return
          }
          const info = parseRtp(message)
          const subscription = this.subscribed.find((each) => each.mid === mid)
          if (!info || !subscription) return
          const key = `${subscription.peerId}:${subscription.kind}`
          const list = this.received.get(key) ?? []
          list.push({
            sequenceNumber: info.sequenceNumber,
            timestamp: info.timestamp,
            ssrc: info.ssrc,
            payloadType: info.payloadType,
            payload: message.subarray(info.payloadOffset, info.payloadOffset + info.payloadLength),
            body: message.subarray(info.payloadOffset + (subscription.kind === 'video' ? 5 : 0), info.payloadOffset + info.payloadLength),
            raw: message,
          })
          this.received.set(key, list)
          this.wake()
        })
      })
    }
    this.subscribeConnection.setRemoteDescription(sdp, 'offer')
  }
}

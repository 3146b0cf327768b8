import { availableParallelism } from 'node:os'
import Fastify from 'fastify'
import { createLogger } from '../../server/lib/logger'
import { createMediaServer } from '../../server/media'
import { MediaTestClient, opusPacket } from '../helpers/media-client'
import { threadCpu, threadCpuBetween } from './thread-cpu'

// `npm run bench:media`: whole tables of synthetic peers (node-datachannel, loopback, in this process)
// against one media server. Two phases over the same publisher traffic:
//   1. receive only: every seat publishes, nobody has accepted its subscriptions yet;
//   2. receive + forward: every seat also receives everyone else (the speaker in high, others in low).
// CPU is read per thread from /proc: the server's share is its JavaScript thread (minus the time the
// synthetic publishers spend sending, measured around their sends) plus the UDP mux thread that
// receives and decrypts for every server connection. The subscribers' receiving runs on other threads.
const tables = Number(process.env.BENCH_TABLES ?? 2)
const seats = Number(process.env.BENCH_SEATS ?? 12)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const warmupSeconds = 2
// A seat: 720p-ish high encoding (30 fps, 3 packets a frame), a small low encoding, Opus every 20 ms.
const high = { fps: 30, packetsPerFrame: 3, bytes: 1100 }
const low = { fps: 30, packetsPerFrame: 1, bytes: 500 }
const audio = { packetsPerSecond: 50, bytes: 100 }

const startedAt = performance.now()
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const logger = createLogger({ name: 'bench', level: 'silent', file: false })
const app = Fastify()
const media = createMediaServer({ config: { mediaUdpPort: 0, mediaPublicIp: '127.0.0.1', mediaTokenSecret: undefined }, logger })
await media.registerRoutes(app)
await app.listen({ port: 0, host: '127.0.0.1' })
const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

/** One seat's synthetic encoder: hand-built packets reused in place, keyframes when asked. */
class SyntheticSeat {
  private readonly started = performance.now()
  private sent = { high: 0, low: 0, audio: 0 }
  private handledRequests = { high: 0, low: 0 }
  private readonly packets: { high: Buffer; low: Buffer; audio: Buffer }
  private readonly sequence = { high: 0, low: 0, audio: 0 }

  constructor(readonly client: MediaTestClient) {
    const video = (bytes: number, ssrc: number) => {
      const packet = Buffer.alloc(12 + 5 + bytes)
      packet[0] = 0x80
      packet[1] = 96
      packet.writeUInt32BE(ssrc, 8)
      packet[12] = 0x80 // X=1; S and PID set per packet
      packet[13] = 0x80 // I=1
      packet[14] = 0x80 // M=1, picture ID set per frame
      return packet
    }
    this.packets = {
      high: video(high.bytes, client.publishSsrc('video', 'high')),
      low: video(low.bytes, client.publishSsrc('video', 'low')),
      audio: opusPacket({ ssrc: client.publishSsrc('audio'), sequenceNumber: 0, timestamp: 0, body: Buffer.alloc(audio.bytes, 7), level: 30 }),
    }
  }

  /** Sends whatever is due by now. */
  tick(now: number): void {
    const elapsed = (now - this.started) / 1000
    for (const quality of ['high', 'low'] as const) {
      const profile = quality === 'high' ? high : low
      const due = Math.floor(elapsed * profile.fps * profile.packetsPerFrame)
      while (this.sent[quality] < due) {
        const index = this.sent[quality]
        const frame = Math.floor(index / profile.packetsPerFrame)
        const first = index % profile.packetsPerFrame === 0
        const last = index % profile.packetsPerFrame === profile.packetsPerFrame - 1
        const requests = this.client.rtcpFor('video', quality).filter((item) => item.type === 'pli').length
        const keyframe = first && (frame % 300 === 0 || requests > this.handledRequests[quality])
        if (keyframe) this.handledRequests[quality] = requests
        const packet = this.packets[quality]
        packet[1] = (last ? 0x80 : 0) | 96
        packet.writeUInt16BE(this.sequence[quality]++ & 0xffff, 2)
        packet.writeUInt32BE((frame * 3000) >>> 0, 4)
        packet[12] = first ? 0x90 : 0x80
        packet.writeUInt16BE(0x8000 | (frame & 0x7fff), 14)
        packet[17] = keyframe ? 0x10 : 0x11
        this.client.sendPublished('video', packet, quality)
        this.sent[quality] += 1
      }
    }
    const dueAudio = Math.floor(elapsed * audio.packetsPerSecond)
    while (this.sent.audio < dueAudio) {
      const packet = this.packets.audio
      packet.writeUInt16BE(this.sequence.audio++ & 0xffff, 2)
      packet.writeUInt32BE((this.sent.audio * 960) >>> 0, 4)
      this.client.sendPublished('audio', packet)
      this.sent.audio += 1
    }
  }
}

// Seat everyone: join, publish both encodings and the microphone; subscriptions wait (phase 1).
const seatsAll: SyntheticSeat[] = []
for (let table = 0; table < tables; table += 1) {
  const roomId = `bench-table-${table}`
  const clients = await Promise.all(
    Array.from({ length: seats }, async (_, seat) => {
      const client = await MediaTestClient.join(url, media.issueToken({ roomId, peerId: `seat-${seat + 1}`, role: 'publisher' }), { receive: false, answerOffers: false })
      await client.publish({ audio: true, video: ['high', 'low'], audioLevel: true })
      return client
    }),
  )
  media.rooms.get(roomId)?.setSpeaker('seat-1')
  seatsAll.push(...clients.map((client) => new SyntheticSeat(client)))
}

let publisherSendSeconds = 0
const sender = setInterval(() => {
  const begin = performance.now()
  for (const seat of seatsAll) seat.tick(begin)
  publisherSendSeconds += (performance.now() - begin) / 1000
}, 10)

function serverCounters() {
  let received = 0
  let forwarded = 0
  let forwardedBytes = 0
  let openStreams = 0
  for (const room of media.rooms.values()) {
    for (const peerId of room.peerIds) {
      const peer = room.peer(peerId)
      if (!peer) continue
      for (const track of peer.inbound.values()) received += track.packetsReceived
      for (const stream of peer.outbound.values()) {
        forwarded += stream.packetsSent
        forwardedBytes += stream.bytesSent
        if (stream.isOpen) openStreams += 1
      }
    }
  }
  return { received, forwarded, forwardedBytes, openStreams }
}

interface PhaseResult {
  name: string
  received: number
  forwarded: number
  forwardedMbit: number
  process: number
  main: number
  mux: number
  workers: number
  clients: number
  publishers: number
  server: number
}

async function measure(name: string): Promise<PhaseResult> {
  await sleep(warmupSeconds * 1000)
  const before = { counters: serverCounters(), threads: threadCpu(), usage: process.cpuUsage(), send: publisherSendSeconds, at: performance.now() }
  await sleep(seconds * 1000)
  const after = { counters: serverCounters(), threads: threadCpu(), usage: process.cpuUsage(), send: publisherSendSeconds, at: performance.now() }
  const wall = (after.at - before.at) / 1000
  const thread = (match: (name: string) => boolean) => (threadCpuBetween(before.threads, after.threads, match) ?? 0) / 1000 / wall
  const main = thread((threadName) => threadName === 'main')
  const mux = thread((threadName) => threadName === 'juice mux')
  const publishers = (after.send - before.send) / wall
  const processCpu = (after.usage.user - before.usage.user + after.usage.system - before.usage.system) / 1e6 / wall
  return {
    name,
    received: (after.counters.received - before.counters.received) / wall,
    forwarded: (after.counters.forwarded - before.counters.forwarded) / wall,
    forwardedMbit: ((after.counters.forwardedBytes - before.counters.forwardedBytes) * 8) / wall / 1e6,
    process: processCpu,
    main,
    mux,
    workers: thread((threadName) => threadName === 'RTC worker'),
    clients: thread((threadName) => threadName === 'juice poll'),
    publishers,
    server: Math.max(0, main - publishers) + mux,
  }
}

/**
 * libdatachannel decrypts incoming SRTP on its worker pool, shared by the server and the synthetic
 * clients. In phase 1 only the server receives media, so the pool's load there is the server's; its
 * receiving is the same in phase 2, so the same share is counted for the server in both phases.
 */
function withServerWorkers(row: PhaseResult, serverWorkers: number): PhaseResult {
  return { ...row, server: row.server + serverWorkers }
}

const receiveOnlyRaw = await measure('receive only')
const serverWorkers = receiveOnlyRaw.workers
const receiveOnly = withServerWorkers(receiveOnlyRaw, serverWorkers)

// Phase 2: everyone accepts its subscriptions; wait until every outgoing stream is open.
for (const seat of seatsAll) seat.client.answerPendingOffer()
const expectedStreams = tables * seats * (seats - 1) * 2
const deadline = performance.now() + 30_000
while (serverCounters().openStreams < expectedStreams && performance.now() < deadline) await sleep(200)
const opened = serverCounters().openStreams
const forwarding = withServerWorkers(await measure('receive + forward'), serverWorkers)

// Delivery check, after the measurement (counting costs JavaScript time): what the subscribers get.
// Attaching the counters first flushes what the library queued meanwhile, and the publishers catch
// up on what they could not send during the flush; count once the forwarding rate is back to normal.
const counters = seatsAll.map((seat) => seat.client.countReceived())
const receivedSoFar = () => counters.reduce((sum, counter) => sum + counter.packets, 0)
for (let attempt = 0; attempt < 8; attempt += 1) {
  const before = serverCounters().forwarded
  await sleep(1000)
  const rate = serverCounters().forwarded - before
  if (rate > forwarding.forwarded * 0.8 && rate < forwarding.forwarded * 1.2) break
}
const deliveryStart = { forwarded: serverCounters().forwarded, received: receivedSoFar(), at: performance.now() }
await sleep(2000)
const delivered = receivedSoFar() - deliveryStart.received
const deliveryForwarded = serverCounters().forwarded - deliveryStart.forwarded
const deliveryWall = (performance.now() - deliveryStart.at) / 1000

clearInterval(sender)
const percent = (value: number, digits = 1) => `${(value * 100).toFixed(digits)} %`
console.log(`\nMedia server benchmark: ${tables} table(s) x ${seats} seats (speaker high, others low), ${seconds} s per phase, ${opened}/${expectedStreams} outgoing streams open, Node ${process.version}, ${availableParallelism()} CPUs`)
console.log(`seat: high ${high.fps * high.packetsPerFrame} pkt/s x ${high.bytes} B, low ${low.fps * low.packetsPerFrame} pkt/s x ${low.bytes} B, audio ${audio.packetsPerSecond} pkt/s x ${audio.bytes} B`)
console.log('| phase | received pkt/s | forwarded pkt/s | forwarded Mbit/s | process CPU | JS thread | UDP mux thread | RTC workers | client receive threads | synthetic publishers | server CPU |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const row of [receiveOnly, forwarding]) {
  console.log(
    `| ${row.name} | ${row.received.toFixed(0)} | ${row.forwarded.toFixed(0)} | ${row.forwardedMbit.toFixed(1)} | ${percent(row.process)} | ${percent(row.main)} | ${percent(row.mux)} | ${percent(row.workers)} | ${percent(row.clients)} | ${percent(row.publishers)} | ${percent(row.server)} |`,
  )
}
const forwardingCost = forwarding.server - receiveOnly.server
const perPacketMicroseconds = forwarding.forwarded > 0 ? (forwardingCost / forwarding.forwarded) * 1e6 : Number.NaN
const perStream = (packetsPerSecond: number) => percent((perPacketMicroseconds * packetsPerSecond) / 1e6, 3)
const streamsPerTable = seats * (seats - 1) * 2
console.log(`receiving alone: ${((receiveOnly.server / Math.max(receiveOnly.received, 1)) * 1e6).toFixed(1)} us of server CPU per received packet`)
console.log(`forwarding: ${perPacketMicroseconds.toFixed(1)} us of server CPU per forwarded packet (phase 2 minus phase 1)`)
console.log(`CPU per forwarded stream: video high ${perStream(high.fps * high.packetsPerFrame)}, video low ${perStream(low.fps * low.packetsPerFrame)}, audio ${perStream(audio.packetsPerSecond)} of a core; whole process with the synthetic clients (process.cpuUsage): ${percent(forwarding.process / (streamsPerTable * tables), 3)} per stream`)
const serverPerTable = forwarding.server / tables
console.log(`one core carries ${(1 / serverPerTable).toFixed(1)} full ${seats}-seat tables (${percent(serverPerTable)} of a core each), that is ${(forwarding.forwarded / forwarding.server).toFixed(0)} forwarded packets/s per core`)
console.log(`server CPU = JS thread - synthetic publishers + UDP mux thread + the server's share of the RTC workers (${percent(serverWorkers)}, see phase 1)`)
console.log(`delivered to subscribers: ${(delivered / deliveryWall).toFixed(0)} pkt/s, ${((delivered / Math.max(deliveryForwarded, 1)) * 100).toFixed(1)} % of the ${(deliveryForwarded / deliveryWall).toFixed(0)} pkt/s forwarded meanwhile`)
console.log(`run time ${((performance.now() - startedAt) / 1000).toFixed(1)} s`)

await Promise.all(seatsAll.map((seat) => seat.client.close()))
await media.close()
await app.close()
process.exit(0)

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MediaRole, VideoQuality } from '../../server/contract/rtc'
import { buildNack, buildPli, buildSenderReport } from '../../server/media/rtcp'
import { MediaTestClient, type ReceivedPacket } from '../helpers/media-client'
import { startTestApp, type TestApp } from '../helpers/test-app'

// Real app server, real node-datachannel peers over loopback, hand-built RTP.

let testApp: TestApp
const cleanups: Array<() => unknown> = []

beforeAll(async () => {
  testApp = await startTestApp()
})

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

afterAll(async () => {
  await testApp?.close()
})

let roomCounter = 0
function newRoom(): string {
  roomCounter += 1
  return `forwarding-${roomCounter}`
}

async function join(roomId: string, peerId: string, role: MediaRole = 'publisher', options: { lossy?: boolean } = {}): Promise<MediaTestClient> {
  const client = await MediaTestClient.join(testApp.url, testApp.app.media.issueToken({ roomId, peerId, role }), options)
  cleanups.push(() => client.close())
  return client
}

/**
 * A publisher's encoder: every 20 ms one video frame per quality and one audio packet. Like a real
 * encoder it sends a keyframe only when asked (a PLI since the last one), or at the very start if told.
 */
function stream(client: MediaTestClient, options: { video?: VideoQuality[]; audio?: boolean; level?: number; firstKeyframe?: boolean; label?: string } = {}): () => void {
  const qualities = options.video ?? ['high']
  const handled = new Map<VideoQuality, number>()
  let first = options.firstKeyframe ?? false
  const tick = () => {
    for (const quality of qualities) {
      const requests = client.rtcpFor('video', quality).filter((item) => item.type === 'pli' || item.type === 'fir').length
      const keyframe = first || requests > (handled.get(quality) ?? 0)
      handled.set(quality, requests)
      client.sendVideo(options.label === undefined ? { quality, keyframe } : { quality, keyframe, body: Buffer.from(`${options.label} ${quality} ${Date.now()}`) })
    }
    first = false
    if (options.audio !== false) client.sendAudio(options.level === undefined ? {} : { level: options.level })
  }
  const timer = setInterval(tick, 20)
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    clearInterval(timer)
  }
  cleanups.push(stop)
  return stop
}

const isKeyframe = (packet: ReceivedPacket) => ((packet.payload[4] as number) & 0x01) === 0
const pictureId = (packet: ReceivedPacket) => (((packet.payload[2] as number) & 0x7f) << 8) | (packet.payload[3] as number)

function expectContinuous(packets: ReceivedPacket[]): void {
  for (let index = 1; index < packets.length; index += 1) {
    expect((packets[index]!.sequenceNumber - packets[index - 1]!.sequenceNumber) & 0xffff, `packet ${index}`).toBe(1)
  }
}

describe('media forwarding', () => {
  it('forwards a publisher camera and microphone to two subscribers, over the one UDP port', async () => {
    const roomId = newRoom()
    const alice = await join(roomId, 'alice')
    const answerFrom = alice.messages.length
    await alice.publish({ audio: true, video: ['high'] })
    const answer = alice.messages.slice(answerFrom).find((message) => message.type === 'answer')
    const udpPort = testApp.app.media.udpPort
    expect(udpPort).toBeGreaterThan(0)
    expect(answer?.type === 'answer' && answer.sdp).toContain(`127.0.0.1 ${udpPort} typ host`)

    const bob = await join(roomId, 'bob', 'subscriber')
    const carol = await join(roomId, 'carol', 'subscriber')
    expect(carol.messages[0]).toEqual({
      type: 'joined',
      you: { peerId: 'carol', role: 'subscriber', roomId },
      peers: [
        { peerId: 'alice', role: 'publisher', microphoneAllowed: true },
        { peerId: 'bob', role: 'subscriber', microphoneAllowed: true },
      ],
    })
    const stop = stream(alice, { video: ['high'], label: 'v' })

    // A padding-only packet in the middle (bandwidth probing) must not leave a hole in the numbering.
    await bob.until(() => bob.packets('alice', 'video').length >= 3 && carol.packets('alice', 'video').length >= 3, 'the first frames')
    alice.sendVideoPadding()
    for (const subscriber of [bob, carol]) {
      await subscriber.until(() => subscriber.packets('alice', 'video').length >= 10 && subscriber.packets('alice', 'audio').length >= 10, 'media at a subscriber')
      const offer = subscriber.messages.find((message) => message.type === 'offer')
      expect(offer?.type === 'offer' && offer.tracks.map((track) => `${track.peerId}:${track.kind}`).sort()).toEqual(['alice:audio', 'alice:video'])
      // The offer has no candidate: the server's one candidate follows once the answer is applied.
      expect(offer?.type === 'offer' && offer.sdp).not.toContain('a=candidate')
      const candidate = subscriber.messages.find((message) => message.type === 'candidate')
      expect(candidate).toMatchObject({ type: 'candidate', target: 'subscribe', candidate: `candidate:1 1 udp 2130706431 127.0.0.1 ${udpPort} typ host` })
      expect(subscriber.messages.indexOf(candidate!)).toBeGreaterThan(subscriber.messages.indexOf(offer!))
    }
    stop()

    for (const subscriber of [bob, carol]) {
      const video = subscriber.packets('alice', 'video')
      const audio = subscriber.packets('alice', 'audio')
      // Nothing decodable comes before a keyframe, and the stream has no holes from there on.
      expect(isKeyframe(video[0]!)).toBe(true)
      expectContinuous(video)
      expectContinuous(audio)
      expect(new Set(video.map((packet) => packet.ssrc)).size).toBe(1)
      expect(video.every((packet) => packet.payloadType === 96)).toBe(true)
      expect(audio.every((packet) => packet.payloadType === 111)).toBe(true)
      expect(video.filter((packet) => packet.payload.length === 0)).toHaveLength(1)
      expect(video.filter((packet) => packet.payload.length > 0).every((packet) => packet.body.toString().startsWith('v high '))).toBe(true)
      // The audio payloads are exactly what the publisher sent, in its order.
      const first = Number(audio[0]!.body.toString().split(' ')[1])
      audio.forEach((packet, index) => expect(packet.body.toString()).toBe(`audio ${(first + index) & 0xffff}`))
    }
    // Both subscribers got the very same frames.
    const bobFrames = bob.packets('alice', 'video').map((packet) => packet.body.toString())
    const carolFrames = new Set(carol.packets('alice', 'video').map((packet) => packet.body.toString()))
    expect(bobFrames.filter((frame) => carolFrames.has(frame)).length).toBeGreaterThan(5)
  }, 60_000)

  it('asks the publisher for a keyframe when a subscriber joins, and passes subscribers\' requests on, rate-limited', async () => {
    const roomId = newRoom()
    const alice = await join(roomId, 'alice')
    await alice.publish({ audio: false, video: ['high'] })
    stream(alice, { video: ['high'], audio: false })
    await alice.until(() => alice.rtcpFor('video').some((item) => item.type === 'remb'), 'REMB at the first packet')
    expect(alice.rtcpFor('video').filter((item) => item.type === 'pli')).toHaveLength(0)

    const bob = await join(roomId, 'bob', 'subscriber')
    await alice.until(() => alice.rtcpFor('video').some((item) => item.type === 'pli' && item.mediaSsrc === alice.publishSsrc('video')), 'PLI after a subscriber joined')
    await bob.until(() => bob.packets('alice', 'video').length >= 5, 'video at bob')
    expect(isKeyframe(bob.packets('alice', 'video')[0]!)).toBe(true)

    // Ten requests from the subscriber in a burst reach the publisher as one now and one later.
    const settle = bob.packets('alice', 'video').length
    await bob.until(() => bob.packets('alice', 'video').length >= settle + 30, 'the join request to age past the interval')
    const before = alice.rtcpFor('video').filter((item) => item.type === 'pli').length
    const ssrc = bob.ssrcOf('alice', 'video')!
    for (let request = 0; request < 10; request += 1) bob.sendRtcpOn('alice', 'video', buildPli(1, ssrc))
    await alice.until(() => alice.rtcpFor('video').filter((item) => item.type === 'pli').length >= before + 2, 'two PLIs (immediate and trailing)')
    const marker = bob.packets('alice', 'video').length
    await bob.until(() => bob.packets('alice', 'video').length >= marker + 40, '800 ms more video')
    const forwarded = alice.rtcpFor('video').filter((item) => item.type === 'pli').length - before
    expect(forwarded).toBeGreaterThanOrEqual(2)
    expect(forwarded).toBeLessThanOrEqual(4)
  }, 60_000)

  it('stops forwarding a closed microphone to everyone and resumes without a hole', async () => {
    const roomId = newRoom()
    const room = testApp.app.media.rooms.open(roomId)
    const alice = await join(roomId, 'alice')
    await alice.publish({ audio: true, video: ['high'] })
    const bob = await join(roomId, 'bob')
    const carol = await join(roomId, 'carol', 'subscriber')
    stream(alice, { video: ['high'], firstKeyframe: true })
    for (const subscriber of [bob, carol]) await subscriber.until(() => subscriber.packets('alice', 'audio').length >= 5, 'audio')

    const sentBeforeMute = Number(alice.sendAudio().subarray(12).toString().split(' ')[1])
    room.setMicrophoneAllowed('alice', false)
    for (const subscriber of [bob, carol]) {
      await subscriber.waitForMessage((message) => message.type === 'track-muted' && message.peerId === 'alice' && message.kind === 'audio', 'track-muted')
      const videoMark = subscriber.packets('alice', 'video').length
      await subscriber.until(() => subscriber.packets('alice', 'video').length >= videoMark + 25, 'video goes on while muted')
    }
    expect(room.isMicrophoneAllowed('alice')).toBe(false)
    const heardWhileMuted = (subscriber: MediaTestClient) => subscriber.packets('alice', 'audio').filter((packet) => Number(packet.body.toString().split(' ')[1]) > sentBeforeMute)
    expect(heardWhileMuted(bob)).toEqual([])
    expect(heardWhileMuted(carol)).toEqual([])

    const lastBeforeMute = bob.packets('alice', 'audio').at(-1)!
    const countBeforeUnmute = bob.packets('alice', 'audio').length
    room.setMicrophoneAllowed('alice', true)
    await bob.waitForMessage((message) => message.type === 'track-unmuted' && message.peerId === 'alice', 'track-unmuted')
    await bob.until(() => bob.packets('alice', 'audio').length >= countBeforeUnmute + 5, 'audio again')
    // The receiver's numbering continues where it stopped: no hole the size of the pause.
    expect(bob.packets('alice', 'audio')[countBeforeUnmute]!.sequenceNumber).toBe((lastBeforeMute.sequenceNumber + 1) & 0xffff)
  }, 60_000)

  it('answers a subscriber NACK for a lost packet with the original packet, and NACKs what the publisher lost', async () => {
    const roomId = newRoom()
    const alice = await join(roomId, 'alice')
    await alice.publish({ audio: false, video: ['high'] })
    // Bob's media passes a relay that loses what the test tells it to.
    const bob = await join(roomId, 'bob', 'subscriber', { lossy: true })
    const stop = stream(alice, { video: ['high'], audio: false })
    await bob.until(() => bob.packets('alice', 'video').length >= 10, 'video at bob')

    bob.relay!.loseVideo(1)
    const lost = await bob.until(() => bob.relay!.dropped[0], 'a lost packet')
    const received = () => bob.packets('alice', 'video').map((packet) => packet.sequenceNumber)
    await bob.until(() => received().includes((lost + 2) & 0xffff), 'packets after the hole')
    expect(received()).not.toContain(lost)
    // Bob's receiver asks for the missing packet; the server resends it from its history.
    bob.sendRtcpOn('alice', 'video', buildNack(1, bob.ssrcOf('alice', 'video')!, [lost]))
    const resent = await bob.until(() => bob.packets('alice', 'video').find((packet) => packet.sequenceNumber === lost), 'the retransmission')
    const before = bob.packets('alice', 'video').find((packet) => packet.sequenceNumber === ((lost - 1) & 0xffff))!
    const frameNumber = (packet: ReceivedPacket) => Number(packet.body.toString().split(' ')[1])
    expect(frameNumber(resent)).toBe((frameNumber(before) + 1) & 0xffff)
    expect(resent.timestamp).toBe((before.timestamp + 3000) >>> 0)
    expect(testApp.app.media.rooms.get(roomId)?.peer('bob')?.outboundFor('alice', 'video')?.retransmitted).toBe(1)

    // A hole in what the publisher sends: the server asks for the missing packet.
    stop()
    const last = alice.sendVideo({ keyframe: false })
    const missing = (last.readUInt16BE(2) + 1) & 0xffff
    alice.sendVideo({ keyframe: false, skip: 1 })
    stream(alice, { video: ['high'], audio: false })
    const nack = await alice.until(() => alice.rtcpFor('video').find((item) => item.type === 'nack' && item.sequenceNumbers.includes(missing)), 'NACK to the publisher')
    expect(nack).toMatchObject({ type: 'nack', mediaSsrc: alice.publishSsrc('video') })
  }, 60_000)

  it('answers sender reports with receiver reports and REMB, and passes them on to subscribers', async () => {
    const roomId = newRoom()
    const alice = await join(roomId, 'alice')
    await alice.publish({ audio: false, video: ['high'] })
    const bob = await join(roomId, 'bob', 'subscriber')
    stream(alice, { video: ['high'], audio: false })
    await bob.until(() => bob.packets('alice', 'video').length >= 3, 'video at bob')

    const ssrc = alice.publishSsrc('video')
    const lastTimestamp = bob.packets('alice', 'video').at(-1)!.timestamp
    // The publisher's clock mapping: this RTP timestamp was "now" at that NTP time.
    const report = buildSenderReport(ssrc, 3_950_000_000, 0x40000000, lastTimestamp, 100, 10_000)
    alice.sendPublished('video', report)
    await alice.until(() => alice.rtcpFor('video').some((item) => item.type === 'rr'), 'receiver report')
    const remb = alice.rtcpFor('video').filter((item) => item.type === 'remb').at(-1)
    expect(remb).toMatchObject({ type: 'remb', ssrcs: [ssrc] })
    expect(remb?.type === 'remb' && remb.bitrate).toBeGreaterThan(1_900_000)

    const forwarded = await bob.until(() => bob.subscriberRtcp.find((item) => item.type === 'sr'), 'sender report at bob')
    // No switch happened, so the receiver's timestamps equal the publisher's.
    expect(forwarded).toMatchObject({ type: 'sr', ssrc: bob.ssrcOf('alice', 'video'), ntpSeconds: 3_950_000_000, ntpFraction: 0x40000000, rtpTimestamp: lastTimestamp })
  }, 60_000)

  it('tells everyone who is speaking from the audio level extension', async () => {
    const roomId = newRoom()
    const alice = await join(roomId, 'alice')
    await alice.publish({ audio: true, video: [], audioLevel: true })
    const bob = await join(roomId, 'bob', 'subscriber')
    stream(alice, { video: [], audio: true, level: 10 })
    const speaking = await bob.waitForMessage<{ type: 'speaking'; peerId: string; level: number }>((message) => message.type === 'speaking' && message.peerId === 'alice', 'speaking')
    expect(speaking.level).toBeGreaterThan(0.8)
  }, 60_000)

  it('sends the speaker in high quality and everyone else in low, switching at a keyframe without a break', async () => {
    const roomId = newRoom()
    const room = testApp.app.media.rooms.open(roomId)
    const alice = await join(roomId, 'alice')
    await alice.publish({ audio: false, video: ['high', 'low'] })
    const bob = await join(roomId, 'bob', 'subscriber')
    const carol = await join(roomId, 'carol', 'subscriber')
    carol.send({ type: 'setQuality', quality: 'low' })
    stream(alice, { video: ['high', 'low'], audio: false, label: 'v' })
    for (const subscriber of [bob, carol]) await subscriber.until(() => subscriber.packets('alice', 'video').length >= 10, 'low video')
    const label = (packet: ReceivedPacket) => packet.body.toString().split(' ')[1]
    expect(bob.packets('alice', 'video').every((packet) => label(packet) === 'low')).toBe(true)

    room.setSpeaker('alice')
    await bob.until(() => bob.packets('alice', 'video').find((packet) => label(packet) === 'high'), 'high video at bob')
    await bob.until(() => bob.packets('alice', 'video').filter((packet) => label(packet) === 'high').length >= 10, 'more high video')
    const video = bob.packets('alice', 'video')
    const switchIndex = video.findIndex((packet) => label(packet) === 'high')
    const [last, first] = [video[switchIndex - 1]!, video[switchIndex]!]
    // One stream for the decoder: same SSRC, the next sequence number and picture ID, time moving on, a keyframe.
    expect(first.ssrc).toBe(last.ssrc)
    expect(isKeyframe(first)).toBe(true)
    expect(pictureId(first)).toBe((pictureId(last) + 1) & 0x7fff)
    expect(((first.timestamp - last.timestamp) >>> 0) > 0 && ((first.timestamp - last.timestamp) >>> 0) < 90_000).toBe(true)
    expectContinuous(video)
    expect(video.slice(switchIndex).every((packet) => label(packet) === 'high')).toBe(true)

    // Carol asked for low: she stays on low while bob watches high.
    const mark = carol.packets('alice', 'video').length
    await carol.until(() => carol.packets('alice', 'video').length >= mark + 20, 'more video at carol')
    expect(carol.packets('alice', 'video').every((packet) => label(packet) === 'low')).toBe(true)
    expectContinuous(carol.packets('alice', 'video'))
  }, 60_000)

  it('cleans up a publisher that vanished without disturbing the others', async () => {
    const roomId = newRoom()
    const room = testApp.app.media.rooms.open(roomId)
    const alice = await join(roomId, 'alice')
    await alice.publish({ audio: true, video: ['high'] })
    const dave = await join(roomId, 'dave')
    await dave.publish({ audio: true, video: ['high'] })
    const bob = await join(roomId, 'bob', 'subscriber')
    const stopAlice = stream(alice, { label: 'alice' })
    stream(dave, { label: 'dave' })
    await bob.until(() => bob.packets('alice', 'video').length >= 5 && bob.packets('dave', 'video').length >= 5, 'both publishers at bob')

    stopAlice()
    alice.vanish()
    for (const other of [bob, dave]) await other.waitForMessage((message) => message.type === 'peer-left' && message.peerId === 'alice', 'peer-left')
    expect(room.peer('alice')).toBeUndefined()
    expect(room.peerIds.sort()).toEqual(['bob', 'dave'])

    const daveMark = bob.packets('dave', 'video').length
    const aliceMark = bob.packets('alice', 'video').length
    await bob.until(() => bob.packets('dave', 'video').length >= daveMark + 25 && bob.packets('dave', 'audio').length >= 25, 'dave goes on')
    expect(bob.packets('alice', 'video').length).toBe(aliceMark)
    expectContinuous(bob.packets('dave', 'video'))
  }, 60_000)
})

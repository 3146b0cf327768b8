import { describe, expect, it } from 'vitest'
import { isBlack, SocketTable, type Member } from '../helpers/game-table'
import { buildSenderReport } from '../../server/media/rtcp'
import type { MediaTestClient } from '../helpers/media-client'
import { mediaTableSuite } from '../helpers/media-table'

// Night at the table, sealed on the media server: a judged table of ten over real sockets, the
// judge, two black seats, one red seat and a spectator in the table's media room (node-datachannel
// peers on loopback publishing synthetic RTP). What a peer is not allowed to see never reaches it.

const suite = mediaTableSuite()
const { member, ticket, joinMedia } = suite

/**
 * A publisher's encoder: every 20 ms an audio packet and a video frame (a keyframe when asked for);
 * a seat's camera also sends a sender report every 100 ms (the judge's sends none, so any report a
 * viewer receives comes from a seat's camera).
 */
function stream(client: MediaTestClient, options: { senderReports: boolean }): void {
  let handled = 0
  let first = true
  let ticks = 0
  const timer = setInterval(() => {
    const requests = client.rtcpFor('video').filter((item) => item.type === 'pli' || item.type === 'fir').length
    const frame = client.sendVideo({ keyframe: first || requests > handled })
    handled = requests
    first = false
    client.sendAudio()
    if (options.senderReports && ++ticks % 5 === 0) client.sendPublished('video', buildSenderReport(client.publishSsrc('video'), Math.floor(Date.now() / 1000), 0, frame.readUInt32BE(4), ticks, ticks * 100))
  }, 20)
  suite.afterTest(() => clearInterval(timer))
}

/** Sender reports a subscriber received (the server passes a publisher's on only to streams it feeds). */
const senderReports = (client: MediaTestClient) => client.subscriberRtcp.filter((item) => item.type === 'sr').length

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Whether a received VP8 packet starts a keyframe (the P bit of the payload header after the 4-byte descriptor). */
const isKeyframe = (payload: Buffer) => ((payload[4] ?? 1) & 0x01) === 0

describe('night at the table, on the media server', () => {
  it('at the zero night black sees black, red and the spectator see no seat, the judge sees all; at dawn video resumes with a keyframe within 2 s', { timeout: 90_000 }, async () => {
    const table = new SocketTable({ newMember: member })
    await table.seat()
    const spectator = await member()
    await table.watch(spectator)
    await table.judgeCommand({ type: 'start' })
    const view = await table.view()
    expect(view.phase).toBe('zero_night')
    const blackSeats = view.seats.filter((seat) => isBlack(seat.role)).map((seat) => seat.seat)
    const redSeat = view.seats.find((seat) => !isBlack(seat.role))?.seat as number
    const [firstBlack, secondBlack] = blackSeats as [number, number]
    const playerAt = (seat: number) => table.players[seat - 1] as Member
    const peer = (who: Member) => String(who.id)
    const [judge, black1, black2, red] = [table.judge, playerAt(firstBlack), playerAt(secondBlack), playerAt(redSeat)]

    const media = new Map<Member, MediaTestClient>()
    for (const who of [judge, black1, black2, red]) {
      const client = await joinMedia(await ticket(who, table.lobbyId))
      await client.publish({ audio: true, video: ['high'] })
      stream(client, { senderReports: who !== judge })
      media.set(who, client)
    }
    const at = (who: Member) => media.get(who) as MediaTestClient
    const watcher = await joinMedia(await ticket(spectator, table.lobbyId))
    const video = (client: MediaTestClient, from: Member) => client.packets(peer(from), 'video').length
    const sees = (client: MediaTestClient, from: Member, what: string) => {
      const before = video(client, from)
      return client.until(() => video(client, from) >= before + 10, what)
    }

    // The black seats see each other, and the judge; the judge sees every seat.
    await sees(at(black1), black2, 'black 2 at black 1')
    await sees(at(black2), black1, 'black 1 at black 2')
    await sees(at(black1), judge, 'the judge at black 1')
    for (const seat of [black1, black2, red]) await sees(at(judge), seat, 'a seat at the judge')
    await sees(at(red), judge, 'the judge at the red seat')
    await sees(watcher, judge, 'the judge at the spectator')
    // Nothing of a seat's camera ever reached the red seat or the spectator, nor the red camera a black seat: not a packet, over a second.
    await sleep(1000)
    for (const [client, from] of [
      [at(red), black1],
      [at(red), black2],
      [watcher, black1],
      [watcher, black2],
      [watcher, red],
      [at(black1), red],
      [at(black2), red],
    ] as const) {
      expect(video(client, from), `${peer(from)}'s video at a peer that may not see it`).toBe(0)
    }
    // Not even a sender report of a stopped camera: the red seat and the spectator got none at all, the black seats their partner's.
    expect(senderReports(at(red))).toBe(0)
    expect(senderReports(watcher)).toBe(0)
    expect(senderReports(at(black1))).toBeGreaterThan(0)
    // The stopped cameras are announced, so the table draws the seat's avatar instead.
    expect(at(red).messages).toContainEqual({ type: 'track-muted', peerId: peer(black1), kind: 'video' })
    expect(watcher.messages).toContainEqual({ type: 'track-muted', peerId: peer(red), kind: 'video' })
    expect(at(black1).messages).not.toContainEqual({ type: 'track-muted', peerId: peer(black2), kind: 'video' })

    // Dawn: every camera reaches everyone again, starting with a keyframe, within 2 s.
    const marks = new Map([at(red), watcher, at(black1)].map((client) => [client, client.messages.length]))
    await table.judgeCommand({ type: 'next' })
    expect((await table.view()).phase).toBe('day_speech')
    for (const [client, from] of [
      [at(red), black1],
      [watcher, black2],
      [watcher, red],
      [at(black1), red],
    ] as const) {
      const first = await client.until(() => client.packets(peer(from), 'video')[0], `${peer(from)}'s video resumes`, 2000)
      expect(isKeyframe(first.payload), 'the first packet after dawn starts a keyframe').toBe(true)
      expect(client.messages.slice(marks.get(client))).toContainEqual({ type: 'track-unmuted', peerId: peer(from), kind: 'video' })
    }
    await at(red).until(() => senderReports(at(red)) > 0, 'sender reports at the red seat by day')
    // A stream that paused at night carries on with continuous numbering.
    const before = video(at(black1), black2)
    await sees(at(black1), black2, 'black 2 at black 1 by day')
    const packets = at(black1).packets(peer(black2), 'video').slice(before - 1)
    for (let index = 1; index < packets.length; index++) expect(((packets[index] as { sequenceNumber: number }).sequenceNumber - (packets[index - 1] as { sequenceNumber: number }).sequenceNumber) & 0xffff).toBe(1)
  })
})

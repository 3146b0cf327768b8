import { describe, expect, it } from 'vitest'
import type { GameCommandRequest } from '../../server/contract/socket/game'
import { MediaTestClient } from '../helpers/media-client'
import type { Member } from '../helpers/game-table'
import { mediaTableSuite } from '../helpers/media-table'
import { rawRequest, request, requestResult } from '../helpers/requests'
import { connectSocket } from '../helpers/sockets'

// The table's media on the app server: tickets for a table's members (real app, real sockets), and
// the game driving the microphones in the media room (node-datachannel peers publishing synthetic RTP).

const suite = mediaTableSuite()
const { member, ticket, joinMedia } = suite

describe('mafia:media:join', () => {
  it('hands seated players publisher tickets, spectators subscriber tickets, and refuses outsiders and closed tables', async () => {
    const creator = await member()
    const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Tickets', language: 'en' })
    const seated = await member()
    expect((await requestResult(seated.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    const spectator = await member()
    expect((await requestResult(spectator.socket, 'mafia:watch:lobby', { id: lobby.id })).as).toBe('spectator')
    const outsider = await member()

    const mine = await ticket(creator, lobby.id)
    expect(mine).toMatchObject({ url: '/media/ws', peerId: String(creator.id), role: 'publisher', roomId: `lobby-${lobby.id}` })
    expect(mine.token).toMatch(/^m1\./)
    expect((await ticket(seated, lobby.id)).role).toBe('publisher')
    expect(await ticket(spectator, lobby.id)).toMatchObject({ role: 'subscriber', peerId: String(spectator.id), roomId: `lobby-${lobby.id}` })

    expect(await request(outsider.socket, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    // A member of one table asking for another.
    expect(await request(seated.socket, 'mafia:media:join', { id: lobby.id + 1000 })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    expect(await rawRequest(outsider.socket, 'mafia:media:join', { id: 'x' })).toMatchObject({ error: expect.any(String) })
    const anonymous = await connectSocket(suite.server.url)
    suite.track(anonymous)
    expect(await request(anonymous, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.unauthorized' })

    // The ticket opens the table's room on the built-in media server.
    const client = await joinMedia(mine)
    const joined = client.messages.find((message) => message.type === 'joined')
    expect(joined).toMatchObject({ you: { peerId: String(creator.id), role: 'publisher', roomId: `lobby-${lobby.id}` } })

    // A finished table still hands out tickets (the post-game talk); a disbanded one does not.
    await suite.server.database.db.updateTable('lobbies').set({ status: 'ended' }).where('id', '=', lobby.id).execute()
    expect((await ticket(seated, lobby.id)).role).toBe('publisher')
    await suite.server.database.db.updateTable('lobbies').set({ status: 'disbanded' }).where('id', '=', lobby.id).execute()
    expect(await request(seated.socket, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.lobby.closed' })
  })

  it('is rate-limited per socket', async () => {
    const creator = await member()
    const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Limits', language: 'en' })
    const answers = await Promise.all(Array.from({ length: 12 }, () => request(creator.socket, 'mafia:media:join', { id: lobby.id })))
    expect(answers.filter((answer) => 'error' in answer && answer.error === 'errors.rate_limited')).toHaveLength(2)
    expect(answers.filter((answer) => 'role' in answer && answer.role === 'publisher')).toHaveLength(10)
  })
})

/** A publisher's encoder: every 20 ms an audio packet and a video frame (a keyframe when asked for). */
function stream(client: MediaTestClient, label: string): void {
  let handled = 0
  let first = true
  const timer = setInterval(() => {
    const requests = client.rtcpFor('video').filter((item) => item.type === 'pli' || item.type === 'fir').length
    client.sendVideo({ keyframe: first || requests > handled, body: Buffer.from(`${label} video ${Date.now()}`) })
    handled = requests
    first = false
    client.sendAudio({ body: Buffer.from(`${label} audio ${Date.now()}`) })
  }, 20)
  suite.afterTest(() => clearInterval(timer))
}

/** Resolves once `client` received `count` more audio packets of `peerId` than it had. */
async function hears(client: MediaTestClient, peerId: string, what: string, count = 10): Promise<void> {
  const from = client.packets(peerId, 'audio').length
  await client.until(() => client.packets(peerId, 'audio').length >= from + count, what)
}

/** Checks that no audio of `peerId` reaches `client` for a while (after letting packets on their way arrive). */
async function silent(client: MediaTestClient, peerId: string, what: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300))
  const before = client.packets(peerId, 'audio').length
  await new Promise((resolve) => setTimeout(resolve, 700))
  expect(client.packets(peerId, 'audio').length, what).toBe(before)
}

describe('the game drives the microphones', () => {
  it('a judged table of ten: closed after the deal, the judge opens seats 1-3 and closes seat 2, on the server', { timeout: 120_000 }, async () => {
    const judge = await member()
    const lobby = await requestResult(judge.socket, 'mafia:create:lobby', { name: 'Voices', language: 'en', as: 'judge' })
    const players: Member[] = []
    for (let seat = 1; seat <= 10; seat++) {
      const player = await member()
      expect((await requestResult(player.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
      players.push(player)
    }
    const seat = (number: number) => players[number - 1] as Member
    const peer = (who: Member) => String(who.id)
    const spectator = await member()
    await requestResult(spectator.socket, 'mafia:watch:lobby', { id: lobby.id })
    const command = (payload: GameCommandRequest['command']) => requestResult(judge.socket, 'mafia:game:command', { id: lobby.id, command: payload })

    // Seats 1-4 and the judge publish (joining side by side); the spectator only receives.
    const media = new Map<Member, MediaTestClient>()
    await Promise.all(
      [judge, seat(1), seat(2), seat(3), seat(4)].map(async (who) => {
        const client = await joinMedia(await ticket(who, lobby.id))
        await client.publish({ audio: true, video: ['high'] })
        stream(client, peer(who))
        media.set(who, client)
      }),
    )
    const at = (who: Member) => media.get(who) as MediaTestClient
    const watching = await ticket(spectator, lobby.id)
    expect(watching.role).toBe('subscriber')
    const watcher = await joinMedia(watching)
    await expect(watcher.publish({ audio: true, video: ['high'] })).rejects.toThrow('errors.media.not_publisher')

    // Before the deal everyone may talk.
    await Promise.all([hears(at(seat(1)), peer(seat(4)), 'seat 4 before the deal'), hears(watcher, peer(seat(2)), 'seat 2 at the spectator before the deal')])

    // The deal: nobody speaks at night; the judge still does.
    await command({ type: 'start' })
    const room = suite.server.app.media.rooms.get(`lobby-${lobby.id}`)
    for (let number = 1; number <= 10; number++) expect(room?.isMicrophoneAllowed(peer(seat(number))), `seat ${number} after the deal`).toBe(false)
    expect(room?.isMicrophoneAllowed(peer(judge))).toBe(true)
    await at(seat(1)).waitForMessage((message) => message.type === 'track-muted' && message.peerId === peer(seat(4)), 'seat 4 muted')
    await Promise.all([silent(at(seat(1)), peer(seat(4)), 'seat 4 muted at night'), hears(at(seat(1)), peer(judge), 'the judge at night')])

    // The judge opens seats 1-3: they hear each other (and the spectator hears them); seat 4 stays closed.
    for (const number of [1, 2, 3]) await command({ type: 'microphone', seat: number, open: true })
    await Promise.all([
      ...[
        [1, [2, 3]],
        [2, [1, 3]],
        [3, [1, 2]],
      ].flatMap(([listener, speakers]) => (speakers as number[]).map((speaker) => hears(at(seat(listener as number)), peer(seat(speaker)), `seat ${speaker} at seat ${listener}`))),
      hears(watcher, peer(seat(3)), 'seat 3 at the spectator'),
      silent(at(seat(2)), peer(seat(4)), 'seat 4 still closed'),
    ])

    // The judge closes seat 2: its audio stops everywhere; seat 1's still flows; its camera still reaches the judge (it is night).
    const before = at(seat(1)).messages.length
    await command({ type: 'microphone', seat: 2, open: false })
    await at(seat(1)).waitForMessage((message) => message.type === 'track-muted' && message.peerId === peer(seat(2)), 'seat 2 muted', 5000, before)
    await Promise.all([silent(at(seat(1)), peer(seat(2)), 'seat 2 at seat 1'), silent(at(seat(3)), peer(seat(2)), 'seat 2 at seat 3'), silent(watcher, peer(seat(2)), 'seat 2 at the spectator')])
    await hears(at(seat(3)), peer(seat(1)), 'seat 1 at seat 3 after seat 2 closed')
    const video = at(judge).packets(peer(seat(2)), 'video').length
    await at(judge).until(() => at(judge).packets(peer(seat(2)), 'video').length > video + 5, 'seat 2 video goes on at the judge')

    // Outsiders get no ticket; forged and expired tokens get no room.
    const outsider = await member()
    expect(await request(outsider.socket, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    const [prefix, claims, signature] = watching.token.split('.') as [string, string, string]
    const forged = `${prefix}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), role: 'publisher' })).toString('base64url')}.${signature}`
    await expect(MediaTestClient.join(suite.server.url, forged)).rejects.toThrow('errors.media.token_invalid')
    const expired = suite.server.app.media.issueToken({ roomId: watching.roomId, peerId: watching.peerId, role: 'subscriber', ttlSeconds: -1 })
    await expect(MediaTestClient.join(suite.server.url, expired)).rejects.toThrow('errors.media.token_expired')
  })
})

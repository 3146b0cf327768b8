import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MediaTicket } from '../../server/contract/socket/media'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { MediaTestClient } from '../helpers/media-client'
import { connectSocket, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

// The table's media on the app server: tickets for a table's members (real app, real sockets), and
// the game driving the microphones in the media room (node-datachannel peers publishing synthetic RTP).

let server: TestApp
let serverDatabase: TestDatabase
const open: TestSocket[] = []
const cleanups: Array<() => unknown> = []

beforeAll(async () => {
  serverDatabase = await createTestDatabase()
  server = await startTestApp({ database: serverDatabase })
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  for (const socket of open.splice(0)) socket.disconnect()
})
afterAll(async () => {
  await server.close()
  await disposeQuietly(serverDatabase)
})

/** Closes the pool and lets its connections finish closing before the database is dropped. */
async function disposeQuietly(database: TestDatabase): Promise<void> {
  await database.db.destroy()
  await new Promise((resolve) => setTimeout(resolve, 300))
  await database.dispose()
}

interface Member {
  id: number
  token: string
  socket: TestSocket
}

async function member(options: { admin?: boolean } = {}): Promise<Member> {
  const { user, token } = await createUserWithSession(server.database.db, options.admin ? { role_id: 3 } : {})
  const socket = await connectSocket(server.url, token)
  open.push(socket)
  return { id: user.id, token, socket }
}

/** Sends a request and resolves with its ack. */
function ask(socket: TestSocket, event: string, payload?: unknown): Promise<any> {
  const emitter = socket.timeout(5000) as any
  return payload === undefined ? emitter.emitWithAck(event) : emitter.emitWithAck(event, payload)
}

async function ticket(who: Member, lobbyId: number): Promise<MediaTicket> {
  const answer = await ask(who.socket, 'mafia:media:join', { id: lobbyId })
  if (answer.error) throw new Error(`ticket refused: ${answer.error}`)
  return answer as MediaTicket
}

/** Joins the media room a ticket names (the built-in server: a path on the app's origin). */
async function joinMedia(ticketed: MediaTicket): Promise<MediaTestClient> {
  const client = await MediaTestClient.joinTicket(server.url, ticketed)
  cleanups.push(() => client.close())
  return client
}

describe('mafia:media:join', () => {
  it('hands seated players publisher tickets, spectators subscriber tickets, and refuses outsiders and closed tables', async () => {
    const creator = await member()
    const lobby = await ask(creator.socket, 'mafia:create:lobby', { name: 'Tickets', language: 'en' })
    const seated = await member()
    expect((await ask(seated.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    const spectator = await member()
    expect((await ask(spectator.socket, 'mafia:watch:lobby', { id: lobby.id })).as).toBe('spectator')
    const outsider = await member()

    const mine = await ticket(creator, lobby.id)
    expect(mine).toMatchObject({ url: '/media/ws', peerId: String(creator.id), role: 'publisher', roomId: `lobby-${lobby.id}` })
    expect(mine.token).toMatch(/^m1\./)
    expect((await ticket(seated, lobby.id)).role).toBe('publisher')
    expect(await ticket(spectator, lobby.id)).toMatchObject({ role: 'subscriber', peerId: String(spectator.id), roomId: `lobby-${lobby.id}` })

    expect(await ask(outsider.socket, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    // A member of one table asking for another.
    expect(await ask(seated.socket, 'mafia:media:join', { id: lobby.id + 1000 })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    expect(await ask(outsider.socket, 'mafia:media:join', { id: 'x' })).toMatchObject({ error: expect.any(String) })
    const anonymous = await connectSocket(server.url)
    open.push(anonymous)
    expect(await ask(anonymous, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.unauthorized' })

    // The ticket opens the table's room on the built-in media server.
    const client = await joinMedia(mine)
    const joined = client.messages.find((message) => message.type === 'joined')
    expect(joined).toMatchObject({ you: { peerId: String(creator.id), role: 'publisher', roomId: `lobby-${lobby.id}` } })

    // A finished table hands out no tickets.
    await server.database.db.updateTable('lobbies').set({ status: 'ended' }).where('id', '=', lobby.id).execute()
    expect(await ask(seated.socket, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.lobby.closed' })
  })

  it('is rate-limited per socket', async () => {
    const creator = await member()
    const lobby = await ask(creator.socket, 'mafia:create:lobby', { name: 'Limits', language: 'en' })
    const answers = await Promise.all(Array.from({ length: 12 }, () => ask(creator.socket, 'mafia:media:join', { id: lobby.id })))
    expect(answers.filter((answer) => answer.error === 'errors.rate_limited')).toHaveLength(2)
    expect(answers.filter((answer) => answer.role === 'publisher')).toHaveLength(10)
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
  cleanups.push(() => clearInterval(timer))
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
    const lobby = await ask(judge.socket, 'mafia:create:lobby', { name: 'Voices', language: 'en', as: 'judge' })
    const players: Member[] = []
    for (let seat = 1; seat <= 10; seat++) {
      const player = await member()
      expect((await ask(player.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
      players.push(player)
    }
    const seat = (number: number) => players[number - 1] as Member
    const peer = (who: Member) => String(who.id)
    const spectator = await member()
    await ask(spectator.socket, 'mafia:watch:lobby', { id: lobby.id })
    const command = async (payload: Record<string, unknown>) => {
      const answer = await ask(judge.socket, 'mafia:game:command', { id: lobby.id, command: payload })
      if (answer.error) throw new Error(`${JSON.stringify(payload)} refused: ${answer.error}`)
    }

    // Seats 1-4 and the judge publish; the spectator only receives.
    const media = new Map<Member, MediaTestClient>()
    for (const who of [judge, seat(1), seat(2), seat(3), seat(4)]) {
      const client = await joinMedia(await ticket(who, lobby.id))
      await client.publish({ audio: true, video: ['high'] })
      stream(client, peer(who))
      media.set(who, client)
    }
    const at = (who: Member) => media.get(who) as MediaTestClient
    const watching = await ticket(spectator, lobby.id)
    expect(watching.role).toBe('subscriber')
    const watcher = await joinMedia(watching)
    await expect(watcher.publish({ audio: true, video: ['high'] })).rejects.toThrow('errors.media.not_publisher')

    // Before the deal everyone may talk.
    await hears(at(seat(1)), peer(seat(4)), 'seat 4 before the deal')
    await hears(watcher, peer(seat(2)), 'seat 2 at the spectator before the deal')

    // The deal: nobody speaks at night; the judge still does.
    await command({ type: 'start' })
    const room = server.app.media.rooms.get(`lobby-${lobby.id}`)
    for (let number = 1; number <= 10; number++) expect(room?.isMicrophoneAllowed(peer(seat(number))), `seat ${number} after the deal`).toBe(false)
    expect(room?.isMicrophoneAllowed(peer(judge))).toBe(true)
    await at(seat(1)).waitForMessage((message) => message.type === 'track-muted' && message.peerId === peer(seat(4)), 'seat 4 muted')
    await silent(at(seat(1)), peer(seat(4)), 'seat 4 muted at night')
    await hears(at(seat(1)), peer(judge), 'the judge at night')

    // The judge opens seats 1-3: they hear each other (and the spectator hears them); seat 4 stays closed.
    for (const number of [1, 2, 3]) await command({ type: 'microphone', seat: number, open: true })
    for (const [listener, speakers] of [
      [1, [2, 3]],
      [2, [1, 3]],
      [3, [1, 2]],
    ] as const) {
      for (const speaker of speakers) await hears(at(seat(listener)), peer(seat(speaker)), `seat ${speaker} at seat ${listener}`)
    }
    await hears(watcher, peer(seat(3)), 'seat 3 at the spectator')
    await silent(at(seat(2)), peer(seat(4)), 'seat 4 still closed')

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
    expect(await ask(outsider.socket, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    const [prefix, claims, signature] = watching.token.split('.') as [string, string, string]
    const forged = `${prefix}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(claims, 'base64url').toString()), role: 'publisher' })).toString('base64url')}.${signature}`
    await expect(MediaTestClient.join(server.url, forged)).rejects.toThrow('errors.media.token_invalid')
    const expired = server.app.media.issueToken({ roomId: watching.roomId, peerId: watching.peerId, role: 'subscriber', ttlSeconds: -1 })
    await expect(MediaTestClient.join(server.url, expired)).rejects.toThrow('errors.media.token_expired')
  })
})

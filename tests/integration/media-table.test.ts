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
async function joinMedia(ticketed: MediaTicket, base = server.url): Promise<MediaTestClient> {
  const client = await MediaTestClient.join(ticketed.url.startsWith('/') ? base : ticketed.url.replace(/\/media\/ws$/, ''), ticketed.token)
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

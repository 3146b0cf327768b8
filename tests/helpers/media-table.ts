import { afterAll, afterEach, beforeAll } from 'vitest'
import type { MediaTicket } from '../../server/contract/socket/media'
import { createTestDatabase, type TestDatabase } from './databases'
import type { Member } from './game-table'
import { MediaTestClient } from './media-client'
import { requestResult } from './requests'
import { connectSocket, type TestSocket } from './sockets'
import { startTestApp, type TestApp } from './test-app'
import { createUserWithSession } from './users'

/** What a media test file at a table needs: its app server, members with sockets, tickets and media peers. */
export interface MediaTableSuite {
  /** The app server (with the built-in media server), started before the file's tests. */
  readonly server: TestApp
  /** A signed-in user with an open socket (an administrator when asked), closed after the test. */
  member(options?: { admin?: boolean }): Promise<Member>
  /** The media ticket of a table's member; throws when the server refuses one. */
  ticket(who: Member, lobbyId: number): Promise<MediaTicket>
  /** Joins the media room a ticket names (the built-in server: a path on the app's origin), left after the test. */
  joinMedia(ticket: MediaTicket): Promise<MediaTestClient>
  /** Disconnects a socket the test opened itself after the test. */
  track(socket: TestSocket): TestSocket
  /** Runs after the test, before the sockets close (in reverse order of registration). */
  afterTest(cleanup: () => unknown): void
}

/**
 * Registers the hooks of a media test file: one app server on its own database for the file, every
 * media peer and socket a test opened closed after it, the pool closed before the database is dropped.
 */
export function mediaTableSuite(): MediaTableSuite {
  let server: TestApp | undefined
  let database: TestDatabase
  const open: TestSocket[] = []
  const cleanups: Array<() => unknown> = []

  beforeAll(async () => {
    database = await createTestDatabase()
    server = await startTestApp({ database })
  })
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    for (const socket of open.splice(0)) socket.disconnect()
  })
  afterAll(async () => {
    await server?.close()
    await database.db.destroy()
    // Let the pool's connections finish closing before the database is dropped.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await database.dispose()
  })

  const started = (): TestApp => {
    if (!server) throw new Error('the app server starts in beforeAll')
    return server
  }
  const suite: MediaTableSuite = {
    get server() {
      return started()
    },
    async member(options = {}) {
      const { user, token } = await createUserWithSession(started().database.db, options.admin ? { role_id: 3 } : {})
      const socket = suite.track(await connectSocket(started().url, token))
      return { id: user.id, token, socket }
    },
    ticket(who, lobbyId) {
      return requestResult(who.socket, 'mafia:media:join', { id: lobbyId })
    },
    async joinMedia(ticket) {
      const client = await MediaTestClient.joinTicket(started().url, ticket)
      cleanups.push(() => client.close())
      return client
    },
    track(socket) {
      open.push(socket)
      return socket
    },
    afterTest(cleanup) {
      cleanups.push(cleanup)
    },
  }
  return suite
}

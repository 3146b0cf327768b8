import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { requestResult } from '../helpers/requests'
import { closeOpenSockets } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer } from '../helpers/users'

// The chats' hottest statements, a message's send and a connect's rooms, run as named prepared
// statements, planned once per connection (db/connection.ts). The embedded database has a single
// connection, the one read here, so what the app ran is visible in it: this file runs on PGlite
// only (build/vitest.config.ts). The marker itself is tested on both databases in chats-batches.

let server: TestApp

beforeAll(async () => {
  server = await startTestApp()
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

const preparedNames = async () => (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(server.database.db)).rows.map((row) => row.name)

describe('chats: statements planned once', () => {
  it("a connect's rooms and a message's send run prepared, under their names", async () => {
    const [a, b] = await Promise.all([connectPlayer(server), connectPlayer(server)])
    expect(await preparedNames()).toContain('chat_connect_rooms')
    const chat = await requestResult(a.socket, 'chat:create', { id: b.id })
    expect(await requestResult(a.socket, 'chat:message', { id: chat.id, message: 'planned once' })).toMatchObject({ text: 'planned once' })
    expect(await preparedNames()).toContain('chat_send_messages')
  })

  it('a send runs on the plan made once, never planned again (planning it took as long as running it)', async () => {
    const [a, b] = await Promise.all([connectPlayer(server), connectPlayer(server)])
    const chat = await requestResult(a.socket, 'chat:create', { id: b.id })
    const plans = async () => (await sql<{ generic: string; custom: string }>`select generic_plans as generic, custom_plans as custom from pg_prepared_statements where name = 'chat_send_messages'`.execute(server.database.db)).rows[0]
    const before = await plans()
    // Eight sends, four from each side (within each sender's allowance a second).
    for (let index = 0; index < 8; index += 1) await requestResult((index % 2 === 0 ? a : b).socket, 'chat:message', { id: chat.id, message: `message ${index}` })
    const after = await plans()
    expect(Number(after?.custom)).toBe(Number(before?.custom ?? 0))
    expect(Number(after?.generic) - Number(before?.generic ?? 0)).toBe(8)
    // The setting was for those EXECUTEs only: the connection's other statements keep the server's choice.
    expect((await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(server.database.db)).rows[0]?.mode).toBe('auto')
  })
})

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import type { MediaTicket } from '../../server/contract/socket/media'
import { createLogger } from '../../server/lib/logger'
import { startMediaNode, type MediaNode } from '../../server/media/node'
import { request } from '../helpers/http'
import { requestResult } from '../helpers/requests'
import { closeOpenSockets } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, createUserWithSession } from '../helpers/users'

// The media servers of the admin panel, with one real media node registered with the app server.

const secret = 'media token secret shared by app and nodes'
const nodeAccount = { MEDIA_NODE_EMAIL: 'media-node@example.test', MEDIA_NODE_PASSWORD: 'a long media node password' }

describe('media servers in the admin panel', () => {
  let server: TestApp
  let dataDir: string
  let node: MediaNode
  let admin: { id: number; token: string }
  let moderator: string
  let player: string

  const call = (token: string | undefined, method: string, path: string, body?: unknown) => request(server.url, method, path, { token, body })
  const audit = (action: string) =>
    (server.database.db as unknown as Kysely<any>).selectFrom('admin_audit').selectAll().where('action', '=', action).where('target_type', '=', 'media_server').orderBy('id').execute()
  const rowCount = async () => Number((await (server.database.db as unknown as Kysely<any>).selectFrom('media_servers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

  /** A new table with its judge, and the judge's media ticket: where the table was placed. */
  async function newTableTicket(): Promise<{ lobbyId: number; ticket: MediaTicket; judge: Awaited<ReturnType<typeof connectPlayer>> }> {
    const judge = await connectPlayer(server)
    const lobby = await requestResult(judge.socket, 'mafia:create:lobby', { name: 'Placed', language: 'en', as: 'judge' })
    return { lobbyId: lobby.id, ticket: await requestResult(judge.socket, 'mafia:media:join', { id: lobby.id }), judge }
  }
  const mediaNodeOf = async (lobbyId: number): Promise<string | null> =>
    (await call(admin.token, 'GET', '/api/admin/lobby/list')).body.items.find((table: { id: number }) => table.id === lobbyId)?.mediaNode ?? null

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mafia-admin-servers-'))
    server = await startTestApp({ env: { MEDIA_TOKEN_SECRET: secret, ...nodeAccount } })
    const config = loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', MEDIA_PORT: '0', MEDIA_TOKEN_SECRET: secret, MEDIA_APP_URL: server.url, MEDIA_NODE_ID: 'node-a', ...nodeAccount })
    node = await startMediaNode({ config, logger: createLogger({ name: 'node-a', level: 'silent', file: false }), heartbeatMs: 200, retryMs: 200 })
    await node.link?.whenRegistered()
    const made = await createUserWithSession(server.database.db, { role_id: 3 })
    admin = { id: made.user.id, token: made.token }
    moderator = (await createUserWithSession(server.database.db, { role_id: 2 })).token
    player = (await createUserWithSession(server.database.db)).token
  })
  afterEach(() => closeOpenSockets())
  afterAll(async () => {
    await node?.close()
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('answers admins only: anonymous 401, players and moderators 403, and nothing is written', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/servers'],
      ['POST', '/api/admin/servers', { nodeId: 'node-x', name: 'X', url: 'wss://x.example/media/ws' }],
      ['PATCH', '/api/admin/servers/1', { enabled: false }],
      ['DELETE', '/api/admin/servers/1'],
      ['GET', '/api/admin/lobby/serverList/1'],
      ['POST', '/api/admin/lobby/serverList', { roomId: 'lobby-1' }],
    ]
    for (const [method, path, body] of calls) {
      expect((await call(undefined, method, path, body)).status, `${method} ${path}`).toBe(401)
      for (const token of [player, moderator]) expect((await call(token, method, path, body)).body, `${method} ${path}`).toMatchObject({ statusCode: 403, code: 'errors.forbidden' })
    }
    expect(await rowCount()).toBe(0)
  })

  it('lists the live node, adds it, edits it and removes it; bad input is refused and changes nothing; every change is audited', async () => {
    const before = await call(admin.token, 'GET', '/api/admin/servers')
    expect(before.status).toBe(200)
    expect(before.body).toEqual({ total: 1, items: [expect.objectContaining({ id: null, nodeId: 'node-a', live: true, enabled: true, capacity: expect.any(Number), connectedAt: expect.any(String) })] })

    // A node address that is not a URL (or not a ws/http one) is refused with a translated error.
    for (const url of ['not a url', 'ftp://media.example', 'javascript:alert(1)', 'wss://user:pw@media.example', 'media.example:8443']) {
      expect((await call(admin.token, 'POST', '/api/admin/servers', { nodeId: 'node-a', name: 'Frankfurt', url })).body, url).toMatchObject({ statusCode: 400, code: 'errors.servers.invalid_url', field: 'url' })
    }
    expect((await call(admin.token, 'POST', '/api/admin/servers', { nodeId: '../x', name: 'Frankfurt', url: 'wss://a.example' })).body).toMatchObject({ statusCode: 400, field: 'nodeId' })
    expect((await call(admin.token, 'POST', '/api/admin/servers', { nodeId: 'node-a', name: '', url: 'wss://a.example' })).body).toMatchObject({ statusCode: 400, code: 'errors.required', field: 'name' })
    expect((await call(admin.token, 'POST', '/api/admin/servers', { nodeId: 'node-a', name: 'A', url: 'wss://a.example', capacity: 3 })).body).toMatchObject({ code: 'errors.unknown_field' })
    expect(await rowCount()).toBe(0)

    const created = await call(admin.token, 'POST', '/api/admin/servers', { nodeId: 'node-a', name: 'Frankfurt', url: 'wss://media-a.example:8443/media/ws' })
    expect(created.status).toBe(200)
    expect(created.body).toMatchObject({ id: expect.any(Number), nodeId: 'node-a', name: 'Frankfurt', url: 'wss://media-a.example:8443/media/ws', enabled: true, live: true })
    const id = created.body.id as number
    expect((await call(admin.token, 'POST', '/api/admin/servers', { nodeId: 'node-a', name: 'Again', url: 'wss://b.example' })).body).toMatchObject({ statusCode: 409, code: 'errors.servers.node_taken' })
    const added = await call(admin.token, 'POST', '/api/admin/servers', { nodeId: 'node-b', name: 'Warsaw', url: 'https://media-b.example', enabled: false })
    expect(added.body).toMatchObject({ nodeId: 'node-b', enabled: false, live: false, load: 0, connectedAt: null })
    const listed = await call(admin.token, 'GET', '/api/admin/servers?page=1&limit=10')
    expect(listed.body.items.map((item: { nodeId: string; id: number | null }) => [item.nodeId, item.id])).toEqual([['node-a', id], ['node-b', added.body.id]])
    expect((await call(admin.token, 'GET', '/api/admin/servers?page=2&limit=1')).body.items).toHaveLength(1)
    expect((await call(admin.token, 'GET', '/api/admin/servers?page=3&limit=1')).body).toMatchObject({ statusCode: 400, code: 'errors.invalid_value', field: 'page' })

    const edited = await call(admin.token, 'PATCH', `/api/admin/servers/${id}`, { name: 'Frankfurt 1', url: 'wss://media-a1.example/media/ws' })
    expect(edited.body).toMatchObject({ id, name: 'Frankfurt 1', url: 'wss://media-a1.example/media/ws', enabled: true })
    expect((await call(admin.token, 'PATCH', `/api/admin/servers/${id}`, { url: 'nope' })).body).toMatchObject({ code: 'errors.servers.invalid_url' })
    expect((await call(admin.token, 'PATCH', `/api/admin/servers/${id}`, {})).status).toBe(400)
    expect((await call(admin.token, 'PATCH', '/api/admin/servers/999999', { enabled: false })).body).toMatchObject({ statusCode: 404, code: 'errors.not_found' })
    expect((await call(admin.token, 'PATCH', '/api/admin/servers/abc', { enabled: false })).status).toBe(400)
    expect((await call(admin.token, 'GET', '/api/admin/servers')).body.items[0]).toMatchObject({ name: 'Frankfurt 1', url: 'wss://media-a1.example/media/ws' })

    expect((await call(admin.token, 'DELETE', `/api/admin/servers/${added.body.id}`)).body).toEqual({ ok: true })
    expect((await call(admin.token, 'DELETE', `/api/admin/servers/${added.body.id}`)).status).toBe(404)
    expect((await call(admin.token, 'GET', '/api/admin/servers')).body.total).toBe(1)

    // The audit trail: who did what, with the state before and after.
    expect((await audit('server.create')).map((row) => [row.actor_id, row.target_id])).toEqual([[admin.id, String(id)], [admin.id, String(added.body.id)]])
    const [update] = await audit('server.update')
    expect(update).toMatchObject({ actor_id: admin.id, target_id: String(id) })
    const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value)
    expect(json(update?.before)).toMatchObject({ name: 'Frankfurt', url: 'wss://media-a.example:8443/media/ws' })
    expect(json(update?.after)).toMatchObject({ name: 'Frankfurt 1', url: 'wss://media-a1.example/media/ws' })
    const [removal] = await audit('server.delete')
    expect(json(removal?.before)).toMatchObject({ nodeId: 'node-b', name: 'Warsaw' })
    expect(await audit('server.update')).toHaveLength(1)
  })

  it('a disabled node gets no new tables, and its tables move at their next ticket; enabled again, it does; its rooms are listed and a room is found', async () => {
    const item = (await call(admin.token, 'GET', '/api/admin/servers')).body.items.find((entry: { nodeId: string }) => entry.nodeId === 'node-a')
    const id = item.id as number
    const onNode = await newTableTicket()
    expect(onNode.ticket.url).toMatch(/^ws:\/\/.+\/media\/ws$/)
    await expect.poll(async () => (await call(admin.token, 'GET', `/api/admin/lobby/serverList/${id}`)).body.items, { timeout: 15_000 }).toContainEqual({ roomId: `lobby-${onNode.lobbyId}`, lobbyId: onNode.lobbyId, peers: 0 })
    expect((await call(admin.token, 'POST', '/api/admin/lobby/serverList', { roomId: `lobby-${onNode.lobbyId}` })).body).toEqual({ roomId: `lobby-${onNode.lobbyId}`, lobbyId: onNode.lobbyId, serverId: id, nodeId: 'node-a', peers: 0 })

    expect((await call(admin.token, 'PATCH', `/api/admin/servers/${id}`, { enabled: false })).body).toMatchObject({ enabled: false, live: true })
    const builtin = await newTableTicket()
    expect(builtin.ticket.url).toBe('/media/ws')
    expect((await call(admin.token, 'POST', '/api/admin/lobby/serverList', { roomId: `lobby-${builtin.lobbyId}` })).body).toMatchObject({ nodeId: 'builtin', serverId: null, lobbyId: builtin.lobbyId })
    // The table already on the disabled node moves at its next ticket, and the table list says so.
    expect(await mediaNodeOf(onNode.lobbyId)).toBe('node-a')
    expect((await requestResult(onNode.judge.socket, 'mafia:media:join', { id: onNode.lobbyId })).url).toBe('/media/ws')
    expect(await mediaNodeOf(onNode.lobbyId)).toBe('builtin')

    expect((await call(admin.token, 'PATCH', `/api/admin/servers/${id}`, { enabled: true })).body).toMatchObject({ enabled: true })
    expect((await newTableTicket()).ticket.url).toBe(onNode.ticket.url)

    expect((await call(admin.token, 'POST', '/api/admin/lobby/serverList', { roomId: 'lobby-987654' })).body).toMatchObject({ statusCode: 404, code: 'errors.not_found' })
    expect((await call(admin.token, 'POST', '/api/admin/lobby/serverList', {})).status).toBe(400)
    expect((await call(admin.token, 'GET', '/api/admin/lobby/serverList/999999')).status).toBe(404)
    expect((await audit('server.update')).map((row) => (typeof row.after === 'string' ? JSON.parse(row.after) : row.after).enabled)).toEqual([true, false, true])
  })
})

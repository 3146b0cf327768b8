import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config'
import type { MediaTicket } from '../../server/contract/socket/media'
import { createLogger } from '../../server/lib/logger'
import { startMediaNode, type MediaNode } from '../../server/media/node'
import { MediaTestClient } from '../helpers/media-client'
import { requestResult } from '../helpers/requests'
import { twoNodesForFile } from '../helpers/two-nodes'
import { connectPlayer, createUserWithSession } from '../helpers/users'

// Table placements kept in the database: two app servers on one PostgreSQL and one Redis, and a
// media node registered with the first one only. A table the first server placed on the node is
// found there by the second, whose room controls reach the node through the first.

const secret = 'media token secret shared by app and nodes'
const nodeAccount = { MEDIA_NODE_EMAIL: 'media-node@example.test', MEDIA_NODE_PASSWORD: 'a long media node password' }
const nodes = twoNodesForFile('media placements', { env: { MEDIA_TOKEN_SECRET: secret, ...nodeAccount } })

let dataDir: string
let node: MediaNode | undefined

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mafia-placements-'))
  const config = loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', MEDIA_PORT: '0', MEDIA_TOKEN_SECRET: secret, MEDIA_APP_URL: nodes().first.url, MEDIA_NODE_ID: 'node-shared', ...nodeAccount })
  node = await startMediaNode({ config, logger: createLogger({ name: 'node-shared', level: process.env.TEST_LOG_LEVEL ?? 'silent', file: false }), heartbeatMs: 200, retryMs: 200 })
  await node.link?.whenRegistered()
})
afterAll(async () => {
  await node?.close()
  await rm(dataDir, { recursive: true, force: true })
})

const placementOf = async (lobbyId: number): Promise<string | null> => {
  const rows = await sql<{ node_id: string }>`select node_id from media_placements where lobby_id = ${lobbyId}`.execute(nodes().database.db)
  return rows.rows[0]?.node_id ?? null
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('table placements shared by two app servers', () => {
  it('the second server finds the table where the first placed it, lets its player into the node’s room, lists it there, and forgets it when the table ends', { timeout: 60_000 }, async () => {
    const { first, second } = nodes()
    const media = node as MediaNode
    const creator = await connectPlayer(first)
    const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Placed once', language: 'en' })
    const placed: MediaTicket = await requestResult(creator.socket, 'mafia:media:join', { id: lobby.id })
    expect(placed.url).toBe(media.url)
    expect(await placementOf(lobby.id)).toBe('node-shared')

    // A player on the second server: its ticket names the same node, and the node lets them in
    // (the second server's room control reached the node through the first).
    const guest = await connectPlayer(second)
    expect((await requestResult(guest.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    const found: MediaTicket = await requestResult(guest.socket, 'mafia:media:join', { id: lobby.id })
    expect(found.url).toBe(media.url)
    const client = await MediaTestClient.joinTicket(second.url, found)
    try {
      expect(media.media.rooms.get(found.roomId)?.peerIds).toContain(String(guest.id))
    } finally {
      await client.close()
    }

    // The admin panel of the second server lists the table on the node.
    const admin = await createUserWithSession(second.database.db, { role_id: 3 })
    const list = await fetch(`${second.url}/api/admin/lobby/list`, { headers: { authorization: `Bearer ${admin.token}` } })
    const tables = ((await list.json()) as { items: Array<{ id: number; mediaNode: string | null }> }).items
    expect(tables.find((table) => table.id === lobby.id)?.mediaNode).toBe('node-shared')

    // Everyone leaves: the table has ended, its placement is gone.
    guest.socket.emit('mafia:lobby:leave')
    creator.socket.emit('mafia:lobby:leave')
    await eventually(async () => (await placementOf(lobby.id)) === null, 'the ended table’s placement to go')
  })

  it('a node that leaves gives up its tables: the second server places the table again on its own media server', { timeout: 60_000 }, async () => {
    const { first, second } = nodes()
    const creator = await connectPlayer(first)
    const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Node leaves', language: 'en' })
    expect((await requestResult(creator.socket, 'mafia:media:join', { id: lobby.id })).url).toBe((node as MediaNode).url)
    const guest = await connectPlayer(second)
    expect((await requestResult(guest.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')

    await (node as MediaNode).close()
    node = undefined
    await eventually(async () => (await placementOf(lobby.id)) === null, 'the placements of the node that left to go')
    const moved: MediaTicket = await requestResult(guest.socket, 'mafia:media:join', { id: lobby.id })
    expect(moved.url).toBe('/media/ws')
  })
})

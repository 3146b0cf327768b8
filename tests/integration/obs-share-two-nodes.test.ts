import { describe, expect, it } from 'vitest'
import type { TablePush, TableSnapshot } from '../../server/contract/socket/game'
import type { ShareView } from '../../server/contract/socket/sharing'
import { sharePageLimit } from '../../server/modules/sharing'
import { ask, SocketTable } from '../helpers/game-table'
import { request } from '../helpers/http'
import { connectSharePage, connectSocket, nextEvent } from '../helpers/sockets'
import type { TestApp } from '../helpers/test-app'
import { twoNodesForFile } from '../helpers/two-nodes'
import { connectPlayer, createUserWithSession } from '../helpers/users'

/** The streamer's page on one app server, the streamer on another, sharing PostgreSQL and Redis (see two-nodes.ts). */
const nodes = twoNodesForFile('streamer page')

/** A streamer with a session on `node`, and a share key of theirs. */
async function streamerWithKey(node: TestApp) {
  const { user, token } = await createUserWithSession(node.database.db)
  const made = await request(node.url, 'POST', '/api/auth/shareKey', { token })
  expect(made.status).toBe(200)
  return { user, token, key: made.body.key as string }
}

describe('the streamer page across two nodes sharing PostgreSQL and Redis', () => {
  it('follows a streamer who plays on the other node, hears the table there, and closes when the key is revoked there', async () => {
    const both = nodes()
    const { user, token } = await createUserWithSession(both.first.database.db)
    const streamer = await connectSocket(both.first.url, token)
    const { key } = (await request(both.first.url, 'POST', '/api/auth/shareKey', { token })).body as { key: string }

    const page = await connectSharePage(both.second.url, key)
    expect(((await ask(page, 'share:watch')) as ShareView).lobby).toBeNull()

    const moved = nextEvent(page, 'share:moved')
    const created = await ask(streamer, 'mafia:create:lobby', { name: 'Two nodes', language: 'en' })
    expect(((await moved) as ShareView).lobby).toMatchObject({ id: created.id, as: 'player' })

    const guest = await createUserWithSession(both.first.database.db)
    const guestSocket = await connectSocket(both.first.url, guest.token)
    const updated = nextEvent(page, 'mafia:lobby:updated')
    await ask(guestSocket, 'mafia:join:lobby', { id: created.id })
    expect((await updated).players.map((player: { user: { id: number } }) => player.user.id)).toEqual([user.id, guest.user.id])

    const left = nextEvent(page, 'share:moved')
    streamer.emit('mafia:lobby:leave')
    expect(((await left) as ShareView).lobby).toBeNull()

    const ended = nextEvent(page, 'share:ended')
    const gone = new Promise((resolve) => page.once('disconnect', resolve))
    await request(both.first.url, 'DELETE', '/api/auth/shareKey', { token })
    expect(await ended).toEqual({ reason: 'revoked' })
    await gone
  })

  it('a page on one node hears the spectators’ stream of a game run by the other, and resumes it there', { timeout: 120_000 }, async () => {
    const both = nodes()
    const table = new SocketTable({ newMember: () => connectPlayer(both.first) })
    await table.seat()
    const streamer = table.players[0] as { token: string }
    const { key } = (await request(both.first.url, 'POST', '/api/auth/shareKey', { token: streamer.token })).body as { key: string }
    const page = await connectSharePage(both.second.url, key)
    const pushes: TablePush[] = []
    page.on('mafia:game:updated', (push) => pushes.push(push))
    expect(((await ask(page, 'share:watch')) as ShareView).lobby).toMatchObject({ id: table.lobbyId, game: null })

    await table.judgeCommand({ type: 'start' })
    await table.play((view) => view.phase === 'voting')
    const now = ((await ask(page, 'share:watch')) as ShareView).lobby?.game as TableSnapshot
    expect(now.seq).toBeGreaterThan(2)
    await expect.poll(() => pushes.at(-1)?.seq).toBe(now.seq)
    expect(pushes.map((push) => push.seq)).toEqual(Array.from({ length: now.seq }, (_, index) => index + 1))

    // The page's resume is answered by the node that runs the table: exactly what it had pushed.
    expect(await ask(page, 'share:sync', { id: table.lobbyId, stream: now.stream, seq: 1 })).toEqual({ resumed: true, pushes: pushes.slice(1) })
    expect(await ask(page, 'share:sync', { id: table.lobbyId, stream: 'another-stream', seq: 1 })).toEqual({ resumed: false, game: now })
  })

  it(`counts the pages of one key over both servers: at most ${sharePageLimit} in all`, async () => {
    const both = nodes()
    const streamer = await streamerWithKey(both.first)
    const first = [await connectSharePage(both.first.url, streamer.key), await connectSharePage(both.first.url, streamer.key)]
    await connectSharePage(both.second.url, streamer.key)
    await expect(connectSharePage(both.second.url, streamer.key)).rejects.toThrow('errors.share.too_many_pages')
    await expect(connectSharePage(both.first.url, streamer.key)).rejects.toThrow('errors.share.too_many_pages')
    expect(first.every((page) => page.connected)).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import type { MediaTicket } from '../../server/contract/socket/media'
import { disconnectUser } from '../../server/lib/socket-handler'
import { MediaTestClient } from '../helpers/media-client'
import { requestResult } from '../helpers/requests'
import { twoNodesForFile } from '../helpers/two-nodes'
import { connectPlayer } from '../helpers/users'

/** Media revocation across two app servers sharing PostgreSQL and Redis (see two-nodes.ts). */
const nodes = twoNodesForFile('media')

describe('media revocation across two app servers', () => {
  it('a ban handled by one app server closes the user’s media peer held by the other within a second', { timeout: 60_000 }, async () => {
    const both = nodes()
    const creator = await connectPlayer(both.first)
    const lobby = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'Two servers', language: 'en' })
    const player = await connectPlayer(both.first)
    expect((await requestResult(player.socket, 'mafia:join:lobby', { id: lobby.id })).as).toBe('player')
    const ticket: MediaTicket = await requestResult(player.socket, 'mafia:media:join', { id: lobby.id })
    // The ticket names the first server's own media server.
    const client = await MediaTestClient.joinTicket(both.first.url, ticket)
    try {
      expect(both.first.app.media.rooms.get(ticket.roomId)?.peerIds).toEqual([String(player.id)])
      disconnectUser(both.second.app.io, player.id, 'banned')
      expect(await client.waitForClose(1000)).toBe(4004)
      expect(both.first.app.media.rooms.get(ticket.roomId)?.size ?? 0).toBe(0)
    } finally {
      await client.close()
    }
  })
})

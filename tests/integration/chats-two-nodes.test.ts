import { describe, expect, it } from 'vitest'
import { disconnectUser } from '../../server/lib/socket-handler'
import { request, requestResult } from '../helpers/requests'
import { connectSocket, nextEvent } from '../helpers/sockets'
import { twoNodesForFile } from '../helpers/two-nodes'
import { connectPlayer } from '../helpers/users'

/** Chats, friends and the online count across two app servers sharing PostgreSQL and Redis (see two-nodes.ts). */
const nodes = twoNodesForFile('chat')

describe('chats across two nodes sharing PostgreSQL and Redis', () => {
  it('delivers a message sent on one node to a user on the other', async () => {
    const both = nodes()
    const a = await connectPlayer(both.first)
    const b = await connectPlayer(both.second)
    const chat = await requestResult(a.socket, 'chat:create', { id: b.id })
    const opened = nextEvent(b.socket, 'chat:new')
    const pushed = nextEvent(b.socket, 'chat:message:new')
    const sent = await requestResult(a.socket, 'chat:message', { id: chat.id, message: '<b>across</b> the wire' })
    expect(await opened).toMatchObject({ id: chat.id, name: a.nickname, unread: 1 })
    expect(await pushed).toEqual(sent)

    const reply = nextEvent(a.socket, 'chat:message:new')
    const answered = await requestResult(b.socket, 'chat:message', { id: chat.id, message: 'heard you' })
    expect(await reply).toEqual(answered)
  })

  it('counts users online on both nodes', async () => {
    const both = nodes()
    const a = await connectPlayer(both.first)
    const b = await connectPlayer(both.second)
    // A second tab of the same user counts once.
    await connectSocket(both.first.url, b.token)
    expect(await request(a.socket, 'getOnline')).toEqual({ count: 2 })
    expect(await request(b.socket, 'getOnline')).toEqual({ count: 2 })
  })

  it('puts sockets on the other node in a party room when someone is invited', async () => {
    const both = nodes()
    const owner = await connectPlayer(both.first)
    const friend = await connectPlayer(both.second)
    const invited = await connectPlayer(both.second)
    const party = await requestResult(owner.socket, 'chat:group:create', { userId: friend.id })
    const welcomed = nextEvent(invited.socket, 'chat:new')
    await request(owner.socket, 'chat:group:invite', { chatId: party.id, userId: invited.id })
    expect(await welcomed).toMatchObject({ id: party.id })

    const toOwner = nextEvent(owner.socket, 'chat:message:new')
    const toFriend = nextEvent(friend.socket, 'chat:message:new')
    const sent = await requestResult(invited.socket, 'chat:group:message', { chatId: party.id, message: 'hi from node two' })
    expect(await toOwner).toEqual(sent)
    expect(await toFriend).toEqual(sent)
  })

  it('shows a friend online and offline across nodes', async () => {
    const both = nodes()
    const a = await connectPlayer(both.first)
    const b = await connectPlayer(both.second)
    const sent = await requestResult(a.socket, 'friends:request:create', { id: b.id })
    if (sent.status !== 'requested') throw new Error('strangers became friends without a request')
    await requestResult(b.socket, 'friends:request:accept', { id: a.id, requestId: sent.requestId })
    expect((await requestResult(a.socket, 'friends:list')).items).toEqual([expect.objectContaining({ id: b.id, online: true })])

    const offline = nextEvent(a.socket, 'friends:online')
    b.socket.disconnect()
    expect(await offline).toEqual({ id: b.id, online: false })
    const online = nextEvent(a.socket, 'friends:online')
    await connectSocket(both.second.url, b.token)
    expect(await online).toEqual({ id: b.id, online: true })
  })

  it('disconnects a user on every node from either node', async () => {
    const both = nodes()
    const a = await connectPlayer(both.second)
    const told = nextEvent(a.socket, 'auth:revoked')
    const gone = new Promise<void>((resolve) => a.socket.once('disconnect', () => resolve()))
    disconnectUser(both.first.app.io, a.id, 'banned')
    expect(await told).toEqual({ reason: 'banned' })
    await gone
  })
})

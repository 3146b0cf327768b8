import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { chatLimits } from '../../server/contract/socket/chats'
import { friendsLimits } from '../../server/contract/socket/friends'
import { rawRequest, request, requestResult } from '../helpers/requests'
import { arrives, closeOpenSockets, nextEvent } from '../helpers/sockets'
import { relaxedRateLimits, startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, createUserWithSession } from '../helpers/users'

let server: TestApp

beforeAll(async () => {
  // The per-event allowances (a friend request or an invite a minute each) are not what these tests are about.
  const generous = { max: 1000, windowMs: 60_000 }
  server = await startTestApp({
    manualClock: true,
    rateLimits: { ...relaxedRateLimits, sockets: { requests: { 'friends:request:create': generous, 'chat:group:invite': generous, 'chat:group:create': generous } } },
  })
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

const db = () => server.database.db
const player = () => connectPlayer(server)

/** Every row a friend request, a party invite or a message could write, between and around these users. */
async function consentRows(userIds: number[]) {
  const count = async (query: Promise<{ n: number }>) => (await query).n
  return {
    requests: await count(
      db()
        .selectFrom('friend_requests')
        .select(sql<number>`count(*)::int`.as('n'))
        .where((eb) => eb.or([eb('from_user_id', 'in', userIds), eb('to_user_id', 'in', userIds)]))
        .executeTakeFirstOrThrow(),
    ),
    friendships: await count(db().selectFrom('friendships').select(sql<number>`count(*)::int`.as('n')).where('user_id', 'in', userIds).executeTakeFirstOrThrow()),
    chats: await count(db().selectFrom('chats').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()),
    members: await count(db().selectFrom('chat_members').select(sql<number>`count(*)::int`.as('n')).where('user_id', 'in', userIds).executeTakeFirstOrThrow()),
    messages: await count(db().selectFrom('chat_messages').select(sql<number>`count(*)::int`.as('n')).where('user_id', 'in', userIds).executeTakeFirstOrThrow()),
    invites: await count(db().selectFrom('party_invites').select(sql<number>`count(*)::int`.as('n')).where('inviter_id', 'in', userIds).executeTakeFirstOrThrow()),
  }
}

describe('a block', () => {
  it("refuses the blocked user's friend request, party invite and one-to-one message, writes nothing, and unblocking restores them", async () => {
    const blocker = await player()
    const blocked = await player()
    const third = await player()
    // Before the block: a one-to-one chat between them, and a party of the blocked user's.
    const direct = await requestResult(blocked.socket, 'chat:create', { id: blocker.id })
    // The greeting reaches the blocker before the block (after its ack), so nothing heard later is it.
    const greeting = nextEvent(blocker.socket, 'chat:message:new')
    await requestResult(blocked.socket, 'chat:message', { id: direct.id, message: 'hello' })
    expect(await greeting).toMatchObject({ chatId: direct.id, text: 'hello' })
    const party = await requestResult(blocked.socket, 'chat:group:create', { userId: third.id })

    const card = await requestResult(blocker.socket, 'friends:block', { id: blocked.id })
    expect(card).toMatchObject({ id: blocked.id, nickname: blocked.nickname })
    expect(await requestResult(blocker.socket, 'friends:block:list')).toEqual({ items: [card] })

    const before = await consentRows([blocker.id, blocked.id, third.id])
    const heard = arrives(blocker.socket, 'chat:message:new', 600)
    const refused = { error: 'errors.blocked' }
    expect(await request(blocked.socket, 'friends:request:create', { id: blocker.id })).toEqual({ ...refused, field: 'id' })
    expect(await request(blocked.socket, 'chat:group:create', { userId: blocker.id })).toEqual({ ...refused, field: 'userId' })
    expect(await request(blocked.socket, 'chat:group:invite', { chatId: party.id, userId: blocker.id })).toEqual({ ...refused, field: 'userId' })
    expect(await request(blocked.socket, 'chat:create', { id: blocker.id })).toEqual({ ...refused, field: 'id' })
    expect(await request(blocked.socket, 'chat:message', { id: direct.id, message: 'are you there?' })).toEqual({ ...refused, field: 'id' })
    // The one who blocked cannot reach out either while the block stands.
    expect(await request(blocker.socket, 'chat:message', { id: direct.id, message: 'go away' })).toEqual({ ...refused, field: 'id' })
    expect(await request(blocker.socket, 'friends:request:create', { id: blocked.id })).toEqual({ ...refused, field: 'id' })
    expect(await heard).toBe(false)
    expect(await consentRows([blocker.id, blocked.id, third.id])).toEqual(before)

    expect(await requestResult(blocker.socket, 'friends:unblock', { id: blocked.id })).toEqual({ ok: true })
    expect(await requestResult(blocker.socket, 'friends:block:list')).toEqual({ items: [] })
    const message = nextEvent(blocker.socket, 'chat:message:new')
    await requestResult(blocked.socket, 'chat:message', { id: direct.id, message: 'friends again?' })
    expect((await message).text).toBe('friends again?')
    expect((await requestResult(blocked.socket, 'chat:group:invite', { chatId: party.id, userId: blocker.id })).members.map((member) => member.id)).toContain(blocker.id)
    expect(await requestResult(blocked.socket, 'friends:request:create', { id: blocker.id })).toMatchObject({ status: 'requested' })
  })

  it('ends a pending request between the two and their friendship; the other side hears of the friendship only', async () => {
    const blocker = await player()
    const friend = await player()
    const asker = await player()
    const sent = await requestResult(friend.socket, 'friends:request:create', { id: blocker.id })
    if (sent.status !== 'requested') throw new Error('expected a request')
    await requestResult(blocker.socket, 'friends:request:accept', { id: friend.id, requestId: sent.requestId })
    await requestResult(asker.socket, 'friends:request:create', { id: blocker.id })

    const removed = nextEvent(friend.socket, 'friends:removed')
    await requestResult(blocker.socket, 'friends:block', { id: friend.id })
    expect(await removed).toEqual({ id: blocker.id })
    const heard = arrives(asker.socket, 'friends:removed', 400)
    await requestResult(blocker.socket, 'friends:block', { id: asker.id })
    expect(await heard).toBe(false)

    expect(await requestResult(blocker.socket, 'friends:list')).toEqual({ items: [] })
    expect(await requestResult(blocker.socket, 'friends:request:check')).toEqual({ items: [], outgoing: [] })
    expect(await requestResult(asker.socket, 'friends:request:check')).toEqual({ items: [], outgoing: [] })
    expect((await consentRows([blocker.id])).friendships).toBe(0)
    // Blocking again changes nothing; the list is by nickname.
    await requestResult(blocker.socket, 'friends:block', { id: asker.id })
    const { items } = await requestResult(blocker.socket, 'friends:block:list')
    expect(items.map((item) => item.id).sort()).toEqual([friend.id, asker.id].sort())
  })

  it('refuses blocking yourself, an unknown id or a bad payload, and unblocking someone not blocked, writing nothing', async () => {
    const me = await player()
    const other = await player()
    const blocks = () => db().selectFrom('user_blocks').selectAll().where('blocker_id', '=', me.id).execute()
    expect(await request(me.socket, 'friends:block', { id: me.id })).toEqual({ error: 'errors.block_self', field: 'id' })
    expect(await request(me.socket, 'friends:block', { id: 2_000_000_000 })).toEqual({ error: 'errors.not_found', field: 'id' })
    expect(await rawRequest(me.socket, 'friends:block', { id: 'x' })).toEqual({ error: 'errors.invalid_value', field: 'id' })
    expect(await rawRequest(me.socket, 'friends:block', { id: other.id, extra: 1 })).toEqual({ error: 'errors.unknown_field', field: 'extra' })
    expect(await request(me.socket, 'friends:unblock', { id: other.id })).toEqual({ error: 'errors.not_found', field: 'id' })
    expect(await blocks()).toEqual([])
  })
})

describe('caps on asking', () => {
  it(`at most ${friendsLimits.pendingOutgoingMax} friend requests wait for an answer; answering one frees a place`, async () => {
    const asker = await player()
    const targets = await Promise.all(Array.from({ length: friendsLimits.pendingOutgoingMax + 1 }, () => createUserWithSession(db())))
    const sent: number[] = []
    for (const target of targets.slice(0, -1)) {
      const outcome = await requestResult(asker.socket, 'friends:request:create', { id: target.user.id })
      if (outcome.status === 'requested') sent.push(outcome.requestId)
    }
    expect(sent.length).toBe(friendsLimits.pendingOutgoingMax)
    const last = targets.at(-1)!.user.id
    const before = await consentRows([asker.id])
    expect(await request(asker.socket, 'friends:request:create', { id: last })).toEqual({ error: 'errors.friend_request_limit' })
    expect(await consentRows([asker.id])).toEqual(before)
    // Someone who asked first can still be accepted the same way: that makes a friend, not a waiting request.
    const incoming = await player()
    await requestResult(incoming.socket, 'friends:request:create', { id: asker.id })
    expect(await requestResult(asker.socket, 'friends:request:create', { id: incoming.id })).toMatchObject({ status: 'accepted' })
    // Withdrawing one frees a place.
    await requestResult(asker.socket, 'friends:request:reject', { id: targets[0]!.user.id, requestId: sent[0]! })
    expect(await requestResult(asker.socket, 'friends:request:create', { id: last })).toMatchObject({ status: 'requested' })
  })

  it(`at most ${chatLimits.partyInvitesPerHour} party invites an hour, a new party counting as one`, async () => {
    const host = await player()
    const guests = await Promise.all(Array.from({ length: chatLimits.partyInvitesPerHour + 1 }, () => createUserWithSession(db())))
    const party = await requestResult(host.socket, 'chat:group:create', { userId: guests[0]!.user.id })
    for (const guest of guests.slice(1, -1)) await requestResult(host.socket, 'chat:group:invite', { chatId: party.id, userId: guest.user.id })
    const last = guests.at(-1)!.user.id
    const before = await consentRows([host.id, last])
    const refused = await request(host.socket, 'chat:group:invite', { chatId: party.id, userId: last })
    expect(refused).toMatchObject({ error: 'errors.rate_limited' })
    expect(await request(host.socket, 'chat:group:create', { userId: last })).toMatchObject({ error: 'errors.rate_limited' })
    expect(await consentRows([host.id, last])).toEqual(before)
    server.clock!.advance(60 * 60 * 1000 + 1000)
    expect((await requestResult(host.socket, 'chat:group:invite', { chatId: party.id, userId: last })).members.map((member) => member.id)).toContain(last)
  })
})

import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { friendsRequests } from '../../server/contract/socket/friends'
import { rawRequest, request, requestResult } from '../helpers/requests'
import { arrives, closeOpenSockets, connectSocket, nextEvent } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, type Player } from '../helpers/users'

let server: TestApp

beforeAll(async () => {
  server = await startTestApp()
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

let unique = 0
/** A nickname prefix no other test uses. */
const prefix = () => `f${(unique += 1)}${Math.random().toString(36).slice(2, 6)}`

const player = (nickname?: string) => connectPlayer(server, nickname ? { nickname } : {})

const db = () => server.database.db

async function requestsBetween(a: number, b: number): Promise<number> {
  const row = await db()
    .selectFrom('friend_requests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where((eb) => eb.or([eb.and([eb('from_user_id', '=', a), eb('to_user_id', '=', b)]), eb.and([eb('from_user_id', '=', b), eb('to_user_id', '=', a)])]))
    .executeTakeFirstOrThrow()
  return row.n
}

async function friendshipRows(a: number, b: number): Promise<number> {
  const row = await db()
    .selectFrom('friendships')
    .select(sql<number>`count(*)::int`.as('n'))
    .where((eb) => eb.or([eb.and([eb('user_id', '=', a), eb('friend_id', '=', b)]), eb.and([eb('user_id', '=', b), eb('friend_id', '=', a)])]))
    .executeTakeFirstOrThrow()
  return row.n
}

/** A friend request that stays a request (the other side had not asked): the request's answer. */
async function sendRequest(from: Player, to: Player) {
  const outcome = await requestResult(from.socket, 'friends:request:create', { id: to.id })
  if (outcome.status !== 'requested') throw new Error(`a request to ${to.id} made friends at once`)
  return outcome
}

async function makeFriends(a: Player, b: Player) {
  const sent = await sendRequest(a, b)
  const accepted = await requestResult(b.socket, 'friends:request:accept', { id: a.id, requestId: sent.requestId })
  expect(accepted.id).toBe(a.id)
}

describe('friends: access and input', () => {
  it('answers every friends event from an anonymous socket with errors.unauthorized and writes nothing', async () => {
    const target = await player()
    const anonymous = await connectSocket(server.url)
    const payloads: Record<string, unknown> = {
      'friends:search': { query: target.nickname },
      'friends:request:create': { id: target.id },
      'friends:request:accept': { id: target.id, requestId: 1 },
      'friends:request:reject': { id: target.id, requestId: 1 },
      'friends:remove': { id: target.id },
    }
    for (const event of Object.keys(friendsRequests)) {
      expect(await rawRequest(anonymous, event, payloads[event]), event).toEqual({ error: 'errors.unauthorized' })
    }
    const rows = await db().selectFrom('friend_requests').select('id').where('to_user_id', '=', target.id).execute()
    expect(rows).toEqual([])
  })

  it('refuses malformed payloads with a code and the field, and writes nothing', async () => {
    const a = await player()
    const b = await player()
    expect(await rawRequest(a.socket, 'friends:request:create', {})).toEqual({ error: 'errors.required', field: 'id' })
    expect(await rawRequest(a.socket, 'friends:request:create', { id: 'x' })).toEqual({ error: 'errors.invalid_value', field: 'id' })
    expect(await rawRequest(a.socket, 'friends:request:create', { id: b.id, extra: true })).toEqual({ error: 'errors.unknown_field', field: 'extra' })
    expect(await rawRequest(a.socket, 'friends:request:create', 'not an object')).toEqual({ error: 'errors.validation' })
    expect(await request(a.socket, 'friends:search', { query: '' })).toEqual({ error: 'errors.required', field: 'query' })
    expect(await request(a.socket, 'friends:search', { query: 'x'.repeat(25) })).toEqual({ error: 'errors.too_long', field: 'query' })
    expect(await rawRequest(a.socket, 'friends:request:accept', { id: b.id })).toEqual({ error: 'errors.required', field: 'requestId' })
    expect(await request(a.socket, 'friends:request:check')).toEqual({ items: [], outgoing: [] })
    expect(await requestsBetween(a.id, b.id)).toBe(0)
  })

  it('survives requests sent without an ack function and keeps answering', async () => {
    const a = await player()
    const b = await player()
    const requested = nextEvent(b.socket, 'friends:requested')
    ;(a.socket as any).emit('friends:request:create', { id: b.id })
    ;(a.socket as any).emit('friends:list')
    ;(a.socket as any).emit('friends:remove', { id: 'bad' })
    expect((await requested).id).toBe(a.id)
    expect(await request(a.socket, 'friends:list')).toEqual({ items: [] })
    expect(await requestsBetween(a.id, b.id)).toBe(1)
  })
})

describe('friends: search', () => {
  it('finds users by nickname prefix, case-insensitively, paginated, never the viewer', async () => {
    const p = prefix()
    const viewer = await player(`${p}Viewer`)
    const zara = await player(`${p}zara`)
    const zorro = await player(`${p}Zorro`)
    await player(`${p}Alpha`)
    await player(`x${p}zed`)

    const page = await requestResult(viewer.socket, 'friends:search', { query: `${p}Z`.toUpperCase() })
    expect(page.total).toBe(2)
    expect(page.items.map((item) => item.id)).toEqual([zara.id, zorro.id])
    expect(page.items[0]).toEqual({ id: zara.id, nickname: `${p}zara`, officialNickname: null, avatar: null, isPremium: false, relation: 'none' })

    // Alpha, zara, Zorro (the viewer is left out): the second page of two holds Zorro alone.
    const second = await requestResult(viewer.socket, 'friends:search', { query: p, page: 2, limit: 2 })
    expect(second.total).toBe(3)
    expect(second.items.map((item) => item.id)).toEqual([zorro.id])
  })

  it('treats % and _ as text, not wildcards', async () => {
    const p = prefix()
    const viewer = await player()
    await player(`${p}abc`)
    expect(await request(viewer.socket, 'friends:search', { query: `${p}_` })).toEqual({ items: [], total: 0 })
    expect(await request(viewer.socket, 'friends:search', { query: `${p}%` })).toEqual({ items: [], total: 0 })
    expect((await requestResult(viewer.socket, 'friends:search', { query: `${p}a` })).total).toBe(1)
  })

  it('finds users by official nickname too, and shows it', async () => {
    const p = prefix()
    const viewer = await player()
    const official = await player()
    await db().updateTable('users').set({ official_nickname: `${p}Champion` }).where('id', '=', official.id).execute()
    const page = await requestResult(viewer.socket, 'friends:search', { query: `${p}champ` })
    expect(page.items).toHaveLength(1)
    expect(page.items[0]).toMatchObject({ id: official.id, nickname: official.nickname, officialNickname: `${p}Champion` })
  })

  it('shows how the viewer stands with each result', async () => {
    const p = prefix()
    const viewer = await player(`${p}me`)
    const asked = await player(`${p}asked`)
    const asking = await player(`${p}asking`)
    const friend = await player(`${p}friend`)
    await request(viewer.socket, 'friends:request:create', { id: asked.id })
    await request(asking.socket, 'friends:request:create', { id: viewer.id })
    await makeFriends(viewer, friend)
    const page = await requestResult(viewer.socket, 'friends:search', { query: p })
    const relations = Object.fromEntries(page.items.map((item) => [item.id, item.relation]))
    expect(relations).toEqual({ [asked.id]: 'outgoing', [asking.id]: 'incoming', [friend.id]: 'friend' })
  })
})

describe('friends: requests', () => {
  it('sends a request, shows it live and in the incoming list, and accepting makes both friends', async () => {
    const a = await player()
    const b = await player()
    const requested = nextEvent(b.socket, 'friends:requested')
    const sent = await sendRequest(a, b)
    expect(sent).toMatchObject({ status: 'requested', user: { id: b.id, nickname: b.nickname } })
    const live = await requested
    expect(live).toMatchObject({ id: a.id, nickname: a.nickname, requestId: sent.requestId })

    const incoming = await requestResult(b.socket, 'friends:request:check')
    expect(incoming.items).toHaveLength(1)
    expect(incoming.items[0]).toMatchObject({ id: a.id, requestId: sent.requestId })
    // The sender sees the request as waiting, with the recipient's card, after any reload.
    const mine = await requestResult(a.socket, 'friends:request:check')
    expect(mine.items).toEqual([])
    expect(mine.outgoing).toHaveLength(1)
    expect(mine.outgoing[0]).toMatchObject({ id: b.id, nickname: b.nickname, requestId: sent.requestId })

    const added = nextEvent(a.socket, 'friends:added')
    const friend = await requestResult(b.socket, 'friends:request:accept', { id: a.id, requestId: sent.requestId })
    expect(friend).toMatchObject({ id: a.id, nickname: a.nickname, online: true })
    expect(await added).toMatchObject({ id: b.id, online: true })

    expect((await requestResult(a.socket, 'friends:list')).items.map((item) => item.id)).toEqual([b.id])
    expect((await requestResult(b.socket, 'friends:list')).items.map((item) => item.id)).toEqual([a.id])
    expect(await request(b.socket, 'friends:request:check')).toEqual({ items: [], outgoing: [] })
    expect(await requestsBetween(a.id, b.id)).toBe(0)
    expect(await friendshipRows(a.id, b.id)).toBe(2)
  })

  it('lists requests waiting both ways apart, newest first, each with the other side card', async () => {
    const [me, firstAsker, asked, secondAsker] = [await player(), await player(), await player(), await player()]
    const first = await sendRequest(firstAsker, me)
    const mine = await sendRequest(me, asked)
    const second = await sendRequest(secondAsker, me)
    const card = (of: Player) => ({ id: of.id, nickname: of.nickname, officialNickname: null, avatar: null, isPremium: false })

    const check = await requestResult(me.socket, 'friends:request:check')
    expect(check.items).toEqual([
      { ...card(secondAsker), requestId: second.requestId, createdAt: expect.any(String) },
      { ...card(firstAsker), requestId: first.requestId, createdAt: expect.any(String) },
    ])
    expect(check.outgoing).toEqual([{ ...card(asked), requestId: mine.requestId, createdAt: expect.any(String) }])
    // The other sides see the same requests from where they stand.
    expect(await requestResult(asked.socket, 'friends:request:check')).toMatchObject({ items: [{ id: me.id, requestId: mine.requestId }], outgoing: [] })
    expect(await requestResult(firstAsker.socket, 'friends:request:check')).toMatchObject({ items: [], outgoing: [{ id: me.id, requestId: first.requestId }] })
  })

  it('refuses a request to yourself and writes nothing', async () => {
    const a = await player()
    expect(await request(a.socket, 'friends:request:create', { id: a.id })).toEqual({ error: 'errors.friend_request_self', field: 'id' })
    expect(await requestsBetween(a.id, a.id)).toBe(0)
  })

  it('refuses a second request to the same user and keeps one', async () => {
    const a = await player()
    const b = await player()
    await request(a.socket, 'friends:request:create', { id: b.id })
    expect(await request(a.socket, 'friends:request:create', { id: b.id })).toEqual({ error: 'errors.friend_request_exists', field: 'id' })
    expect(await requestsBetween(a.id, b.id)).toBe(1)
    expect(await friendshipRows(a.id, b.id)).toBe(0)
  })

  it('turns a request both ways into a friendship', async () => {
    const a = await player()
    const b = await player()
    await request(a.socket, 'friends:request:create', { id: b.id })
    const added = nextEvent(a.socket, 'friends:added')
    const outcome = await requestResult(b.socket, 'friends:request:create', { id: a.id })
    expect(outcome).toMatchObject({ status: 'accepted', friend: { id: a.id, online: true } })
    expect(await added).toMatchObject({ id: b.id })
    expect(await requestsBetween(a.id, b.id)).toBe(0)
    expect(await friendshipRows(a.id, b.id)).toBe(2)
  })

  it('turns two requests sent at the same moment into one friendship', async () => {
    const a = await player()
    const b = await player()
    const outcomes = await Promise.all([requestResult(a.socket, 'friends:request:create', { id: b.id }), requestResult(b.socket, 'friends:request:create', { id: a.id })])
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['accepted', 'requested'])
    expect(await requestsBetween(a.id, b.id)).toBe(0)
    expect(await friendshipRows(a.id, b.id)).toBe(2)
  })

  it('refuses a request to a friend and writes nothing', async () => {
    const a = await player()
    const b = await player()
    await makeFriends(a, b)
    expect(await request(b.socket, 'friends:request:create', { id: a.id })).toEqual({ error: 'errors.already_friends', field: 'id' })
    expect(await requestsBetween(a.id, b.id)).toBe(0)
  })

  it('answers a request to an unknown user with errors.not_found and writes nothing', async () => {
    const a = await player()
    expect(await request(a.socket, 'friends:request:create', { id: 2_000_000_000 })).toEqual({ error: 'errors.not_found' })
    const rows = await db().selectFrom('friend_requests').select('id').where('from_user_id', '=', a.id).execute()
    expect(rows).toEqual([])
  })

  it('does not let anyone but the recipient accept, and a wrong pair is not found', async () => {
    const a = await player()
    const b = await player()
    const c = await player()
    const sent = await sendRequest(a, b)
    expect(await request(c.socket, 'friends:request:accept', { id: a.id, requestId: sent.requestId })).toEqual({ error: 'errors.not_found' })
    expect(await request(a.socket, 'friends:request:accept', { id: b.id, requestId: sent.requestId })).toEqual({ error: 'errors.not_found' })
    expect(await request(b.socket, 'friends:request:accept', { id: c.id, requestId: sent.requestId })).toEqual({ error: 'errors.not_found' })
    expect(await requestsBetween(a.id, b.id)).toBe(1)
    expect(await friendshipRows(a.id, b.id)).toBe(0)
    expect(await friendshipRows(c.id, a.id)).toBe(0)
  })

  it('rejects a request (or lets its sender withdraw it) without making friends', async () => {
    const a = await player()
    const b = await player()
    const first = await sendRequest(a, b)
    expect(await request(b.socket, 'friends:request:reject', { id: a.id, requestId: first.requestId })).toEqual({ ok: true })
    expect(await request(b.socket, 'friends:request:check')).toEqual({ items: [], outgoing: [] })
    expect(await requestsBetween(a.id, b.id)).toBe(0)

    const second = await sendRequest(a, b)
    expect(await request(a.socket, 'friends:request:reject', { id: b.id, requestId: second.requestId })).toEqual({ ok: true })
    expect(await request(a.socket, 'friends:request:reject', { id: b.id, requestId: second.requestId })).toEqual({ error: 'errors.not_found' })
    expect(await requestsBetween(a.id, b.id)).toBe(0)
    expect(await friendshipRows(a.id, b.id)).toBe(0)
  })

  it('removes a friend on both sides and tells the other', async () => {
    const a = await player()
    const b = await player()
    await makeFriends(a, b)
    const removed = nextEvent(b.socket, 'friends:removed')
    expect(await request(a.socket, 'friends:remove', { id: b.id })).toEqual({ ok: true })
    expect(await removed).toEqual({ id: a.id })
    expect(await request(a.socket, 'friends:list')).toEqual({ items: [] })
    expect(await request(b.socket, 'friends:list')).toEqual({ items: [] })
    expect(await request(a.socket, 'friends:remove', { id: b.id })).toEqual({ error: 'errors.not_found' })
    expect(await friendshipRows(a.id, b.id)).toBe(0)
  })
})

describe('friends: people worth adding', () => {
  it('suggests friends of friends, most mutual friends first, never friends, pending requests or yourself', async () => {
    const me = await player()
    const b = await player()
    const c = await player()
    const twoMutual = await player()
    const oneMutual = await player()
    const pending = await player()
    await makeFriends(me, b)
    await makeFriends(me, c)
    await makeFriends(b, twoMutual)
    await makeFriends(c, twoMutual)
    await makeFriends(b, oneMutual)
    await makeFriends(b, pending)
    await request(me.socket, 'friends:request:create', { id: pending.id })

    const { items } = await requestResult(me.socket, 'friends:search:new')
    expect(items.map((item) => [item.id, item.mutualFriends, item.reasons])).toEqual([
      [twoMutual.id, 2, ['friend_of_friend']],
      [oneMutual.id, 1, ['friend_of_friend']],
    ])
    expect(items[0]).toMatchObject({ nickname: twoMutual.nickname, officialNickname: null })
  })

  it('suggests nobody to someone without friends', async () => {
    const loner = await player()
    expect(await request(loner.socket, 'friends:search:new')).toEqual({ items: [] })
  })
})

describe('friends: online state', () => {
  it('lists friends with their online state and pushes changes as friends come and go', async () => {
    const a = await player()
    const b = await player()
    await makeFriends(a, b)
    expect((await requestResult(a.socket, 'friends:list')).items).toEqual([expect.objectContaining({ id: b.id, online: true })])

    const offline = nextEvent(a.socket, 'friends:online')
    b.socket.disconnect()
    expect(await offline).toEqual({ id: b.id, online: false })
    expect((await requestResult(a.socket, 'friends:list')).items).toEqual([expect.objectContaining({ id: b.id, online: false })])

    const online = nextEvent(a.socket, 'friends:online')
    await connectSocket(server.url, b.token)
    expect(await online).toEqual({ id: b.id, online: true })
    expect((await requestResult(a.socket, 'friends:list')).items).toEqual([expect.objectContaining({ id: b.id, online: true })])
  })

  it('keeps a friend online while another of their tabs is open', async () => {
    const a = await player()
    const b = await player()
    await makeFriends(a, b)
    const announced = nextEvent(a.socket, 'friends:online')
    // A second tab of b's.
    await connectSocket(server.url, b.token)
    expect(await announced).toEqual({ id: b.id, online: true })
    const offline = arrives(a.socket, 'friends:online', 500)
    b.socket.disconnect()
    expect(await offline).toBe(false)
    expect((await requestResult(a.socket, 'friends:list')).items).toEqual([expect.objectContaining({ id: b.id, online: true })])
  })
})

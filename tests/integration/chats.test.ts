import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { chatLimits, chatsRequests, ChatType, type Chat, type MessagePage } from '../../server/contract/socket/chats'
import { disconnectUser } from '../../server/lib/socket-handler'
import { rawRequest, request, requestResult } from '../helpers/requests'
import { arrives, closeOpenSockets, connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, createUserWithSession, type Player } from '../helpers/users'

let server: TestApp

beforeAll(async () => {
  server = await startTestApp({ manualClock: true })
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

const db = () => server.database.db

const player = (options: { language?: string } = {}) => connectPlayer(server, options.language ? { language: options.language } : {})

const anotherTab = (who: Player): Promise<TestSocket> => connectSocket(server.url, who.token)

/** The id of the oldest message of a history page, the cursor of the next page. */
function oldestId(page: MessagePage): number {
  const oldest = page.items.at(-1)
  if (!oldest) throw new Error(`page of chat ${page.chatId} is empty`)
  return oldest.id
}

/** The general chat `chats:check` lists for a player. */
async function generalChatOf(who: Player): Promise<Chat> {
  const general = (await requestResult(who.socket, 'chats:check')).items.find((item) => item.type === ChatType.General)
  if (!general) throw new Error(`no general chat for ${who.id}`)
  return general
}

const disconnected = (socket: TestSocket) => new Promise<void>((resolve) => socket.once('disconnect', () => resolve()))

async function messageCount(chatId?: number): Promise<number> {
  let query = db().selectFrom('chat_messages').select(sql<number>`count(*)::int`.as('n'))
  if (chatId !== undefined) query = query.where('chat_id', '=', chatId)
  return (await query.executeTakeFirstOrThrow()).n
}

async function memberIds(chatId: number): Promise<number[]> {
  const rows = await db().selectFrom('chat_members').select('user_id').where('chat_id', '=', chatId).orderBy('user_id').execute()
  return rows.map((row) => row.user_id)
}

/** A one-to-one chat between two players, opened by the first. */
async function direct(a: Player, b: Player): Promise<number> {
  const chat = await requestResult(a.socket, 'chat:create', { id: b.id })
  expect(chat.type).toBe(ChatType.OneToOne)
  return chat.id
}

/** Writes messages straight to the database (history tests need more than the send rate allows). */
async function seedMessages(chatId: number, userId: number, count: number): Promise<number[]> {
  const rows = await db()
    .insertInto('chat_messages')
    .values(Array.from({ length: count }, (_, index) => ({ chat_id: chatId, user_id: userId, text: `message ${index + 1}` })))
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

describe('chats: access and input', () => {
  it('answers every chat event from an anonymous socket with errors.unauthorized and writes nothing', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    const before = await messageCount()
    const anonymous = await connectSocket(server.url)
    const payloads: Record<string, unknown> = {
      'chat:create': { id: a.id },
      'chat:close': { chatId },
      'chat:messages': { chatId },
      'chat:message': { id: chatId, message: 'hello' },
      'chat:load': { chatId },
      'chat:read': { chatId, messageId: 1 },
      'chat:group:create': { userId: a.id },
      'chat:group:messages': { chatId },
      'chat:group:message': { chatId, message: 'hello' },
      'chat:group:invite': { chatId, userId: a.id },
      'chat:group:leave': { chatId },
      'chat:group:close': { chatId },
      'chat:game:join': { lobbyId: 1 },
      'chat:game:leave': { lobbyId: 1 },
    }
    for (const event of Object.keys(chatsRequests)) {
      expect(await rawRequest(anonymous, event, payloads[event]), event).toEqual({ error: 'errors.unauthorized' })
    }
    expect(await messageCount()).toBe(before)
    expect(await db().selectFrom('chats').select('id').where('type', '=', ChatType.Game).execute()).toEqual([])
  })

  it('refuses malformed payloads with a code and the field, and writes nothing', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    expect(await rawRequest(a.socket, 'chat:message', { id: 'one', message: 'hi' })).toEqual({ error: 'errors.invalid_value', field: 'id' })
    expect(await rawRequest(a.socket, 'chat:message', { id: chatId })).toEqual({ error: 'errors.required', field: 'message' })
    expect(await rawRequest(a.socket, 'chat:message', { id: chatId, message: 42 })).toEqual({ error: 'errors.invalid_value', field: 'message' })
    expect(await rawRequest(a.socket, 'chat:group:message', { chatId, message: 'hi', html: true })).toEqual({ error: 'errors.unknown_field', field: 'html' })
    expect(await request(a.socket, 'chat:messages', { chatId: 0 })).toEqual({ error: 'errors.invalid_value', field: 'chatId' })
    expect(await rawRequest(a.socket, 'chat:message')).toEqual({ error: 'errors.validation' })
    expect(await messageCount(chatId)).toBe(0)
  })

  it('survives requests sent without an ack function', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    const pushed = nextEvent(b.socket, 'chat:message:new')
    ;(a.socket as any).emit('chat:message', { id: chatId, message: 'no ack needed' })
    ;(a.socket as any).emit('chat:messages', { chatId: 'broken' })
    ;(a.socket as any).emit('chats:check')
    expect((await pushed).text).toBe('no ack needed')
    expect((await requestResult(a.socket, 'chat:messages', { chatId })).items).toHaveLength(1)
  })
})

describe('chats: one-to-one', () => {
  it('delivers a message as plain text, byte for byte, and opens the chat for the other side', async () => {
    const a = await player()
    const b = await player()
    const chat = await requestResult(a.socket, 'chat:create', { id: b.id })
    expect(chat).toMatchObject({ type: ChatType.OneToOne, name: b.nickname, unread: 0, lastMessage: null })
    expect(chat.members.map((member) => member.id).sort()).toEqual([a.id, b.id].sort())
    expect((await requestResult(b.socket, 'chats:check')).items.filter((item) => item.type === ChatType.OneToOne)).toEqual([])

    const text = '<b>x</b> & <script>alert(1)</script> "quoted" \'single\''
    const opened = nextEvent(b.socket, 'chat:new')
    const pushed = nextEvent(b.socket, 'chat:message:new')
    const echoed = arrives(a.socket, 'chat:message:new')
    const sent = await requestResult(a.socket, 'chat:message', { id: chat.id, message: text })
    expect(sent).toMatchObject({ chatId: chat.id, chatType: ChatType.OneToOne, text, user: { id: a.id, nickname: a.nickname } })
    expect(await opened).toMatchObject({ id: chat.id, name: a.nickname, unread: 1 })
    expect(await pushed).toEqual(sent)
    expect(await echoed).toBe(false)

    const stored = await db().selectFrom('chat_messages').select('text').where('id', '=', sent.id).executeTakeFirstOrThrow()
    expect(stored.text).toBe(text)
    const page = await requestResult(b.socket, 'chat:messages', { chatId: chat.id })
    expect(page.items[0]?.text).toBe(text)
  })

  it('sends a message to the sender\u2019s other tabs too', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    const tab = await anotherTab(a)
    const pushed = nextEvent(tab, 'chat:message:new')
    const sent = await requestResult(a.socket, 'chat:message', { id: chatId, message: 'from my phone' })
    expect(await pushed).toEqual(sent)
  })

  it('counts unread messages in the database: they survive a reconnect until marked read', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    await request(a.socket, 'chat:message', { id: chatId, message: 'one' })
    const last = await requestResult(a.socket, 'chat:message', { id: chatId, message: 'two' })

    const unreadOf = async (socket: TestSocket) => (await requestResult(socket, 'chats:check')).items.find((item) => item.id === chatId)?.unread
    expect(await unreadOf(a.socket)).toBe(0)
    b.socket.disconnect()
    const reloaded = await anotherTab(b)
    expect(await unreadOf(reloaded)).toBe(2)
    expect((await requestResult(reloaded, 'chats:check')).items.find((item) => item.id === chatId)?.lastMessage).toMatchObject({ id: last.id, text: 'two' })

    expect(await request(reloaded, 'chat:read', { chatId, messageId: last.id - 1 })).toEqual({ chatId, unread: 1 })
    expect(await request(reloaded, 'chat:read', { chatId, messageId: last.id })).toEqual({ chatId, unread: 0 })
    // A read mark never moves back.
    expect(await request(reloaded, 'chat:read', { chatId, messageId: 1 })).toEqual({ chatId, unread: 0 })
    reloaded.disconnect()
    expect(await unreadOf(await anotherTab(b))).toBe(0)
  })

  it('trims a message before storing and sending it', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    const sent = await requestResult(a.socket, 'chat:message', { id: chatId, message: '   hello there \n\t ' })
    expect(sent.text).toBe('hello there')
    expect((await db().selectFrom('chat_messages').select('text').where('id', '=', sent.id).executeTakeFirstOrThrow()).text).toBe('hello there')
  })

  it('refuses an empty or blank message with errors.message_empty and writes nothing', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    const told = arrives(b.socket, 'chat:message:new')
    expect(await request(a.socket, 'chat:message', { id: chatId, message: '' })).toEqual({ error: 'errors.message_empty', field: 'message' })
    expect(await request(a.socket, 'chat:message', { id: chatId, message: ' \n\t ' })).toEqual({ error: 'errors.message_empty', field: 'message' })
    expect(await messageCount(chatId)).toBe(0)
    expect(await told).toBe(false)
  })

  it('refuses a message over 2000 characters with errors.message_too_long and writes nothing; 2000 is fine', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    expect(await request(a.socket, 'chat:message', { id: chatId, message: 'x'.repeat(chatLimits.messageMax + 1) })).toEqual({ error: 'errors.message_too_long', field: 'message' })
    expect(await request(a.socket, 'chat:message', { id: chatId, message: 'я'.repeat(chatLimits.messageMax + 1) })).toEqual({ error: 'errors.message_too_long', field: 'message' })
    expect(await messageCount(chatId)).toBe(0)
    const longest = await requestResult(a.socket, 'chat:message', { id: chatId, message: `  ${'😀'.repeat(chatLimits.messageMax)}  ` })
    expect([...longest.text]).toHaveLength(chatLimits.messageMax)
    expect(await messageCount(chatId)).toBe(1)
  })

  it('refuses more than 5 messages a second from one user with errors.rate_limited and the seconds to wait, storing only those it accepted', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => request(a.socket, 'chat:message', { id: chatId, message: `burst ${index}` })))
    const refused = answers.filter((answer) => 'error' in answer)
    expect(refused).toHaveLength(3)
    for (const answer of refused) expect(answer).toEqual({ error: 'errors.rate_limited', retryAfter: 1 })
    expect(await messageCount(chatId)).toBe(5)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    expect((await requestResult(a.socket, 'chat:message', { id: chatId, message: 'after a pause' })).text).toBe('after a pause')
  })

  it('lets only members read or write: others get errors.not_chat_member and nothing is written', async () => {
    const a = await player()
    const b = await player()
    const stranger = await player()
    const chatId = await direct(a, b)
    await request(a.socket, 'chat:message', { id: chatId, message: 'private' })
    const leaked = arrives(stranger.socket, 'chat:message:new')
    for (const [event, payload] of [
      ['chat:message', { id: chatId, message: 'let me in' }],
      ['chat:group:message', { chatId, message: 'let me in' }],
      ['chat:messages', { chatId }],
      ['chat:load', { chatId }],
      ['chat:read', { chatId, messageId: 1 }],
      ['chat:close', { chatId }],
    ] as const) {
      expect(await request(stranger.socket, event, payload), event).toEqual({ error: 'errors.not_chat_member' })
    }
    expect(await messageCount(chatId)).toBe(1)
    expect(await memberIds(chatId)).toEqual([a.id, b.id].sort((x, y) => x - y))
    await request(b.socket, 'chat:message', { id: chatId, message: 'still private' })
    expect(await leaked).toBe(false)
  })

  it('answers an unknown chat or user with errors.not_found, and a chat with yourself with errors.chat_with_self', async () => {
    const a = await player()
    const chatsBefore = await db().selectFrom('chats').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
    expect(await request(a.socket, 'chat:message', { id: 999_999, message: 'hello?' })).toEqual({ error: 'errors.not_found' })
    expect(await request(a.socket, 'chat:messages', { chatId: 999_999 })).toEqual({ error: 'errors.not_found' })
    expect(await request(a.socket, 'chat:load', { chatId: 999_999 })).toEqual({ error: 'errors.not_found' })
    expect(await request(a.socket, 'chat:create', { id: 999_999 })).toEqual({ error: 'errors.not_found', field: 'id' })
    expect(await request(a.socket, 'chat:create', { id: a.id })).toEqual({ error: 'errors.chat_with_self', field: 'id' })
    expect(await request(a.socket, 'chat:group:create', { userId: 999_999 })).toEqual({ error: 'errors.not_found', field: 'userId' })
    const chatsAfter = await db().selectFrom('chats').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()
    expect(chatsAfter.n).toBe(chatsBefore.n)
  })

  it('opens the same chat for a pair whoever asks', async () => {
    const a = await player()
    const b = await player()
    const first = await direct(a, b)
    expect(await direct(b, a)).toBe(first)
  })

  it('loads history in pages of 20, newest first, by cursor; a short page marks the end', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    const ids = await seedMessages(chatId, a.id, 45)
    const newestFirst = [...ids].reverse()

    const first = await requestResult(b.socket, 'chat:messages', { chatId })
    expect(first.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 20))
    expect(first).toMatchObject({ chatId, end: false })
    const second = await requestResult(b.socket, 'chat:messages', { chatId, before: oldestId(first) })
    expect(second.items.map((item) => item.id)).toEqual(newestFirst.slice(20, 40))
    expect(second.end).toBe(false)
    const third = await requestResult(b.socket, 'chat:messages', { chatId, before: oldestId(second) })
    expect(third.items.map((item) => item.id)).toEqual(newestFirst.slice(40))
    expect(third.end).toBe(true)
    expect(third.items.at(-1)).toMatchObject({ text: 'message 1', user: { id: a.id } })

    const loaded = await requestResult(b.socket, 'chat:load', { chatId })
    expect(loaded.chat).toMatchObject({ id: chatId, unread: 45 })
    expect(loaded.messages.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 20))
  })

  it('marks the end only after a full page when exactly 20 messages exist', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    const ids = await seedMessages(chatId, a.id, 20)
    const first = await requestResult(a.socket, 'chat:messages', { chatId })
    expect(first.items).toHaveLength(20)
    expect(first.end).toBe(false)
    expect(await request(a.socket, 'chat:messages', { chatId, before: Math.min(...ids) })).toEqual({ chatId, items: [], end: true })
  })

  it('closes a chat in every tab of its user; the next message opens it again', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    await request(b.socket, 'chat:message', { id: chatId, message: 'hi' })
    const tab = await anotherTab(a)
    const closedElsewhere = nextEvent(tab, 'chat:close')
    expect(await request(a.socket, 'chat:close', { chatId })).toEqual({ ok: true })
    expect(await closedElsewhere).toEqual({ chatId })
    expect((await requestResult(a.socket, 'chats:check')).items.some((item) => item.id === chatId)).toBe(false)

    const reopened = nextEvent(a.socket, 'chat:new')
    const pushed = nextEvent(a.socket, 'chat:message:new')
    await request(b.socket, 'chat:message', { id: chatId, message: 'are you there?' })
    expect(await reopened).toMatchObject({ id: chatId, unread: 2 })
    expect((await pushed).text).toBe('are you there?')
    expect((await requestResult(a.socket, 'chats:check')).items.some((item) => item.id === chatId)).toBe(true)
  })
})

describe('chats: party', () => {
  it('creates a party, invites, talks, and tells members who joins and leaves', async () => {
    const owner = await player()
    const friend = await player()
    const invited = await player()

    const shown = nextEvent(friend.socket, 'chat:new')
    const party = await requestResult(owner.socket, 'chat:group:create', { userId: friend.id })
    expect(party).toMatchObject({ type: ChatType.Party, ownerId: owner.id })
    expect(party.members.map((member) => member.id)).toEqual([owner.id, friend.id])
    expect(await shown).toMatchObject({ id: party.id, type: ChatType.Party })
    expect((await requestResult(friend.socket, 'chats:group:check')).items.map((item) => item.id)).toEqual([party.id])

    const heard = nextEvent(owner.socket, 'chat:message:new')
    const sent = await requestResult(friend.socket, 'chat:group:message', { chatId: party.id, message: 'ready?' })
    expect(await heard).toEqual(sent)
    expect(sent.chatType).toBe(ChatType.Party)

    const joined = nextEvent(friend.socket, 'chat:member:joined')
    const welcomed = nextEvent(invited.socket, 'chat:new')
    const afterInvite = await requestResult(owner.socket, 'chat:group:invite', { chatId: party.id, userId: invited.id })
    expect(afterInvite.members.map((member) => member.id)).toEqual([owner.id, friend.id, invited.id])
    expect(await joined).toMatchObject({ chatId: party.id, user: { id: invited.id, nickname: invited.nickname } })
    expect(await welcomed).toMatchObject({ id: party.id, unread: 0 })
    // Inviting a member again changes nothing.
    expect((await requestResult(owner.socket, 'chat:group:invite', { chatId: party.id, userId: invited.id })).members).toHaveLength(3)

    const toOwner = nextEvent(owner.socket, 'chat:message:new')
    const toFriend = nextEvent(friend.socket, 'chat:message:new')
    await request(invited.socket, 'chat:group:message', { chatId: party.id, message: 'thanks!' })
    expect((await toOwner).text).toBe('thanks!')
    expect((await toFriend).text).toBe('thanks!')
    const history = await requestResult(invited.socket, 'chat:group:messages', { chatId: party.id })
    expect(history.items.map((item) => item.text)).toEqual(['thanks!', 'ready?'])

    const left = nextEvent(owner.socket, 'chat:member:left')
    expect(await request(invited.socket, 'chat:group:leave', { chatId: party.id })).toEqual({ ok: true })
    expect(await left).toEqual({ chatId: party.id, userId: invited.id })
    expect(await request(invited.socket, 'chat:group:message', { chatId: party.id, message: 'one more' })).toEqual({ error: 'errors.not_chat_member' })
    expect(await request(invited.socket, 'chats:group:check')).toEqual({ items: [] })
    expect(await memberIds(party.id)).toEqual([owner.id, friend.id].sort((x, y) => x - y))
  })

  it('refuses invitations from outsiders and of unknown users, writing nothing', async () => {
    const owner = await player()
    const friend = await player()
    const outsider = await player()
    const party = await requestResult(owner.socket, 'chat:group:create', { userId: friend.id })
    expect(await request(outsider.socket, 'chat:group:invite', { chatId: party.id, userId: outsider.id })).toEqual({ error: 'errors.not_chat_member' })
    expect(await request(owner.socket, 'chat:group:invite', { chatId: party.id, userId: 999_999 })).toEqual({ error: 'errors.not_found', field: 'userId' })
    expect(await request(owner.socket, 'chat:group:invite', { chatId: 999_999, userId: outsider.id })).toEqual({ error: 'errors.not_found' })
    expect(await memberIds(party.id)).toEqual([owner.id, friend.id].sort((x, y) => x - y))
  })

  it('refuses a member over the party limit with errors.chat_full', async () => {
    const owner = await player()
    const friend = await player()
    const late = await player()
    const party = await requestResult(owner.socket, 'chat:group:create', { userId: friend.id })
    const fillers = []
    for (let index = 0; index < chatLimits.partyMembersMax - 2; index += 1) fillers.push((await createUserWithSession(db())).user.id)
    await db()
      .insertInto('chat_members')
      .values(fillers.map((userId) => ({ chat_id: party.id, user_id: userId })))
      .execute()
    expect(await request(owner.socket, 'chat:group:invite', { chatId: party.id, userId: late.id })).toEqual({ error: 'errors.chat_full' })
    expect(await memberIds(party.id)).toHaveLength(chatLimits.partyMembersMax)
  })

  it('hands the party to the next member when its owner leaves', async () => {
    const owner = await player()
    const friend = await player()
    const party = await requestResult(owner.socket, 'chat:group:create', { userId: friend.id })
    await request(owner.socket, 'chat:group:leave', { chatId: party.id })
    const [mine] = (await requestResult(friend.socket, 'chats:group:check')).items
    expect(mine).toMatchObject({ id: party.id, ownerId: friend.id })
    expect(mine?.members.map((member) => member.id)).toEqual([friend.id])
  })

  it('lets only the owner close a party; then it is gone for everyone', async () => {
    const owner = await player()
    const friend = await player()
    const party = await requestResult(owner.socket, 'chat:group:create', { userId: friend.id })
    await request(friend.socket, 'chat:group:message', { chatId: party.id, message: 'bye soon' })

    expect(await request(friend.socket, 'chat:group:close', { chatId: party.id })).toEqual({ error: 'errors.forbidden' })
    const closedFor = nextEvent(friend.socket, 'chat:close')
    expect(await request(owner.socket, 'chat:group:close', { chatId: party.id })).toEqual({ ok: true })
    expect(await closedFor).toEqual({ chatId: party.id })
    expect(await request(friend.socket, 'chat:group:message', { chatId: party.id, message: 'hello?' })).toEqual({ error: 'errors.not_found' })
    expect(await request(friend.socket, 'chats:group:check')).toEqual({ items: [] })
    expect(await messageCount(party.id)).toBe(1)
  })
})

describe('chats: game', () => {
  it('puts players of a lobby in its chat, refuses outsiders, and takes players out', async () => {
    const a = await player()
    const b = await player()
    const lobbyId = (await requestResult(a.socket, 'mafia:create:lobby', { name: 'Game chat table', language: 'en' })).id
    const joinedA = await requestResult(a.socket, 'chat:game:join', { lobbyId })
    expect(joinedA.chat).toMatchObject({ type: ChatType.Game, lobbyId })
    expect(joinedA.messages).toEqual({ chatId: joinedA.chat.id, items: [], end: true })

    // Sitting down at the table brings the player into its chat. (The creator's own arrival in the
    // chat is announced after the create answer, so it may still come in first: wait for b's.)
    const seen = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no chat:member:joined for b within 5000 ms')), 5000)
      const listener = (payload: { user: { id: number } }) => {
        if (payload.user.id !== b.id) return
        clearTimeout(timer)
        a.socket.off('chat:member:joined', listener as never)
        resolve(payload)
      }
      a.socket.on('chat:member:joined', listener as never)
    })
    await requestResult(b.socket, 'mafia:join:lobby', { id: lobbyId })
    expect(await seen).toMatchObject({ chatId: joinedA.chat.id, user: { id: b.id } })
    const joinedB = await requestResult(b.socket, 'chat:game:join', { lobbyId })
    expect(joinedB.chat.id).toBe(joinedA.chat.id)

    // Someone who is neither seated nor watching cannot read the table's chat.
    const outsider = await player()
    expect(await request(outsider.socket, 'chat:game:join', { lobbyId })).toHaveProperty('error')

    const heard = nextEvent(a.socket, 'chat:message:new')
    const sent = await requestResult(b.socket, 'chat:group:message', { chatId: joinedA.chat.id, message: 'good luck' })
    expect(await heard).toEqual(sent)
    expect(sent.chatType).toBe(ChatType.Game)

    const left = nextEvent(b.socket, 'chat:member:left')
    expect(await request(a.socket, 'chat:game:leave', { lobbyId })).toEqual({ ok: true })
    expect(await left).toEqual({ chatId: joinedA.chat.id, userId: a.id })
    const missed = arrives(a.socket, 'chat:message:new')
    await request(b.socket, 'chat:group:message', { chatId: joinedA.chat.id, message: 'gone?' })
    expect(await missed).toBe(false)
    expect(await request(a.socket, 'chat:group:message', { chatId: joinedA.chat.id, message: 'wait' })).toEqual({ error: 'errors.not_chat_member' })
    expect(await request(a.socket, 'chat:game:leave', { lobbyId })).toEqual({ error: 'errors.not_found' })
    expect(await messageCount(joinedA.chat.id)).toBe(2)
  })
})

describe('chats: general', () => {
  it('is one room per interface language that every signed-in user reads and writes', async () => {
    const english = await player({ language: 'en' })
    const alsoEnglish = await player({ language: 'en' })
    const german = await player({ language: 'de' })

    const general = await generalChatOf(english)
    expect(general).toMatchObject({ type: ChatType.General, language: 'en' })
    const germanGeneral = await generalChatOf(german)
    expect(germanGeneral).toMatchObject({ language: 'de' })
    expect(germanGeneral.id).not.toBe(general.id)

    const heard = nextEvent(alsoEnglish.socket, 'chat:message:new')
    const notHeard = arrives(german.socket, 'chat:message:new')
    const sent = await requestResult(english.socket, 'chat:group:message', { chatId: general.id, message: 'hello everyone' })
    expect(sent.chatType).toBe(ChatType.General)
    expect(await heard).toEqual(sent)
    expect(await notHeard).toBe(false)

    // Loading another language's general chat shows its history and its messages from then on.
    const loaded = await requestResult(german.socket, 'chat:load', { chatId: general.id })
    expect(loaded.messages.items[0]).toMatchObject({ id: sent.id, text: 'hello everyone' })
    const nowHeard = nextEvent(german.socket, 'chat:message:new')
    await request(alsoEnglish.socket, 'chat:group:message', { chatId: general.id, message: 'welcome' })
    expect((await nowHeard).text).toBe('welcome')
  })
})

describe('chats: sessions that end', () => {
  it('disconnects every socket of a user on request, telling them why', async () => {
    const a = await player()
    const tab = await anotherTab(a)
    const told = nextEvent(a.socket, 'auth:revoked')
    const toldTab = nextEvent(tab, 'auth:revoked')
    const gone = Promise.all([disconnected(a.socket), disconnected(tab)])
    disconnectUser(server.app.io, a.id, 'banned')
    expect(await told).toEqual({ reason: 'banned' })
    expect(await toldTab).toEqual({ reason: 'banned' })
    await gone
  })

  it('notices a ban on the next request after the session check interval: refuses it, writes nothing, disconnects', async () => {
    const a = await player()
    const b = await player()
    const chatId = await direct(a, b)
    await db()
      .insertInto('bans')
      .values({ user_id: a.id, reason: 'spam', until: new Date(Date.now() + 7 * 24 * 3600_000) })
      .execute()
    server.clock?.advance(5 * 60_000)
    const told = nextEvent(a.socket, 'auth:revoked')
    const gone = disconnected(a.socket)
    expect(await request(a.socket, 'chat:message', { id: chatId, message: 'spam spam' })).toEqual({ error: 'errors.banned' })
    expect(await told).toEqual({ reason: 'banned' })
    await gone
    expect(await messageCount(chatId)).toBe(0)
    await expect(connectSocket(server.url, a.token)).rejects.toThrow()
  })

  it('signs out a socket whose session was revoked elsewhere', async () => {
    const a = await player()
    await db().updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', a.id).execute()
    server.clock?.advance(5 * 60_000)
    const told = nextEvent(a.socket, 'auth:revoked')
    expect(await request(a.socket, 'chats:check')).toEqual({ error: 'errors.unauthorized' })
    expect(await told).toEqual({ reason: 'logout' })
  })
})

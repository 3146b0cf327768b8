import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { chatLimits, ChatType, type ChatMessage } from '../../server/contract/socket/chats'
import { request, requestResult } from '../helpers/requests'
import { closeOpenSockets, connectSocket, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, createUserWithSession, type Player } from '../helpers/users'

// Messages that reach the server together are checked and stored together (one statement per
// batch). These tests send many at once, as a busy chat does, and check that each still behaves
// as if it had been sent alone.

let server: TestApp

beforeAll(async () => {
  server = await startTestApp()
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

const db = () => server.database.db

/** Everyone's allowance is five messages at once (`chatLimits.messagesPerSecond`): each sender sends that many. */
const burst = chatLimits.messagesPerSecond

/** A party of `size` signed-in users, members before their sockets connect (so the sockets are in its room). */
async function party(size: number): Promise<{ chatId: number; members: Player[] }> {
  const users = await Promise.all(Array.from({ length: size }, () => createUserWithSession(db())))
  const chat = await db()
    .insertInto('chats')
    .values({ type: ChatType.Party, owner_id: users[0]?.user.id as number })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db()
    .insertInto('chat_members')
    .values(users.map(({ user }) => ({ chat_id: chat.id, user_id: user.id })))
    .execute()
  const members = await Promise.all(
    users.map(async ({ user, token }) => ({ id: user.id, nickname: user.nickname, token, socket: await connectSocket(server.url, token) })),
  )
  return { chatId: chat.id, members }
}

/** Records every `chat:message:new` a socket receives, in the order it receives them. */
function recordPushes(socket: TestSocket): ChatMessage[] {
  const received: ChatMessage[] = []
  socket.on('chat:message:new', (message) => received.push(message))
  return received
}

/** Waits until `check` holds (pushes still on their way), or fails after a while. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const until = Date.now() + 5000
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Lets pushes that should not come have their chance to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

async function storedMessages(chatId: number) {
  return db().selectFrom('chat_messages').select(['id', 'user_id', 'text']).where('chat_id', '=', chatId).orderBy('id').execute()
}

async function readMarks(chatId: number) {
  const rows = await db().selectFrom('chat_members').select(['user_id', 'last_read_message_id', 'hidden']).where('chat_id', '=', chatId).orderBy('user_id').execute()
  return rows
}

/** Every sender emits its whole burst without waiting for acks, all senders at once. */
function sendAtOnce(chatId: number, senders: Player[]) {
  return Promise.all(
    senders.flatMap((sender) => Array.from({ length: burst }, (_, index) => request(sender.socket, 'chat:group:message', { chatId, message: `${sender.nickname} #${index}` }))),
  )
}

describe('chats: messages sent at once', () => {
  it('stores them all, in order per sender, acks each with its own id and pushes each once to every other member', async () => {
    const { chatId, members } = await party(5)
    const pushes = new Map(members.map((member) => [member.id, recordPushes(member.socket)]))

    const acks = await sendAtOnce(chatId, members)

    const sent = members.flatMap((sender) => Array.from({ length: burst }, (_, index) => ({ sender, text: `${sender.nickname} #${index}` })))
    expect(acks).toHaveLength(sent.length)
    acks.forEach((ack, index) => {
      const { sender, text } = sent[index] as (typeof sent)[number]
      expect(ack).toMatchObject({ chatId, chatType: ChatType.Party, text, user: { id: sender.id, nickname: sender.nickname } })
    })
    const ids = acks.map((ack) => (ack as ChatMessage).id)
    expect(new Set(ids).size).toBe(ids.length)

    // Stored once each, each under the id its sender was told, and each sender's in the order sent.
    const stored = await storedMessages(chatId)
    expect(stored.map((row) => [row.id, row.user_id, row.text]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      sent.map(({ sender, text }, index) => [ids[index], sender.id, text]).sort((a, b) => Number(a[0]) - Number(b[0])),
    )
    for (const sender of members) {
      expect(stored.filter((row) => row.user_id === sender.id).map((row) => row.text)).toEqual(Array.from({ length: burst }, (_, index) => `${sender.nickname} #${index}`))
    }

    // Each member hears every message of the others once, in the chat's order, and none of their own.
    for (const member of members) {
      const others = stored.filter((row) => row.user_id !== member.id).map((row) => row.id)
      const received = pushes.get(member.id) as ChatMessage[]
      await eventually(() => received.length >= others.length, `member ${member.id} to receive ${others.length} messages`)
      await settle()
      expect(received.map((message) => message.id)).toEqual(others)
    }

    // Each sender has read up to their own newest message.
    expect(await readMarks(chatId)).toEqual(
      members
        .map((member) => ({ user_id: member.id, last_read_message_id: Math.max(...stored.filter((row) => row.user_id === member.id).map((row) => row.id)), hidden: false }))
        .sort((a, b) => a.user_id - b.user_id),
    )
  })

  it('refuses a bad message in a batch with its own error, changing nothing, while the others pass', async () => {
    const { chatId, members } = await party(3)
    const [first, second, third] = members as [Player, Player, Player]
    const outsider = await connectPlayer(server)
    const blocker = await connectPlayer(server)
    const blocked = await connectPlayer(server)
    const blockedChat = await requestResult(blocked.socket, 'chat:create', { id: blocker.id })
    await db().insertInto('user_blocks').values({ blocker_id: blocker.id, blocked_id: blocked.id }).execute()
    const marksBefore = await readMarks(blockedChat.id)
    const partyMarksBefore = await readMarks(chatId)
    const pushes = recordPushes(third.socket)
    const blockerPushes = recordPushes(blocker.socket)

    const answers = await Promise.all([
      request(first.socket, 'chat:group:message', { chatId, message: 'first, fine' }),
      request(outsider.socket, 'chat:group:message', { chatId, message: 'let me in' }),
      request(blocked.socket, 'chat:message', { id: blockedChat.id, message: 'why did you block me' }),
      request(second.socket, 'chat:group:message', { chatId, message: 'x'.repeat(chatLimits.messageMax + 1) }),
      request(first.socket, 'chat:group:message', { chatId: chatId + 100_000, message: 'nowhere' }),
      request(second.socket, 'chat:group:message', { chatId, message: 'second, fine' }),
    ])

    expect(answers[0]).toMatchObject({ chatId, text: 'first, fine', user: { id: first.id } })
    expect(answers[1]).toEqual({ error: 'errors.not_chat_member' })
    expect(answers[2]).toEqual({ error: 'errors.blocked', field: 'id' })
    expect(answers[3]).toEqual({ error: 'errors.message_too_long', field: 'message' })
    expect(answers[4]).toEqual({ error: 'errors.not_found' })
    expect(answers[5]).toMatchObject({ chatId, text: 'second, fine', user: { id: second.id } })

    // Only the two good messages are stored; the refused ones moved no read mark and opened nothing.
    expect((await storedMessages(chatId)).map((row) => [row.user_id, row.text])).toEqual([
      [first.id, 'first, fine'],
      [second.id, 'second, fine'],
    ])
    expect(await storedMessages(blockedChat.id)).toEqual([])
    expect(await readMarks(blockedChat.id)).toEqual(marksBefore)
    const good = [answers[0], answers[5]] as ChatMessage[]
    expect(await readMarks(chatId)).toEqual(
      partyMarksBefore.map((mark) => {
        const own = good.filter((message) => message.user.id === mark.user_id).map((message) => message.id)
        return own.length > 0 ? { ...mark, last_read_message_id: Math.max(...own) } : mark
      }),
    )
    await eventually(() => pushes.length >= 2, 'the two good messages to arrive')
    await settle()
    expect(pushes.map((message) => message.text)).toEqual(['first, fine', 'second, fine'])
    expect(blockerPushes).toEqual([])
  })

  it('reads back in history exactly as the same messages sent one at a time', async () => {
    const one = await party(3)
    const batch = await party(3)

    // The same three people, in the same order, say the same things: one chat one message at a time, the other all at once.
    for (const [index, sender] of one.members.entries()) {
      for (let n = 0; n < burst; n += 1) await requestResult(sender.socket, 'chat:group:message', { chatId: one.chatId, message: `seat ${index} #${n}` })
    }
    const sentTogether = batch.members.flatMap((sender, index) =>
      Array.from({ length: burst }, (_, n) => request(sender.socket, 'chat:group:message', { chatId: batch.chatId, message: `seat ${index} #${n}` })),
    )
    await Promise.all(sentTogether)

    // As each reader sees them: who (by seat) said what, newest first, page by page; and what is unread.
    const readBack = async (chat: { chatId: number; members: Player[] }) => {
      const reader = chat.members[0] as Player
      const seatOf = new Map(chat.members.map((member, index) => [member.id, index]))
      const pages: Array<Array<[number | undefined, string, number]>> = []
      let before: number | undefined
      for (;;) {
        const page = await requestResult(reader.socket, 'chat:group:messages', before === undefined ? { chatId: chat.chatId } : { chatId: chat.chatId, before })
        pages.push(page.items.map((message) => [seatOf.get(message.user.id), message.text, message.chatType]))
        if (page.end) break
        before = page.items.at(-1)?.id
      }
      const unread = await Promise.all(chat.members.map(async (member) => (await requestResult(member.socket, 'chats:group:check')).items.find((item) => item.id === chat.chatId)?.unread))
      return { pages, unread }
    }
    const oneAtATime = await readBack(one)
    const together = await readBack(batch)
    // Per sender, the order is the order sent; across senders a batch may interleave them, as a busy chat does.
    const bySeat = (pages: Array<Array<[number | undefined, string, number]>>) => {
      const all = pages.flat()
      return [0, 1, 2].map((seat) => all.filter((item) => item[0] === seat))
    }
    expect(bySeat(together.pages)).toEqual(bySeat(oneAtATime.pages))
    expect(together.pages.map((page) => page.length)).toEqual(oneAtATime.pages.map((page) => page.length))
    expect(together.unread).toEqual(oneAtATime.unread)
    // A sender has read everything before their own newest message: the first seat has 10 unread, the last none.
    expect(oneAtATime.unread).toEqual([2 * burst, burst, 0])
  })

  it('shows a closed one-to-one chat again once, before the first of several messages sent at once, then the messages in order', async () => {
    const a = await connectPlayer(server)
    const b = await connectPlayer(server)
    const chat = await requestResult(a.socket, 'chat:create', { id: b.id })
    // b has never seen this chat (it opens at its first message).
    const events: Array<{ event: string; payload: unknown }> = []
    b.socket.on('chat:new', (payload) => events.push({ event: 'chat:new', payload }))
    b.socket.on('chat:message:new', (payload) => events.push({ event: 'chat:message:new', payload }))

    const acks = (await Promise.all(Array.from({ length: burst }, (_, n) => requestResult(a.socket, 'chat:message', { id: chat.id, message: `hello ${n}` })))) as ChatMessage[]

    await eventually(() => events.length >= burst + 1, 'the chat and its messages to arrive')
    await settle()
    expect(events.map((item) => item.event)).toEqual(['chat:new', ...acks.map(() => 'chat:message:new')])
    expect(events[0]?.payload).toMatchObject({ id: chat.id, type: ChatType.OneToOne })
    expect(events.slice(1).map((item) => (item.payload as ChatMessage).text)).toEqual(acks.map((ack) => ack.text))
    expect(events.slice(1).map((item) => (item.payload as ChatMessage).id)).toEqual(acks.map((ack) => ack.id))
    expect((await requestResult(b.socket, 'chats:check')).items.find((item) => item.id === chat.id)).toMatchObject({ unread: burst })
  })
})

describe('chats: the send statement', () => {
  const preparedNames = async (connection: ReturnType<typeof db>) => (await sql<{ name: string }>`select name from pg_prepared_statements`.execute(connection)).rows.map((row) => row.name)

  it('is planned once per connection: a statement marked prepared runs under its name with fresh values, an unmarked one stays unnamed', async () => {
    await db()
      .connection()
      .execute(async (connection) => {
        const before = await preparedNames(connection)
        const first = await sql<{ value: number }>`/* prepared:probe_marked */ select ${1}::int as value`.execute(connection)
        const second = await sql<{ value: number }>`/* prepared:probe_marked */ select ${2}::int as value`.execute(connection)
        await sql`select ${3}::int as value`.execute(connection)
        expect([first.rows[0]?.value, second.rows[0]?.value]).toEqual([1, 2])
        expect((await preparedNames(connection)).filter((name) => !before.includes(name))).toEqual(['probe_marked'])
      })
  })

  it('reads back every value exactly as sent: quotes, backslashes, a NUL refused, empty and null lists, dates, negative numbers', async () => {
    const probe = (text: string | null, ids: number[] | null, at: Date, offset: number) =>
      sql<{ text: string | null; ids: number[] | null; at: Date; shifted: number }>`/* prepared:probe_values */
        select ${text}::text as text, ${ids}::int[] as ids, ${at}::timestamptz as at, 10 -${offset} as shifted`.execute(db())
    const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6))
    const tricky = "it's a \\ back'slash'; drop table chats; --"
    expect((await probe(tricky, [3, -1, 2], at, -5)).rows).toEqual([{ text: tricky, ids: [3, -1, 2], at, shifted: 15 }])
    expect((await probe('', [], at, 0)).rows).toEqual([{ text: '', ids: [], at, shifted: 10 }])
    expect((await probe(null, null, at, 1)).rows).toEqual([{ text: null, ids: null, at, shifted: 9 }])
    await expect(probe('a\0b', [], at, 0)).rejects.toThrow()
  })

  it("fails with the database's own error when its text is wrong, at every call", async () => {
    const broken = () => sql`/* prepared:probe_broken */ select ${1}::int as value from no_such_table`.execute(db())
    await expect(broken()).rejects.toThrow(/no_such_table/)
    await expect(broken()).rejects.toThrow(/no_such_table/)
  })

  it('is prepared again at the next call after one that could not prepare it (in a failed transaction)', async () => {
    await db()
      .connection()
      .execute(async (connection) => {
        const probe = (value: number) => sql<{ value: number }>`/* prepared:probe_retried */ select ${value}::int as value`.execute(connection)
        await sql`begin`.execute(connection)
        await expect(sql`select 1 from no_such_table`.execute(connection)).rejects.toThrow(/no_such_table/)
        await expect(probe(1)).rejects.toThrow(/aborted/)
        await sql`rollback`.execute(connection)
        expect((await probe(2)).rows).toEqual([{ value: 2 }])
      })
  })
})

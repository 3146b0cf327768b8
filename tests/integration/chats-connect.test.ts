import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ChatType } from '../../server/contract/socket/chats'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { requestResult } from '../helpers/requests'
import { closeOpenSockets, connectSocket, nextEvent } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer, type Player } from '../helpers/users'

// What every socket asks on connect: its chats with their unread counts, newest messages and
// members, each list in one statement, and the rooms it joins.

/** Counts the statements the app runs. */
class StatementCounter implements KyselyPlugin {
  count = 0
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.count += 1
    return args.node
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result)
  }
}

let database: TestDatabase
let server: TestApp
const statements = new StatementCounter()

beforeAll(async () => {
  database = await createTestDatabase()
  server = await startTestApp({ database: { ...database, db: database.db.withPlugin(statements) }, manualClock: true })
})
afterEach(closeOpenSockets)
afterAll(async () => {
  await server.close()
  await database.dispose()
})

const player = () => connectPlayer(server)

/**
 * Answers a list request and counts the statements it ran (once what earlier requests set off is
 * done). The counter sees every statement of the app, so on a loaded machine a late one (a socket's
 * connection report, a session's last use) can fall into a request's window: the request is asked
 * three times and the fewest counted. A list that takes two statements still counts two each time.
 */
async function listed(who: Player, event: 'chats:check' | 'chats:group:check') {
  let fewest = Number.POSITIVE_INFINITY
  let items: Awaited<ReturnType<typeof requestResult<typeof event>>>['items'] = []
  for (let attempt = 0; attempt < 3 && fewest > 1; attempt++) {
    for (let settled = -1; settled !== statements.count; ) {
      settled = statements.count
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const before = statements.count
    ;({ items } = await requestResult(who.socket, event))
    fewest = Math.min(fewest, statements.count - before)
  }
  return { items, statements: fewest }
}

describe('chats on connect', () => {
  it('lists one-to-one chats newest first with unread counts, newest message and the other member, the general chat last, in one statement', async () => {
    const me = await player()
    const [quiet, chatty] = [await player(), await player()]
    const older = await requestResult(me.socket, 'chat:create', { id: quiet.id })
    const newer = await requestResult(me.socket, 'chat:create', { id: chatty.id })
    await requestResult(quiet.socket, 'chat:message', { id: older.id, message: 'first' })
    await requestResult(me.socket, 'chat:message', { id: newer.id, message: 'mine' })
    await requestResult(chatty.socket, 'chat:message', { id: newer.id, message: 'one' })
    const last = await requestResult(chatty.socket, 'chat:message', { id: newer.id, message: 'two' })

    const { items, statements: used } = await listed(me, 'chats:check')
    expect(used).toBe(1)
    expect(items.map((item) => item.type)).toEqual([ChatType.OneToOne, ChatType.OneToOne, ChatType.General])
    const [first, second, general] = items
    expect(first).toMatchObject({ id: newer.id, name: chatty.nickname, unread: 2, lastMessage: { text: 'two', user: { id: chatty.id } } })
    expect(first?.members.map((member) => member.id)).toEqual([me.id, chatty.id])
    expect(second).toMatchObject({ id: older.id, name: quiet.nickname, unread: 1, lastMessage: { text: 'first' } })
    expect(general).toMatchObject({ unread: 0, members: [] })
    expect(new Date(first?.createdAt ?? '').getTime()).not.toBeNaN()

    // Read up to the last message of the other: nothing unread there any more.
    await requestResult(me.socket, 'chat:read', { chatId: newer.id, messageId: last.id })
    expect((await listed(me, 'chats:check')).items.find((item) => item.id === newer.id)?.unread).toBe(0)
  })

  it('lists parties with their members in the order they joined, in one statement; a new socket is in its chats’ rooms', async () => {
    const owner = await player()
    const friend = await player()
    const party = await requestResult(owner.socket, 'chat:group:create', { userId: friend.id })
    const { items, statements: used } = await listed(friend, 'chats:group:check')
    expect(used).toBe(1)
    expect(items).toEqual([expect.objectContaining({ id: party.id, type: ChatType.Party, ownerId: owner.id, unread: 0, lastMessage: null })])
    expect(items[0]?.members.map((member) => member.id)).toEqual([owner.id, friend.id])

    const laterTab = await connectSocket(server.url, friend.token)
    const heard = nextEvent(laterTab, 'chat:message:new')
    const sent = await requestResult(owner.socket, 'chat:group:message', { chatId: party.id, message: 'ready?' })
    expect(await heard).toEqual(sent)
  })
})

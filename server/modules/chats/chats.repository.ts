import { sql, type Kysely } from 'kysely'
import type { ChatRow, Database } from '../../../db/schema'
import { ChatType } from '../../contract/socket/chats'
import { blockedEitherWay, lockUser } from '../friends'

const serverRole = 4

/** A message with its author, as history and lists read it. */
export interface MessageRow {
  id: number
  chat_id: number
  user_id: number
  text: string
  created_at: Date
  nickname: string
  avatar: string | null
  is_premium: boolean
}

/** A chat as its list shows it to one user (`chatSummaries`); `members` only for one-to-one chats and parties. */
export type ChatSummaryRow = ChatRow & { unread: number; last: MessageRow | null; members: MemberCardRow[] | null }

export interface MemberCardRow {
  chat_id: number
  id: number
  nickname: string
  official_nickname: string | null
  avatar: string | null
  is_premium: boolean
}

const messageColumns = [
  'chat_messages.id',
  'chat_messages.chat_id',
  'chat_messages.user_id',
  'chat_messages.text',
  'chat_messages.created_at',
  'users.nickname',
  'users.avatar',
  'users.is_premium',
] as const

/** A message to store: its chat, its author, its text (already checked). */
export interface OutgoingMessage {
  chatId: number
  userId: number
  text: string
}

/** Whether a message's author may write in its chat, as one query reads it. */
export interface SendAccess {
  type: number
  closed_at: Date | null
  member_id: number | null
  blocked: boolean
}

/** What became of one message of a batch: the author's access (null: no such chat), and the stored message (null: not written). */
export interface SendOutcome {
  access: SendAccess | null
  message: { id: number; created_at: Date; reopened: number[] } | null
}

/** All SQL about chats, their members, messages and read marks. */
function chatsQueries(db: Kysely<Database>) {
  return {

    findChat(chatId: number): Promise<ChatRow | undefined> {
      return db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst()
    },

    /** The chat, locked until the transaction ends (membership changes of one party go one at a time). */
    lockChat(chatId: number): Promise<ChatRow | undefined> {
      return db.selectFrom('chats').selectAll().where('id', '=', chatId).forUpdate().executeTakeFirst()
    },

    member(chatId: number, userId: number) {
      return db.selectFrom('chat_members').selectAll().where('chat_id', '=', chatId).where('user_id', '=', userId).executeTakeFirst()
    },

    /** A person's card; undefined for unknown users and server accounts. */
    userCard(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'nickname', 'official_nickname', 'avatar', 'is_premium'])
        .where('id', '=', userId)
        .where('role_id', '<>', serverRole)
        .executeTakeFirst()
    },

    findByPair(pairKey: string): Promise<ChatRow | undefined> {
      return db.selectFrom('chats').selectAll().where('pair_key', '=', pairKey).executeTakeFirst()
    },

    /** Creates a one-to-one chat; undefined when a concurrent request created the pair's chat first. */
    insertDirect(pairKey: string): Promise<ChatRow | undefined> {
      return db
        .insertInto('chats')
        .values({ type: 0, pair_key: pairKey })
        .onConflict((conflict) => conflict.column('pair_key').doNothing())
        .returningAll()
        .executeTakeFirst()
    },

    insertParty(ownerId: number): Promise<ChatRow> {
      return db.insertInto('chats').values({ type: 3, owner_id: ownerId }).returningAll().executeTakeFirstOrThrow()
    },

    /** The general chat of a language, created on first use. */
    async generalChat(language: string): Promise<ChatRow> {
      await db
        .insertInto('chats')
        .values({ type: 1, language })
        .onConflict((conflict) => conflict.column('language').where('type', '=', 1).doNothing())
        .execute()
      return db.selectFrom('chats').selectAll().where('type', '=', 1).where('language', '=', language).executeTakeFirstOrThrow()
    },

    /** The game chat of a lobby, created on first use. */
    async gameChat(lobbyId: number): Promise<ChatRow> {
      await db
        .insertInto('chats')
        .values({ type: 2, lobby_id: lobbyId })
        .onConflict((conflict) => conflict.column('lobby_id').where('type', '=', 2).doNothing())
        .execute()
      return db.selectFrom('chats').selectAll().where('type', '=', 2).where('lobby_id', '=', lobbyId).executeTakeFirstOrThrow()
    },

    findGameChat(lobbyId: number): Promise<ChatRow | undefined> {
      return db.selectFrom('chats').selectAll().where('type', '=', 2).where('lobby_id', '=', lobbyId).executeTakeFirst()
    },

    /** Adds a member; false when they already were one. New members have read everything before they joined. */
    async addMember(chatId: number, userId: number, options: { hidden?: boolean } = {}): Promise<boolean> {
      const rows = await db
        .insertInto('chat_members')
        .values((eb) => ({
          chat_id: chatId,
          user_id: userId,
          hidden: options.hidden ?? false,
          last_read_message_id: eb.fn.coalesce(eb.selectFrom('chat_messages').select((inner) => inner.fn.max('id').as('max_id')).where('chat_id', '=', chatId), sql.lit(0)),
        }))
        .onConflict((conflict) => conflict.columns(['chat_id', 'user_id']).doNothing())
        .returning('user_id')
        .execute()
      return rows.length > 0
    },

    setHidden(chatId: number, userId: number, hidden: boolean) {
      return db.updateTable('chat_members').set({ hidden }).where('chat_id', '=', chatId).where('user_id', '=', userId).execute()
    },

    async removeMember(chatId: number, userId: number): Promise<boolean> {
      const rows = await db.deleteFrom('chat_members').where('chat_id', '=', chatId).where('user_id', '=', userId).returning('user_id').execute()
      return rows.length > 0
    },

    async countMembers(chatId: number): Promise<number> {
      const row = await db.selectFrom('chat_members').select(sql<number>`count(*)::int`.as('count')).where('chat_id', '=', chatId).executeTakeFirstOrThrow()
      return row.count
    },

    /** The member who joined first, the next owner of a party its owner left. */
    async oldestMember(chatId: number): Promise<number | undefined> {
      const row = await db.selectFrom('chat_members').select('user_id').where('chat_id', '=', chatId).orderBy('joined_at').orderBy('user_id').executeTakeFirst()
      return row?.user_id
    },

    setOwner(chatId: number, userId: number) {
      return db.updateTable('chats').set({ owner_id: userId }).where('id', '=', chatId).execute()
    },

    closeChat(chatId: number, at: Date) {
      return db.updateTable('chats').set({ closed_at: at }).where('id', '=', chatId).execute()
    },

    /**
     * The chat, whether the user is a member, and (one-to-one chats) whether either of the two
     * blocked the other: one query on the hot path of sending.
     */
    chatAccess(chatId: number, userId: number) {
      return db
        .selectFrom('chats')
        .leftJoin('chat_members', (join) => join.onRef('chat_members.chat_id', '=', 'chats.id').on('chat_members.user_id', '=', userId))
        .selectAll('chats')
        .select('chat_members.user_id as member_id')
        .select(
          sql<boolean>`chats.type = 0 and exists (
            select 1 from chat_members other
            join user_blocks on (user_blocks.blocker_id = other.user_id and user_blocks.blocked_id = ${userId})
              or (user_blocks.blocker_id = ${userId} and user_blocks.blocked_id = other.user_id)
            where other.chat_id = chats.id and other.user_id <> ${userId})`.as('blocked'),
        )
        .where('chats.id', '=', chatId)
        .executeTakeFirst()
    },

    /** Whether either user blocked the other (blocks are the friends module's). */
    blockedEitherWay: (userId: number, otherId: number) => blockedEitherWay(db, userId, otherId),

    /** Holds the user's row until the transaction ends: one user's party invites go one at a time. */
    lockUser: (userId: number) => lockUser(db, userId),

    /** The party invites a user sent since a time, oldest first (their times only). */
    async invitesSince(inviterId: number, since: Date): Promise<Date[]> {
      const rows = await db.selectFrom('party_invites').select('created_at').where('inviter_id', '=', inviterId).where('created_at', '>', since).orderBy('created_at').execute()
      return rows.map((row) => new Date(row.created_at))
    },

    /** Records an invite, and forgets the inviter's invites from before `forgetBefore` (they no longer count). */
    async recordInvite(invite: { inviterId: number; inviteeId: number; chatId: number; at: Date }, forgetBefore: Date): Promise<void> {
      await db.deleteFrom('party_invites').where('inviter_id', '=', invite.inviterId).where('created_at', '<=', forgetBefore).execute()
      await db.insertInto('party_invites').values({ inviter_id: invite.inviterId, invitee_id: invite.inviteeId, chat_id: invite.chatId, created_at: invite.at }).execute()
    },

    /**
     * Sends a batch of messages in one statement, the chat hot path's only round trip. For each
     * message it reads whether its author may write in its chat (as `chatAccess`); the permitted
     * ones are stored in the batch's order (their ids drawn in that order, so each author's messages
     * keep theirs), each author's read mark moves to their newest message, and the chat shows again
     * to members who had closed it. Answers one outcome per message, in order: `access` null when
     * there is no such chat, `message` null when it was not written; `reopened` (who had closed
     * the chat: the statement's snapshot still sees them hidden) goes with the first message of its
     * chat in the batch, and is empty on the others. Its text never changes (the batch is in its
     * arrays), so it runs prepared: each connection plans it once (`db/connection.ts`).
     */
    async sendMessages(messages: readonly OutgoingMessage[]): Promise<SendOutcome[]> {
      if (messages.length === 0) return []
      const result = await sql<{
        n: string
        type: number | null
        closed_at: Date | null
        member_id: number | null
        blocked: boolean | null
        id: number | null
        created_at: Date | null
        reopened: number[] | null
      }>`/* prepared:chat_send_messages */
        with input as (
          select * from unnest(${messages.map((message) => message.chatId)}::int[], ${messages.map((message) => message.userId)}::int[], ${messages.map((message) => message.text)}::text[])
            with ordinality as input(chat_id, user_id, text, n)
        ), access as (
          select input.n, input.chat_id, input.user_id, input.text, chats.type, chats.closed_at, member.user_id as member_id,
            chats.type = 0 and exists (
              select 1 from chat_members other
              join user_blocks on (user_blocks.blocker_id = other.user_id and user_blocks.blocked_id = input.user_id)
                or (user_blocks.blocker_id = input.user_id and user_blocks.blocked_id = other.user_id)
              where other.chat_id = chats.id and other.user_id <> input.user_id) as blocked
          from input
          left join chats on chats.id = input.chat_id
          left join chat_members member on member.chat_id = input.chat_id and member.user_id = input.user_id
        ), permitted as (
          -- Volatile expressions of a select list are evaluated after its ORDER BY: ids follow the batch's order.
          select n, chat_id, user_id, text, type, nextval('chat_messages_id_seq')::int as id from access
          where type is not null and closed_at is null and (type = ${ChatType.General} or member_id is not null) and not blocked
          order by n
        ), message as (
          insert into chat_messages (id, chat_id, user_id, text)
          select id, chat_id, user_id, text from permitted
          returning id, created_at
        ), reopened as (
          -- Only one-to-one chats are ever hidden (a member closed it, chat:close): only the members
          -- of those two-member chats are read, never those of a party, game or general chat.
          select chat_id, user_id from chat_members
          where hidden and chat_id in (select chat_id from permitted where type = ${ChatType.OneToOne})
        ), touched as (
          -- The rows that change, each found by its key: every author's (read up to their newest
          -- message) and every member's who had closed the chat (shown again).
          select chat_id, user_id, max(id) as id from (
            select chat_id, user_id, id from permitted
            union all
            select chat_id, user_id, 0 from reopened
          ) as changes
          group by chat_id, user_id
        ), members as (
          update chat_members
          set hidden = false, last_read_message_id = greatest(chat_members.last_read_message_id, touched.id)
          from touched
          where chat_members.chat_id = touched.chat_id and chat_members.user_id = touched.user_id
        ), reopened_for as (
          select chat_id, array_agg(user_id order by user_id) as users from reopened group by chat_id
        )
        select access.n, access.type, access.closed_at, access.member_id, access.blocked, message.id, message.created_at,
          case when message.id is null then null
            when message.id = (select min(id) from permitted first where first.chat_id = access.chat_id) then coalesce(reopened_for.users, '{}')
            else '{}' end as reopened
        from access
        left join permitted on permitted.n = access.n
        left join message on message.id = permitted.id
        left join reopened_for on reopened_for.chat_id = access.chat_id
        order by access.n`.execute(db)
      return result.rows.map((row) => {
        if (row.type === null) return { access: null, message: null }
        const access = { type: row.type, closed_at: row.closed_at, member_id: row.member_id, blocked: row.blocked === true }
        if (row.id === null || row.created_at === null) return { access, message: null }
        return { access, message: { id: row.id, created_at: row.created_at, reopened: row.reopened ?? [] } }
      })
    },

    /**
     * Moves a member's read mark forward to `messageId` (never back, never past the chat's newest
     * message); creates the member row of a general chat, where everyone may read.
     */
    async markRead(chatId: number, userId: number, messageId: number): Promise<void> {
      const newest = sql<number>`(select coalesce(max(id), 0) from chat_messages where chat_id = ${chatId} and id <= ${messageId})`
      await db
        .insertInto('chat_members')
        .values({ chat_id: chatId, user_id: userId, last_read_message_id: newest })
        .onConflict((conflict) =>
          conflict.columns(['chat_id', 'user_id']).doUpdateSet({ last_read_message_id: sql<number>`greatest(chat_members.last_read_message_id, excluded.last_read_message_id)` }),
        )
        .execute()
    },

    /** A page of history, newest first: messages older than `before` when given. */
    history(chatId: number, before: number | undefined, limit: number): Promise<MessageRow[]> {
      let query = db
        .selectFrom('chat_messages')
        .innerJoin('users', 'users.id', 'chat_messages.user_id')
        .select(messageColumns)
        .where('chat_messages.chat_id', '=', chatId)
      if (before !== undefined) query = query.where('chat_messages.id', '<', before)
      return query.orderBy('chat_messages.id', 'desc').limit(limit).execute()
    },

    /**
     * The rooms a user's sockets join on connect, in one statement: the open one-to-one, game and party
     * chats they are in, and the mafia rooms open to them at a running table. Prepared: every connect runs it.
     */
    async connectRooms(userId: number): Promise<{ chatIds: number[]; mafiaRooms: number[] }> {
      const rows = await sql<{ kind: 'chat' | 'mafia'; id: number }>`/* prepared:chat_connect_rooms */
        select 'chat' as kind, chats.id from chat_members inner join chats on chats.id = chat_members.chat_id
          where chat_members.user_id = ${userId} and chats.type in (${ChatType.OneToOne}, ${ChatType.Game}, ${ChatType.Party}) and chats.closed_at is null
        union all
        select 'mafia' as kind, mafia_rooms.lobby_id from mafia_room_members
          inner join mafia_rooms on mafia_rooms.lobby_id = mafia_room_members.lobby_id
          inner join lobbies on lobbies.id = mafia_rooms.lobby_id
          where mafia_room_members.user_id = ${userId} and mafia_rooms.closed_at is null and lobbies.status = 'running'`.execute(db)
      return {
        chatIds: rows.rows.filter((row) => row.kind === 'chat').map((row) => row.id),
        mafiaRooms: rows.rows.filter((row) => row.kind === 'mafia').map((row) => row.id),
      }
    },

    /**
     * The open chats of some kinds a user is in, most recently active first, each with what its list
     * shows (the user's unread count, the newest message, the members of one-to-one chats and parties),
     * and `alsoChatId` (the general chat) last: one statement, as every socket asks it on connect.
     */
    async chatSummaries(userId: number, types: number[], options: { includeHidden?: boolean; alsoChatId?: number } = {}): Promise<ChatSummaryRow[]> {
      const also = options.alsoChatId ?? null
      const listed = options.includeHidden ? sql`true` : sql`not own.hidden`
      const rows = await sql<ChatSummaryRow>`
        select chats.*,
          (select count(*)::integer from chat_messages
            where chat_messages.chat_id = chats.id and chat_messages.id > own.last_read_message_id and chat_messages.user_id <> own.user_id) as unread,
          (select json_build_object('id', chat_messages.id, 'chat_id', chat_messages.chat_id, 'user_id', chat_messages.user_id, 'text', chat_messages.text,
              'created_at', chat_messages.created_at, 'nickname', users.nickname, 'avatar', users.avatar, 'is_premium', users.is_premium)
            from chat_messages inner join users on users.id = chat_messages.user_id
            where chat_messages.chat_id = chats.id order by chat_messages.id desc limit 1) as last,
          case when chats.type in (${ChatType.OneToOne}, ${ChatType.Party}) then
            (select json_agg(json_build_object('chat_id', members.chat_id, 'id', users.id, 'nickname', users.nickname, 'official_nickname', users.official_nickname,
                'avatar', users.avatar, 'is_premium', users.is_premium) order by members.joined_at, users.id)
              from chat_members as members inner join users on users.id = members.user_id where members.chat_id = chats.id)
          end as members
        from chats left join chat_members as own on own.chat_id = chats.id and own.user_id = ${userId}
        where (own.user_id is not null and chats.type = any(${types}::integer[]) and chats.closed_at is null and ${listed})
          or chats.id = ${also}::integer
        order by chats.id = ${also}::integer nulls first,
          (select max(id) from chat_messages where chat_messages.chat_id = chats.id) desc nulls last, chats.id desc`.execute(db)
      return rows.rows
    },

    /** Messages by others after the user's read mark, per chat (0 where the user has no mark). */
    async unreadCounts(userId: number, chatIds: number[]): Promise<Map<number, number>> {
      if (chatIds.length === 0) return new Map()
      const rows = await db
        .selectFrom('chat_members')
        .leftJoin('chat_messages', (join) =>
          join
            .onRef('chat_messages.chat_id', '=', 'chat_members.chat_id')
            .onRef('chat_messages.id', '>', 'chat_members.last_read_message_id')
            .onRef('chat_messages.user_id', '<>', 'chat_members.user_id'),
        )
        .select(['chat_members.chat_id', sql<number>`count(chat_messages.id)::int`.as('unread')])
        .where('chat_members.user_id', '=', userId)
        .where('chat_members.chat_id', 'in', chatIds)
        .groupBy('chat_members.chat_id')
        .execute()
      return new Map(rows.map((row) => [row.chat_id, row.unread]))
    },

    /** The newest message of each chat. */
    async lastMessages(chatIds: number[]): Promise<Map<number, MessageRow>> {
      if (chatIds.length === 0) return new Map()
      const rows = await db
        .selectFrom('chats')
        .innerJoinLateral(
          (eb) =>
            eb
              .selectFrom('chat_messages')
              .innerJoin('users', 'users.id', 'chat_messages.user_id')
              .select(messageColumns)
              .whereRef('chat_messages.chat_id', '=', 'chats.id')
              .orderBy('chat_messages.id', 'desc')
              .limit(1)
              .as('last'),
          (join) => join.onTrue(),
        )
        .selectAll('last')
        .where('chats.id', 'in', chatIds)
        .execute()
      return new Map(rows.map((row) => [row.chat_id, row as MessageRow]))
    },

    /** The members of each chat with their cards, in the order they joined. */
    async memberCards(chatIds: number[]): Promise<Map<number, MemberCardRow[]>> {
      const result = new Map<number, MemberCardRow[]>()
      if (chatIds.length === 0) return result
      const rows = await db
        .selectFrom('chat_members')
        .innerJoin('users', 'users.id', 'chat_members.user_id')
        .select(['chat_members.chat_id', 'users.id', 'users.nickname', 'users.official_nickname', 'users.avatar', 'users.is_premium'])
        .where('chat_members.chat_id', 'in', chatIds)
        .orderBy('chat_members.joined_at')
        .orderBy('users.id')
        .execute()
      for (const row of rows) {
        const list = result.get(row.chat_id) ?? []
        list.push(row)
        result.set(row.chat_id, list)
      }
      return result
    },
  }
}

/** The queries, bound to the database or to one transaction. */
export type ChatsQueries = ReturnType<typeof chatsQueries>

export function createChatsRepository(db: Kysely<Database>) {
  return {
    ...chatsQueries(db),
    /** Runs `work` in one transaction; every query in it goes through the queries it is given. */
    transaction<T>(work: (queries: ChatsQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(chatsQueries(trx)))
    },
  }
}

export type ChatsRepository = ReturnType<typeof createChatsRepository>

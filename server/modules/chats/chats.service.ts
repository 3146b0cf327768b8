import type { ChatRow } from '../../../db/schema'
import { supportedLocales } from '../../contract/http/auth'
import { chatLimits, ChatType, type Chat, type ChatMessage, type ChatWithMessages, type MessagePage, type ReadState } from '../../contract/socket/chats'
import type { UserCard } from '../../contract/socket/common'
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import { createGroupCommit } from '../../lib/group-commit'
import type { ChatSummaryRow, ChatsQueries, ChatsRepository, MemberCardRow, MessageRow, OutgoingMessage, SendAccess } from './chats.repository'

const hour = 60 * 60 * 1000

/** A block stands between the two users; the refusal does not say which of them blocked the other. */
const blocked = (field: string) => new AppError(403, 'errors.blocked', { field })

/** Refuses a message the author may not send: no such chat (or closed), not a member, or a block between them. */
function refuseToSend(access: SendAccess | null | undefined): asserts access is SendAccess {
  if (!access || access.closed_at !== null) throw notFound()
  if (access.type !== ChatType.General && access.member_id === null) throw forbidden('errors.not_chat_member')
  if (access.blocked) throw blocked('id')
}

/** Whether a user may join a lobby's game chat; the lobbies module provides the real rule. */
export type GameChatPolicy = (userId: number, lobbyId: number) => Promise<boolean>

/** The general chat a user reads: the one of their interface language. */
export function generalLanguageOf(language: string): string {
  return (supportedLocales as readonly string[]).includes(language) ? language : 'en'
}

/** A message's text as stored: trimmed, not empty, at most 2000 characters. Never altered otherwise: it is plain text. */
export function messageText(raw: string, field: string): string {
  const text = raw.trim()
  if (text === '') throw badRequest('errors.message_empty', field)
  if ([...text].length > chatLimits.messageMax) throw badRequest('errors.message_too_long', field)
  return text
}

const toUserCard = (row: Omit<MemberCardRow, 'chat_id'>): UserCard => ({
  id: row.id,
  nickname: row.nickname,
  officialNickname: row.official_nickname,
  avatar: row.avatar,
  isPremium: row.is_premium,
})

function toMessage(row: MessageRow, chatType: number): ChatMessage {
  return {
    id: row.id,
    chatId: row.chat_id,
    chatType: chatType as ChatType,
    user: { id: row.user_id, nickname: row.nickname, avatar: row.avatar, isPremium: row.is_premium },
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/** A chat as one user's list shows it, from its row with the user's unread count, its newest message and its members. */
function toChat(userId: number, row: ChatSummaryRow): Chat {
  const cards = (row.members ?? []).map(toUserCard)
  return {
    id: row.id,
    type: row.type as ChatType,
    name: row.type === ChatType.OneToOne ? (cards.find((card) => card.id !== userId)?.nickname ?? null) : row.name,
    lobbyId: row.lobby_id,
    language: row.language,
    ownerId: row.owner_id,
    members: cards,
    unread: row.unread,
    lastMessage: row.last ? toMessage(row.last, row.type) : null,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/** The author of a message being sent, as the message shows them. */
export interface Author {
  id: number
  nickname: string
  avatar: string | null
  is_premium: boolean
}

/**
 * How long a message that could be written at once waits for others to share its statement. Written
 * one by one, a chat at a few hundred messages a second cost the embedded database a statement each
 * (about 1 ms of its thread) and its busiest moments reached every member late: in `bench:chat` (2,000
 * sockets) the app missed the 50 ms p99 at 400 messages/s in four runs of five. Waiting 2 ms, it
 * carried 400 and went on to 1,000–1,300 in three runs of three; a message reaches the others at
 * most 2 ms later.
 */
const messageGatherMs = 2

/**
 * The rules of chats: who reads and writes which chat, message text, history pages, read marks,
 * party membership. Throws AppError; knows nothing of sockets.
 */
export function createChatsService(options: {
  repository: ChatsRepository
  clock: Clock
  gameChatPolicy: () => GameChatPolicy
  /** Reads a person's card outside a transaction (the accounts' cache); default: the chats repository. */
  cardOf?: (userId: number) => Promise<Omit<MemberCardRow, 'chat_id'> | undefined>
}) {
  const { repository, clock } = options
  const cardOf = options.cardOf ?? ((userId: number) => repository.userCard(userId))

  // Messages that arrive while a batch is being written (or within `messageGatherMs` of the first)
  // are checked and stored together in one statement: the database's round trips, not the server,
  // limit sending.
  const messageWrites = createGroupCommit({ write: (messages: OutgoingMessage[]) => repository.sendMessages(messages), gatherMs: messageGatherMs })

  /** The chat, if the user may read it: general chats are open to everyone signed in, the others to members. */
  async function readable(repo: ChatsQueries, userId: number, chatId: number): Promise<ChatRow> {
    const chat = await repo.findChat(chatId)
    if (!chat || chat.closed_at !== null) throw notFound()
    if (chat.type !== ChatType.General && !(await repo.member(chatId, userId))) throw forbidden('errors.not_chat_member')
    return chat
  }

  async function party(repo: ChatsQueries, chatId: number, lock = false): Promise<ChatRow> {
    const chat = lock ? await repo.lockChat(chatId) : await repo.findChat(chatId)
    if (!chat || chat.type !== ChatType.Party || chat.closed_at !== null) throw notFound()
    return chat
  }

  /** Chats as one user sees them: members, unread count, last message. */
  async function summaries(userId: number, chats: ChatRow[]): Promise<Chat[]> {
    const ids = chats.map((chat) => chat.id)
    const withMembers = chats.filter((chat) => chat.type === ChatType.OneToOne || chat.type === ChatType.Party).map((chat) => chat.id)
    // Three independent reads: on PostgreSQL they run at once on the pool's connections.
    const [unread, last, members] = await Promise.all([repository.unreadCounts(userId, ids), repository.lastMessages(ids), repository.memberCards(withMembers)])
    return chats.map((chat) => toChat(userId, { ...chat, unread: unread.get(chat.id) ?? 0, last: last.get(chat.id) ?? null, members: members.get(chat.id) ?? null }))
  }

  // A general chat never changes once created: each node looks it up once per language.
  const generalChats = new Map<string, Promise<ChatRow>>()
  function generalChat(language: string): Promise<ChatRow> {
    const key = generalLanguageOf(language)
    let chat = generalChats.get(key)
    if (!chat) {
      chat = repository.generalChat(key)
      chat.catch(() => generalChats.delete(key))
      generalChats.set(key, chat)
    }
    return chat
  }

  /**
   * Whether the viewer may invite the user to a party now: no block either way, and fewer than
   * `partyInvitesPerHour` invites in the last hour (else errors.rate_limited with the seconds until
   * the oldest of them stops counting). Locks the inviter's row, so their invites go one at a time.
   */
  async function consentToInvite(trx: ChatsQueries, viewerId: number, userId: number): Promise<void> {
    if (await trx.blockedEitherWay(viewerId, userId)) throw blocked('userId')
    await trx.lockUser(viewerId)
    const now = clock.now().getTime()
    const recent = await trx.invitesSince(viewerId, new Date(now - hour))
    const oldest = recent[0]
    if (recent.length >= chatLimits.partyInvitesPerHour && oldest) {
      throw new AppError(429, 'errors.rate_limited', { retryAfter: Math.max(1, Math.ceil((oldest.getTime() + hour - now) / 1000)) })
    }
  }

  async function recordInvite(trx: ChatsQueries, viewerId: number, userId: number, chatId: number): Promise<void> {
    const at = clock.now()
    await trx.recordInvite({ inviterId: viewerId, inviteeId: userId, chatId, at }, new Date(at.getTime() - hour))
  }

  async function summary(userId: number, chat: ChatRow): Promise<Chat> {
    const [result] = await summaries(userId, [chat])
    return result as Chat
  }

  async function page(chat: ChatRow, before?: number): Promise<MessagePage> {
    const rows = await repository.history(chat.id, before, chatLimits.pageSize)
    return { chatId: chat.id, items: rows.map((row) => toMessage(row, chat.type)), end: rows.length < chatLimits.pageSize }
  }

  async function userCard(userId: number, field: string): Promise<UserCard> {
    const row = await cardOf(userId)
    if (!row) throw new AppError(404, 'errors.not_found', { field })
    return toUserCard(row)
  }

  return {
    summaryFor: async (userId: number, chatId: number): Promise<Chat | null> => {
      const chat = await repository.findChat(chatId)
      return chat ? summary(userId, chat) : null
    },

    /** The general chat of a language (created on first use). */
    generalChat,

    /** The chats and mafia rooms whose rooms a user's sockets join when they connect (one query). */
    connectRooms: (userId: number) => repository.connectRooms(userId),

    /** The one-to-one chat of the viewer and another user, created on first use; the other sees it at its first message. */
    async openDirect(viewerId: number, otherId: number): Promise<{ chat: Chat; created: boolean }> {
      if (otherId === viewerId) throw badRequest('errors.chat_with_self', 'id')
      await userCard(otherId, 'id')
      if (await repository.blockedEitherWay(viewerId, otherId)) throw blocked('id')
      const pairKey = `${Math.min(viewerId, otherId)}:${Math.max(viewerId, otherId)}`
      const { row, created } = await repository.transaction(async (trx) => {
        const inserted = await trx.insertDirect(pairKey)
        const chat = inserted ?? (await trx.findByPair(pairKey))
        if (!chat) throw notFound()
        if (inserted) {
          await trx.addMember(chat.id, viewerId)
          await trx.addMember(chat.id, otherId, { hidden: true })
        } else {
          await trx.setHidden(chat.id, viewerId, false)
        }
        return { row: chat, created: inserted !== undefined }
      })
      return { chat: await summary(viewerId, row), created }
    },

    /** Hides a one-to-one chat from the viewer's list until its next message. */
    async closeDirect(viewerId: number, chatId: number): Promise<void> {
      const chat = await readable(repository, viewerId, chatId)
      if (chat.type !== ChatType.OneToOne) throw badRequest('errors.invalid_value', 'chatId')
      await repository.setHidden(chatId, viewerId, true)
    },

    /** The viewer's open one-to-one chats and the general chat of their language. */
    async checkDirect(viewerId: number, language: string): Promise<Chat[]> {
      const general = await generalChat(language)
      const rows = await repository.chatSummaries(viewerId, [ChatType.OneToOne], { alsoChatId: general.id })
      return rows.map((row) => toChat(viewerId, row))
    },

    async checkParties(viewerId: number): Promise<Chat[]> {
      const rows = await repository.chatSummaries(viewerId, [ChatType.Party], { includeHidden: true })
      return rows.map((row) => toChat(viewerId, row))
    },

    async history(viewerId: number, chatId: number, before?: number): Promise<MessagePage> {
      return page(await readable(repository, viewerId, chatId), before)
    },

    async load(viewerId: number, chatId: number): Promise<{ view: ChatWithMessages; type: ChatType }> {
      const chat = await readable(repository, viewerId, chatId)
      return { view: { chat: await summary(viewerId, chat), messages: await page(chat) }, type: chat.type as ChatType }
    },

    /**
     * Stores a message. Returns it, and the members for whom the chat opened again (they had
     * closed it, or never saw it): they get the chat before the message.
     */
    async send(author: Author, chatId: number, rawText: string, field: string): Promise<{ message: ChatMessage; reopenedFor: number[] }> {
      let text: string
      try {
        text = messageText(rawText, field)
      } catch (error) {
        // A refused text is rare: it asks for the access first, so refusals keep their order (no such
        // chat, not a member, blocked, then the text).
        refuseToSend(await repository.chatAccess(chatId, author.id))
        throw error
      }
      // The hot path: one statement, shared with the messages sent meanwhile, checks access and writes.
      const { access, message: inserted } = await messageWrites.submit({ chatId, userId: author.id, text })
      refuseToSend(access)
      if (!inserted) throw new Error('a message the author may send was not stored')
      const message = toMessage(
        { id: inserted.id, chat_id: chatId, user_id: author.id, text, created_at: inserted.created_at, nickname: author.nickname, avatar: author.avatar, is_premium: author.is_premium },
        access.type,
      )
      return { message, reopenedFor: inserted.reopened }
    },

    async markRead(viewerId: number, chatId: number, messageId: number): Promise<ReadState> {
      await readable(repository, viewerId, chatId)
      await repository.markRead(chatId, viewerId, messageId)
      const unread = await repository.unreadCounts(viewerId, [chatId])
      return { chatId, unread: unread.get(chatId) ?? 0 }
    },

    /** A new party of the viewer (its owner) and one other user. */
    async createParty(viewerId: number, userId: number): Promise<{ chat: ChatRow }> {
      if (userId === viewerId) throw badRequest('errors.chat_with_self', 'userId')
      await userCard(userId, 'userId')
      const chat = await repository.transaction(async (trx) => {
        await consentToInvite(trx, viewerId, userId)
        const chat = await trx.insertParty(viewerId)
        await trx.addMember(chat.id, viewerId)
        await trx.addMember(chat.id, userId)
        await recordInvite(trx, viewerId, userId, chat.id)
        return chat
      })
      return { chat }
    },

    /** Adds a user to a party the viewer is in; false `added` when they already were a member. */
    async invite(viewerId: number, chatId: number, userId: number): Promise<{ chat: ChatRow; added: boolean; user: UserCard }> {
      return repository.transaction(async (trx) => {
        const chat = await party(trx, chatId, true)
        if (!(await trx.member(chatId, viewerId))) throw forbidden('errors.not_chat_member')
        const row = await trx.userCard(userId)
        if (!row) throw new AppError(404, 'errors.not_found', { field: 'userId' })
        if (await trx.member(chatId, userId)) return { chat, added: false, user: toUserCard(row) }
        if ((await trx.countMembers(chatId)) >= chatLimits.partyMembersMax) throw forbidden('errors.chat_full')
        await consentToInvite(trx, viewerId, userId)
        await trx.addMember(chatId, userId)
        await recordInvite(trx, viewerId, userId, chatId)
        return { chat, added: true, user: toUserCard(row) }
      })
    },

    /** The viewer leaves a party; the oldest member becomes owner if the owner left; the last one out closes it. */
    async leaveParty(viewerId: number, chatId: number): Promise<{ closed: boolean }> {
      return repository.transaction(async (trx) => {
        const chat = await party(trx, chatId, true)
        if (!(await trx.removeMember(chatId, viewerId))) throw forbidden('errors.not_chat_member')
        const next = await trx.oldestMember(chatId)
        if (next === undefined) {
          await trx.closeChat(chatId, clock.now())
          return { closed: true }
        }
        if (chat.owner_id === viewerId) await trx.setOwner(chatId, next)
        return { closed: false }
      })
    },

    /** The owner closes the party for everyone. */
    async closeParty(viewerId: number, chatId: number): Promise<void> {
      await repository.transaction(async (trx) => {
        const chat = await party(trx, chatId, true)
        if (!(await trx.member(chatId, viewerId))) throw forbidden('errors.not_chat_member')
        if (chat.owner_id !== viewerId) throw forbidden()
        await trx.closeChat(chatId, clock.now())
      })
    },

    /** Puts a user in a lobby's game chat (created on first use); `joined` is false when they already were in. The socket request checks the policy; the lobbies module, which is the policy, does not. */
    async joinGame(userId: number, lobbyId: number, check: { policy: boolean }): Promise<{ view: ChatWithMessages; joined: boolean; user: UserCard }> {
      if (check.policy && !(await options.gameChatPolicy()(userId, lobbyId))) throw forbidden()
      const user = await userCard(userId, 'userId')
      const chat = await repository.gameChat(lobbyId)
      const joined = await repository.addMember(chat.id, userId)
      return { view: { chat: await summary(userId, chat), messages: await page(chat) }, joined, user }
    },

    /** Takes a user out of a lobby's game chat. */
    async leaveGame(userId: number, lobbyId: number): Promise<{ chatId: number }> {
      const chat = await repository.findGameChat(lobbyId)
      if (!chat || !(await repository.removeMember(chat.id, userId))) throw notFound()
      return { chatId: chat.id }
    },
  }
}

export type ChatsService = ReturnType<typeof createChatsService>

import { Type, type Static } from 'typebox'
import { Done, Id, NoPayload, UserCard, type RequestEvents, type RequestMap } from './common'

/** The chat kinds, numbered as the product numbers them. */
export const ChatType = { OneToOne: 0, General: 1, Game: 2, Party: 3 } as const
export type ChatType = (typeof ChatType)[keyof typeof ChatType]
export const ChatTypeSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Literal(3)])

export const chatLimits = {
  /** Characters of one message, after trimming. */
  messageMax: 2000,
  /** Messages per history page; a shorter page is the last one. */
  pageSize: 20,
  /** Members of one party chat, owner included. */
  partyMembersMax: 50,
  /** Messages one socket may send per second; more are refused with errors.rate_limited. */
  messagesPerSecond: 5,
  /** Party invites (a new party counts as one) one user may send per hour; more are refused with errors.rate_limited. */
  partyInvitesPerHour: 30,
} as const

/**
 * One message. Its text is plain text, exactly as stored: the renderer shows it as text and never
 * interprets it. Whether it is the viewer's own (`isMy`) is `user.id === viewer id` on the client.
 */
export const ChatMessage = Type.Object({
  id: Type.Integer(),
  chatId: Type.Integer(),
  chatType: ChatTypeSchema,
  user: Type.Object({ id: Type.Integer(), nickname: Type.String(), avatar: Type.Union([Type.String(), Type.Null()]), isPremium: Type.Boolean() }),
  text: Type.String(),
  createdAt: Type.String(),
})
export type ChatMessage = Static<typeof ChatMessage>

/** A chat as lists show it. */
export const Chat = Type.Object({
  id: Type.Integer(),
  type: ChatTypeSchema,
  /** One-to-one: the other user's nickname; other kinds: null (the renderer names them). */
  name: Type.Union([Type.String(), Type.Null()]),
  /** Game chats: their lobby. */
  lobbyId: Type.Union([Type.Integer(), Type.Null()]),
  /** General chats: their interface language. */
  language: Type.Union([Type.String(), Type.Null()]),
  /** Party chats: who created it (and may close it). */
  ownerId: Type.Union([Type.Integer(), Type.Null()]),
  /** One-to-one and party chats: everyone in it, the viewer included. Empty for general and game chats. */
  members: Type.Array(UserCard),
  /** Messages by others after the viewer's read mark. */
  unread: Type.Integer({ minimum: 0 }),
  lastMessage: Type.Union([ChatMessage, Type.Null()]),
  createdAt: Type.String(),
})
export type Chat = Static<typeof Chat>

/** A page of history, newest first. `end` is true when there is nothing older (the page is shorter than the page size). */
export const MessagePage = Type.Object({ chatId: Type.Integer(), items: Type.Array(ChatMessage), end: Type.Boolean() })
export type MessagePage = Static<typeof MessagePage>

/** A chat with its newest page of history. */
export const ChatWithMessages = Type.Object({ chat: Chat, messages: MessagePage })
export type ChatWithMessages = Static<typeof ChatWithMessages>

/** The text of a message as sent; trimmed by the server, then 1..2000 characters. */
const MessageText = Type.String({ maxLength: chatLimits.messageMax * 4 })

export const ChatTarget = Type.Object({ chatId: Id }, { additionalProperties: false })
export type ChatTarget = Static<typeof ChatTarget>

/** A history page: messages older than the message id `before` (the cursor), or the newest when absent. */
export const HistoryQuery = Type.Object({ chatId: Id, before: Type.Optional(Id) }, { additionalProperties: false })
export type HistoryQuery = Static<typeof HistoryQuery>

/** `chat:create`: `id` is the other user. */
export const DirectChatCreate = Type.Object({ id: Id }, { additionalProperties: false })
/** `chat:message`: `id` is the chat. */
export const DirectMessageSend = Type.Object({ id: Id, message: MessageText }, { additionalProperties: false })
export type DirectMessageSend = Static<typeof DirectMessageSend>
export const GroupMessageSend = Type.Object({ chatId: Id, message: MessageText }, { additionalProperties: false })
export type GroupMessageSend = Static<typeof GroupMessageSend>
/** `chat:group:create`: a new party with the viewer (its owner) and `userId`. */
export const GroupCreate = Type.Object({ userId: Id }, { additionalProperties: false })
export const GroupInvite = Type.Object({ chatId: Id, userId: Id }, { additionalProperties: false })
export const LobbyTarget = Type.Object({ lobbyId: Id }, { additionalProperties: false })
/** Marks every message up to `messageId` read. */
export const ReadMark = Type.Object({ chatId: Id, messageId: Id }, { additionalProperties: false })
export const ReadState = Type.Object({ chatId: Type.Integer(), unread: Type.Integer({ minimum: 0 }) })
export type ReadState = Static<typeof ReadState>

const ChatList = Type.Object({ items: Type.Array(Chat) })

/**
 * One message of the mafia's room of a game chat. The room lives during the zero night only: the
 * table's black players and its judge agree in it; nobody else ever receives it, and the game's
 * record reveals it once the game is over.
 */
export const MafiaRoomMessage = Type.Object({
  id: Type.Integer(),
  lobbyId: Type.Integer(),
  userId: Type.Integer(),
  /** The sender's seat at the table; null for the judge. */
  seat: Type.Union([Type.Integer(), Type.Null()]),
  text: Type.String(),
  /** When it was sent, in milliseconds since the epoch (the game's clock). */
  at: Type.Integer(),
})
export type MafiaRoomMessage = Static<typeof MafiaRoomMessage>

/** The mafia's room of a table while it is open, with everything said in it so far (oldest first). */
export const MafiaRoom = Type.Object({ lobbyId: Type.Integer(), messages: Type.Array(MafiaRoomMessage) })
export type MafiaRoom = Static<typeof MafiaRoom>

/** `chat:mafia:message`: a message in the mafia's room of a table. */
export const MafiaRoomSend = Type.Object({ lobbyId: Id, message: MessageText }, { additionalProperties: false })
export type MafiaRoomSend = Static<typeof MafiaRoomSend>

/**
 * The chat requests. Each answers through its ack: the result below, or `{ error, field? }`.
 * Only members read or write a chat (errors.not_chat_member); the general chats are open to every
 * signed-in user. `chat:message` and `chat:group:message` send to any chat the viewer may write in;
 * the two names follow the product's one-to-one and group dialogs (same for the two history events).
 * - `chat:create` {id: user} -> the one-to-one chat with that user (found or created)
 * - `chat:close` {chatId} -> {ok}: hides a one-to-one chat from `chats:check` until its next message
 * - `chats:check` -> {items}: the viewer's one-to-one chats and the general chat of their language
 * - `chat:messages` / `chat:group:messages` {chatId, before?} -> a page of 20, newest first
 * - `chat:message` {id: chat, message} / `chat:group:message` {chatId, message} -> the stored message
 * - `chat:load` {chatId} -> the chat with its newest page (joins the general chat's room too)
 * - `chat:read` {chatId, messageId} -> {chatId, unread}
 * - `chat:group:create` {userId} -> the new party chat
 * - `chats:group:check` -> {items}: the viewer's party chats
 * - `chat:group:invite` {chatId, userId} -> the party chat with its new member
 * - `chat:group:leave` {chatId} -> {ok}; a party its last member leaves is closed
 * - `chat:group:close` {chatId} -> {ok}: the owner closes the party for everyone
 * - `chat:game:join` / `chat:game:leave` {lobbyId} -> the lobby's chat with its newest page / {ok}
 * - `chat:mafia:load` {lobbyId} -> the table's mafia room with its messages while it is open to the
 *   viewer (a black player or the judge of that table, during the zero night), else null
 * - `chat:mafia:message` {lobbyId, message} -> the stored message; refused with errors.not_chat_member
 *   for anyone outside the room, errors.mafia_room_closed outside the zero night
 */
export const chatsRequests = {
  'chat:create': { payload: DirectChatCreate, result: Chat },
  'chat:close': { payload: ChatTarget, result: Done },
  'chats:check': { payload: NoPayload, result: ChatList },
  'chat:messages': { payload: HistoryQuery, result: MessagePage },
  'chat:message': { payload: DirectMessageSend, result: ChatMessage },
  'chat:load': { payload: ChatTarget, result: ChatWithMessages },
  'chat:read': { payload: ReadMark, result: ReadState },
  'chat:group:create': { payload: GroupCreate, result: Chat },
  'chats:group:check': { payload: NoPayload, result: ChatList },
  'chat:group:messages': { payload: HistoryQuery, result: MessagePage },
  'chat:group:message': { payload: GroupMessageSend, result: ChatMessage },
  'chat:group:invite': { payload: GroupInvite, result: Chat },
  'chat:group:leave': { payload: ChatTarget, result: Done },
  'chat:group:close': { payload: ChatTarget, result: Done },
  'chat:game:join': { payload: LobbyTarget, result: ChatWithMessages },
  'chat:game:leave': { payload: LobbyTarget, result: Done },
  'chat:mafia:load': { payload: LobbyTarget, result: Type.Union([MafiaRoom, Type.Null()]) },
  'chat:mafia:message': { payload: MafiaRoomSend, result: MafiaRoomMessage },
} as const satisfies RequestMap

export type ChatsClientEvents = RequestEvents<typeof chatsRequests>

/** Chat events the server pushes. */
export interface ChatsServerEvents {
  /** A message in a chat the viewer is in (not sent back to the socket that sent it: that one has the ack). */
  'chat:message:new': (payload: ChatMessage) => void
  /** The viewer is in a chat they did not have open: a first message, an invitation, a new party, a game chat. */
  'chat:new': (payload: Chat) => void
  /** A chat is gone for the viewer: closed in another tab, left, or its party closed. */
  'chat:close': (payload: { chatId: number }) => void
  /** Someone joined a party or game chat the viewer is in. */
  'chat:member:joined': (payload: { chatId: number; user: UserCard }) => void
  /** Someone left a party or game chat the viewer is in. */
  'chat:member:left': (payload: { chatId: number; userId: number }) => void
  /** The zero night started and the viewer is in its mafia room (a black player or the judge): the room is open, empty. */
  'chat:mafia:opened': (payload: MafiaRoom) => void
  /** A message in a mafia room the viewer is in (not sent back to the socket that sent it). */
  'chat:mafia:message:new': (payload: MafiaRoomMessage) => void
  /** The zero night ended: the room is closed for good. */
  'chat:mafia:closed': (payload: { lobbyId: number }) => void
}

import { proxy } from 'valtio'
import { chatLimits, ChatType, type Chat, type ChatMessage, type MafiaRoom, type MafiaRoomMessage, type MessagePage } from '../../server/contract/socket/chats'
import type { UserCard } from '../../server/contract/socket/common'

/** A chat with the part of its history this page has loaded (oldest first). */
export interface ChatEntry extends Chat {
  messages: ChatMessage[]
  /** The newest page has been loaded. */
  messageLoaded: boolean
  /** Nothing older is left on the server. */
  messageEnd: boolean
  /** A page is on its way. */
  loading: boolean
}

/** A floating one-to-one window: which chat, its title, where it sits, minimised, and whether it holds a message not seen yet. */
export interface DialogPosition {
  id: number
  name: string
  top: number
  left: number
  minimize: boolean
  newMessage: boolean
}

export interface ChatsState {
  chats: Record<number, ChatEntry>
  /** The viewer's chats are known (chats:check and chats:group:check answered). */
  loaded: boolean
  dialogs: DialogPosition[]
  /** The dialog with focus inside it: it is being read, so new messages in it are seen. */
  focusedDialogId: number | null
  /** The chat shown full page on /chat/:id (its floating window steps aside). */
  pageChatId: number | null
}

/** localStorage key of the floating windows. */
export const dialogsStorageKey = 'chatDialogs'
/** The size a floating window takes, for keeping it inside the viewport. */
export const dialogSize = { width: 320, height: 420, minimizedHeight: 44 } as const

export const chatsState = proxy<ChatsState>({ chats: {}, loaded: false, dialogs: readDialogs(), focusedDialogId: null, pageChatId: null })

/**
 * The mafia's room of the viewer's table, while the server says it is open to them (a black player
 * or the judge, during the zero night); null otherwise. `closed` remembers the tables whose room
 * closed, so a message still on its way cannot bring a closed room back.
 */
export interface MafiaRoomState {
  room: MafiaRoom | null
  closed: number[]
}

export const mafiaRoomState = proxy<MafiaRoomState>({ room: null, closed: [] })

/* ---------- pure rules ---------- */

/** Whether a message is the viewer's own. */
export const isMyMessage = (message: Pick<ChatMessage, 'user'>, myId: number | null | undefined): boolean => myId != null && message.user.id === myId

/** What a message box may send: the trimmed text, or why not (a translation key). */
export function validateMessage(raw: string): { ok: true; text: string } | { ok: false; error: 'errors.message_empty' | 'errors.message_too_long' } {
  const text = raw.trim()
  if (text.length === 0) return { ok: false, error: 'errors.message_empty' }
  if (text.length > chatLimits.messageMax) return { ok: false, error: 'errors.message_too_long' }
  return { ok: true, text }
}

/** A page shorter than the page size is the last one. */
export const isLastPage = (page: Pick<MessagePage, 'items'> & { end?: boolean }): boolean => page.end === true || page.items.length < chatLimits.pageSize

export function toEntry(chat: Chat, previous?: ChatEntry): ChatEntry {
  return {
    ...chat,
    messages: previous?.messages ?? [],
    messageLoaded: previous?.messageLoaded ?? false,
    messageEnd: previous?.messageEnd ?? false,
    loading: false,
  }
}

/** Adds a history page (newest first, as the server sends it) in front of what is loaded, skipping messages already there. */
export function applyHistoryPage(entry: ChatEntry, page: Pick<MessagePage, 'items' | 'end'>): void {
  const known = new Set(entry.messages.map((message) => message.id))
  const older = [...page.items].reverse().filter((message) => !known.has(message.id))
  entry.messages = [...older, ...entry.messages].sort((a, b) => a.id - b.id)
  entry.messageLoaded = true
  entry.messageEnd = isLastPage(page)
  entry.loading = false
}

/** The message id to ask for older history with (`before`), or undefined for the newest page. */
export const oldestMessageId = (entry: Pick<ChatEntry, 'messages'>): number | undefined => entry.messages[0]?.id

/**
 * A message arrived in a chat the state knows: appended once (when history is loaded, or while its
 * newest page is on its way), the last message updated, and the unread count raised when someone
 * else wrote it. Returns false when the chat is unknown (the caller loads it).
 */
export function applyIncomingMessage(state: Pick<ChatsState, 'chats'>, message: ChatMessage, myId: number | null | undefined): boolean {
  const entry = state.chats[message.chatId]
  if (!entry) return false
  if (entry.messages.some((known) => known.id === message.id)) return true
  // A page on its way may have been read before this message was stored: the page is merged into
  // what is held (applyHistoryPage), so the message is kept rather than lost until a reload.
  if (entry.messageLoaded || entry.loading) entry.messages.push(message)
  if (!entry.lastMessage || entry.lastMessage.id < message.id) entry.lastMessage = message
  if (!isMyMessage(message, myId)) entry.unread += 1
  return true
}

/** The viewer's own message, answered by the ack: appended like any other, never unread. */
export function applyOwnMessage(state: Pick<ChatsState, 'chats'>, message: ChatMessage): void {
  applyIncomingMessage(state, message, message.user.id)
}

export function applyChat(state: Pick<ChatsState, 'chats'>, chat: Chat): ChatEntry {
  const entry = toEntry(chat, state.chats[chat.id])
  state.chats[chat.id] = entry
  return state.chats[chat.id] as ChatEntry
}

export function applyChatClosed(state: Pick<ChatsState, 'chats' | 'dialogs'>, chatId: number): void {
  delete state.chats[chatId]
  const index = state.dialogs.findIndex((dialog) => dialog.id === chatId)
  if (index >= 0) state.dialogs.splice(index, 1)
}

export function applyMemberJoined(state: Pick<ChatsState, 'chats'>, chatId: number, user: UserCard): void {
  const entry = state.chats[chatId]
  if (entry && !entry.members.some((member) => member.id === user.id)) entry.members.push(user)
}

export function applyMemberLeft(state: Pick<ChatsState, 'chats'>, chatId: number, userId: number): void {
  const entry = state.chats[chatId]
  if (entry) entry.members = entry.members.filter((member) => member.id !== userId)
}

/** Messages of a room joined with more of them: each once, in the order they were stored. */
function mergeRoomMessages(held: readonly MafiaRoomMessage[], more: readonly MafiaRoomMessage[]): MafiaRoomMessage[] {
  const known = new Set(held.map((message) => message.id))
  return [...held, ...more.filter((message) => !known.has(message.id))].sort((a, b) => a.id - b.id)
}

/**
 * The server opened the room, or answered it with what was said so far: held with every message
 * already known. A null answer for the table held means the room is no longer open to the viewer.
 */
export function applyMafiaRoom(state: MafiaRoomState, lobbyId: number, room: MafiaRoom | null): void {
  if (room === null) {
    if (state.room?.lobbyId === lobbyId) state.room = null
    return
  }
  if (state.closed.includes(lobbyId)) return
  const held = state.room?.lobbyId === lobbyId ? state.room.messages : []
  state.room = { lobbyId, messages: mergeRoomMessages(held, room.messages) }
}

/**
 * A message of the room, pushed or answered to the sender. Only members of an open room are sent
 * one, so a message of a room not held yet (its opening still on its way) holds the room.
 */
export function applyMafiaRoomMessage(state: MafiaRoomState, message: MafiaRoomMessage): void {
  if (state.closed.includes(message.lobbyId)) return
  const held = state.room?.lobbyId === message.lobbyId ? state.room.messages : []
  state.room = { lobbyId: message.lobbyId, messages: mergeRoomMessages(held, [message]) }
}

/** The room closed for good. */
export function applyMafiaRoomClosed(state: MafiaRoomState, lobbyId: number): void {
  if (state.room?.lobbyId === lobbyId) state.room = null
  if (!state.closed.includes(lobbyId)) state.closed.push(lobbyId)
}

/** The time of a chat's newest activity, for ordering lists. */
export const lastActivity = (chat: Pick<Chat, 'lastMessage' | 'createdAt'>): string => chat.lastMessage?.createdAt ?? chat.createdAt

/** Chats by newest activity first. */
export function byActivity<T extends Pick<Chat, 'lastMessage' | 'createdAt' | 'id'>>(chats: T[]): T[] {
  return [...chats].sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)) || b.id - a.id)
}

/** The sum of unread messages over the one-to-one and party chats (the general chat is not counted). */
export function totalUnread(chats: Record<number, Pick<Chat, 'type' | 'unread'>>): number {
  return Object.values(chats).reduce((sum, chat) => (chat.type === ChatType.OneToOne || chat.type === ChatType.Party ? sum + chat.unread : sum), 0)
}

/** Keeps a window inside the viewport: its top-left corner moved so the whole window fits (or sits at 0 when it cannot). */
export function clampPosition(
  position: { top: number; left: number },
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } {
  const maxLeft = Math.max(0, viewport.width - size.width)
  const maxTop = Math.max(0, viewport.height - size.height)
  return { left: Math.round(Math.min(Math.max(0, position.left), maxLeft)), top: Math.round(Math.min(Math.max(0, position.top), maxTop)) }
}

function isDialog(value: unknown): value is DialogPosition {
  if (typeof value !== 'object' || value === null) return false
  const dialog = value as Record<string, unknown>
  return (
    Number.isInteger(dialog.id) &&
    typeof dialog.name === 'string' &&
    typeof dialog.top === 'number' &&
    Number.isFinite(dialog.top) &&
    typeof dialog.left === 'number' &&
    Number.isFinite(dialog.left) &&
    typeof dialog.minimize === 'boolean' &&
    typeof dialog.newMessage === 'boolean'
  )
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** The floating windows saved on this device; anything malformed is dropped. */
export function readDialogs(from: Storage | null = storage()): DialogPosition[] {
  try {
    const parsed: unknown = JSON.parse(from?.getItem(dialogsStorageKey) ?? '[]')
    if (!Array.isArray(parsed)) return []
    const seen = new Set<number>()
    return parsed.filter(isDialog).filter((dialog) => !seen.has(dialog.id) && Boolean(seen.add(dialog.id))).map(({ id, name, top, left, minimize, newMessage }) => ({ id, name, top, left, minimize, newMessage }))
  } catch {
    return []
  }
}

export function writeDialogs(dialogs: readonly DialogPosition[], to: Storage | null = storage()): void {
  try {
    to?.setItem(dialogsStorageKey, JSON.stringify(dialogs.map(({ id, name, top, left, minimize, newMessage }) => ({ id, name, top, left, minimize, newMessage }))))
  } catch {
    // blocked storage: the windows last for this visit
  }
}

function viewport(): { width: number; height: number } {
  return typeof window === 'undefined' ? { width: 1280, height: 720 } : { width: window.innerWidth, height: window.innerHeight }
}

/** Where a new window goes: bottom end of the screen, each next one further along. */
export function nextDialogPlace(count: number, view = viewport()): { top: number; left: number } {
  return clampPosition({ top: view.height - dialogSize.height - 16, left: view.width - (dialogSize.width + 16) * (count + 1) }, dialogSize, view)
}

/* ---------- actions ---------- */

/** Opens (or brings up) the floating window of a one-to-one chat. */
export function openDialog(id: number, name: string, options: { newMessage?: boolean } = {}): void {
  const existing = chatsState.dialogs.find((dialog) => dialog.id === id)
  if (existing) {
    if (options.newMessage) existing.newMessage = true
    else existing.minimize = false
  } else {
    chatsState.dialogs.push({ id, name, ...nextDialogPlace(chatsState.dialogs.length), minimize: false, newMessage: options.newMessage ?? false })
  }
  writeDialogs(chatsState.dialogs)
}

export function closeDialog(id: number): void {
  chatsState.dialogs = chatsState.dialogs.filter((dialog) => dialog.id !== id)
  if (chatsState.focusedDialogId === id) chatsState.focusedDialogId = null
  writeDialogs(chatsState.dialogs)
}

export function toggleDialogMinimized(id: number): void {
  const dialog = chatsState.dialogs.find((item) => item.id === id)
  if (!dialog) return
  dialog.minimize = !dialog.minimize
  writeDialogs(chatsState.dialogs)
}

/** Moves a window, kept inside the viewport. */
export function moveDialog(id: number, position: { top: number; left: number }, view = viewport()): void {
  const dialog = chatsState.dialogs.find((item) => item.id === id)
  if (!dialog) return
  const size = { width: dialogSize.width, height: dialog.minimize ? dialogSize.minimizedHeight : dialogSize.height }
  Object.assign(dialog, clampPosition(position, size, view))
  writeDialogs(chatsState.dialogs)
}

/** After a resize every window is pulled back inside the viewport. */
export function keepDialogsInside(view = viewport()): void {
  for (const dialog of chatsState.dialogs) {
    const size = { width: dialogSize.width, height: dialog.minimize ? dialogSize.minimizedHeight : dialogSize.height }
    Object.assign(dialog, clampPosition(dialog, size, view))
  }
  writeDialogs(chatsState.dialogs)
}

/** The window has focus: the user is reading it, so its mark goes. */
export function focusDialog(id: number | null): void {
  chatsState.focusedDialogId = id
  const dialog = id === null ? undefined : chatsState.dialogs.find((item) => item.id === id)
  if (dialog?.newMessage) {
    dialog.newMessage = false
    writeDialogs(chatsState.dialogs)
  }
}

export function setPageChat(chatId: number | null): void {
  chatsState.pageChatId = chatId
}

/** The chat lists from the server replace what was known; the history each chat holds is kept. */
export function setChats(chats: Chat[]): void {
  const next: Record<number, ChatEntry> = {}
  for (const chat of chats) next[chat.id] = toEntry(chat, chatsState.chats[chat.id])
  chatsState.chats = next
  chatsState.loaded = true
}

/**
 * Drops the history every chat holds, at a (re)connect: messages may have been missed while the
 * socket was down, so open views load it afresh. It runs when the socket connects, before any view
 * asks, so a page loaded over the new connection is never dropped by the lists answered after it.
 */
export function forgetHistory(state: Pick<ChatsState, 'chats'>): void {
  for (const entry of Object.values(state.chats)) {
    entry.messages = []
    entry.messageLoaded = false
    entry.messageEnd = false
    // A page asked for over the old connection may never be answered; the new one asks again.
    entry.loading = false
  }
}

export function resetChats(options: { forgetDialogs: boolean }): void {
  chatsState.chats = {}
  chatsState.loaded = false
  chatsState.focusedDialogId = null
  mafiaRoomState.room = null
  mafiaRoomState.closed = []
  if (options.forgetDialogs) {
    chatsState.dialogs = []
    writeDialogs([])
  }
}

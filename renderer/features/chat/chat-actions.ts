import { ChatType, type Chat, type ChatMessage } from '../../../server/contract/socket/chats'
import {
  applyChat,
  applyChatClosed,
  applyHistoryPage,
  applyIncomingMessage,
  applyMafiaRoom,
  applyMafiaRoomClosed,
  applyMafiaRoomMessage,
  applyMemberJoined,
  applyMemberLeft,
  applyOwnMessage,
  chatsState,
  mafiaRoomState,
  closeDialog,
  forgetHistory,
  isMyMessage,
  oldestMessageId,
  openDialog,
  setChats,
  validateMessage,
  writeDialogs,
} from '../../state/chats'
import { notify } from '../../state/notices'
import { sessionState } from '../../state/session'
import { platform } from '../../platform/bridge'
import { i18n } from '../../i18n'
import type { AppSocket } from '../../realtime'
import { request, requestErrorKey, RequestError } from '../../realtime/requests'

const myId = () => sessionState.user?.id ?? null

/** Shows a refused request in the user's language. */
export function reportError(error: unknown): void {
  notify(requestErrorKey(error), 'error')
}

/** The viewer's one-to-one chats, the general chat of their language and their parties. */
export async function loadChats(): Promise<void> {
  const [direct, parties] = await Promise.all([request('chats:check'), request('chats:group:check')])
  setChats([...direct.items, ...parties.items])
  // Windows of chats that are gone (closed elsewhere) go too.
  const known = new Set(Object.keys(chatsState.chats).map(Number))
  const kept = chatsState.dialogs.filter((dialog) => known.has(dialog.id))
  if (kept.length !== chatsState.dialogs.length) {
    chatsState.dialogs = kept
    writeDialogs(kept)
  }
}

/** The chat with its newest page (once), or the next older page. */
export async function loadChat(chatId: number): Promise<void> {
  const entry = chatsState.chats[chatId]
  if (entry?.messageLoaded || entry?.loading) return
  if (entry) entry.loading = true
  try {
    const view = await request('chat:load', { chatId })
    const target = applyChat(chatsState, view.chat)
    applyHistoryPage(target, view.messages)
  } catch (error) {
    if (chatsState.chats[chatId]) (chatsState.chats[chatId] as { loading: boolean }).loading = false
    throw error
  }
}

/** The next older page (20 messages, newest first, before the oldest loaded). */
export async function loadOlder(chatId: number): Promise<void> {
  const entry = chatsState.chats[chatId]
  if (!entry || entry.loading || entry.messageEnd) return
  if (!entry.messageLoaded) return loadChat(chatId)
  entry.loading = true
  try {
    const before = oldestMessageId(entry)
    const page = await request('chat:messages', before === undefined ? { chatId } : { chatId, before })
    const target = chatsState.chats[chatId]
    if (target) applyHistoryPage(target, page)
  } catch (error) {
    const target = chatsState.chats[chatId]
    if (target) target.loading = false
    reportError(error)
  }
}

/** Sends a message typed in a box; refuses empty and over-long text here. Resolves true when sent. */
export async function sendMessage(chatId: number, raw: string): Promise<boolean> {
  const checked = validateMessage(raw)
  if (!checked.ok) {
    notify(checked.error, 'error')
    return false
  }
  const entry = chatsState.chats[chatId]
  try {
    const message =
      entry?.type === ChatType.OneToOne
        ? await request('chat:message', { id: chatId, message: checked.text })
        : await request('chat:group:message', { chatId, message: checked.text })
    applyOwnMessage(chatsState, message)
    return true
  } catch (error) {
    reportError(error)
    return false
  }
}

/** Marks everything up to the newest loaded message read, when there is anything unread. */
export async function markRead(chatId: number): Promise<void> {
  const entry = chatsState.chats[chatId]
  const last = entry?.lastMessage ?? entry?.messages.at(-1)
  if (!entry || !last || entry.unread === 0) return
  entry.unread = 0
  try {
    const state = await request('chat:read', { chatId, messageId: last.id })
    const target = chatsState.chats[chatId]
    if (target && target.lastMessage?.id === last.id) target.unread = state.unread
  } catch {
    // the count comes back with the next chats:check
  }
}

/** Opens the floating window of a one-to-one chat with a user (the chat is found or created). */
export async function openDirectChat(user: { id: number; nickname: string }): Promise<void> {
  try {
    const chat = await request('chat:create', { id: user.id })
    applyChat(chatsState, chat)
    openDialog(chat.id, chat.name ?? user.nickname)
  } catch (error) {
    reportError(error)
  }
}

/** A new party of the viewer and a friend; resolves to its id. */
export async function createParty(userId: number): Promise<number | null> {
  try {
    const chat = await request('chat:group:create', { userId })
    applyChat(chatsState, chat)
    return chat.id
  } catch (error) {
    reportError(error)
    return null
  }
}

export async function inviteToParty(chatId: number, userId: number): Promise<boolean> {
  try {
    const chat = await request('chat:group:invite', { chatId, userId })
    applyChat(chatsState, chat)
    return true
  } catch (error) {
    reportError(error)
    return false
  }
}

export async function leaveParty(chatId: number): Promise<boolean> {
  try {
    await request('chat:group:leave', { chatId })
    applyChatClosed(chatsState, chatId)
    return true
  } catch (error) {
    reportError(error)
    return false
  }
}

export async function closeParty(chatId: number): Promise<boolean> {
  try {
    await request('chat:group:close', { chatId })
    applyChatClosed(chatsState, chatId)
    return true
  } catch (error) {
    reportError(error)
    return false
  }
}

/** Hides a one-to-one chat from the list until its next message. */
export async function hideDirectChat(chatId: number): Promise<void> {
  try {
    await request('chat:close', { chatId })
    applyChatClosed(chatsState, chatId)
  } catch (error) {
    reportError(error)
  }
}

/**
 * Joins the game chat of the viewer's table (the server checks they are at it) and holds it with its
 * newest page. Asked again after a reconnect, since the chat lists asked then do not carry it.
 */
export async function joinGameChat(lobbyId: number): Promise<void> {
  const view = await request('chat:game:join', { lobbyId })
  applyHistoryPage(applyChat(chatsState, view.chat), view.messages)
}

/** Asks whether the table's mafia room is open to the viewer, with everything said in it so far. */
export async function loadMafiaRoom(lobbyId: number): Promise<void> {
  applyMafiaRoom(mafiaRoomState, lobbyId, await request('chat:mafia:load', { lobbyId }))
}

/** Sends a message to the table's mafia room; refuses empty and over-long text here. Resolves true when sent. */
export async function sendMafiaRoomMessage(lobbyId: number, raw: string): Promise<boolean> {
  const checked = validateMessage(raw)
  if (!checked.ok) {
    notify(checked.error, 'error')
    return false
  }
  try {
    applyMafiaRoomMessage(mafiaRoomState, await request('chat:mafia:message', { lobbyId, message: checked.text }))
    return true
  } catch (error) {
    // The server says the zero night is over: the room goes.
    if (error instanceof RequestError && error.code === 'errors.mafia_room_closed') applyMafiaRoomClosed(mafiaRoomState, lobbyId)
    reportError(error)
    return false
  }
}

/** The general chat of the interface language (loaded and joined live). */
export function generalChat(): Chat | undefined {
  return Object.values(chatsState.chats).find((chat) => chat.type === ChatType.General)
}

/** A new one-to-one message from someone else: its window opens with a mark, and the sound plays. */
async function announceDirect(message: ChatMessage): Promise<void> {
  const entry = chatsState.chats[message.chatId]
  const name = entry?.name ?? message.user.nickname
  const dialog = chatsState.dialogs.find((item) => item.id === message.chatId)
  const windowFocused = await platform.isWindowFocused()
  const seen = dialog && !dialog.minimize && chatsState.focusedDialogId === dialog.id && windowFocused
  if (chatsState.pageChatId !== message.chatId && !seen) openDialog(message.chatId, name, { newMessage: true })
  await platform.playNotificationSound()
  if (!windowFocused) {
    await platform.showNotification({ title: i18n.t('chat.notification.title', { nickname: message.user.nickname }), body: message.text.slice(0, 200), route: `/chat/${message.chatId}` })
  }
}

/** A message pushed by the server. */
export async function receiveMessage(message: ChatMessage): Promise<void> {
  if (!applyIncomingMessage(chatsState, message, myId())) {
    try {
      await loadChat(message.chatId)
    } catch {
      return
    }
    const entry = chatsState.chats[message.chatId]
    if (entry && !isMyMessage(message, myId()) && message.chatType !== ChatType.General && entry.lastMessage?.id !== message.id) entry.unread += 1
  }
  if (message.chatType === ChatType.OneToOne && !isMyMessage(message, myId())) await announceDirect(message)
}

let attached = new WeakSet<AppSocket>()

/** Listens to the chat pushes of this socket (once per socket); every connect drops the history held and reloads the lists. */
export function attachChats(socket: AppSocket): void {
  if (!attached.has(socket)) {
    attached.add(socket)
    socket.on('chat:message:new', (message) => void receiveMessage(message))
    socket.on('chat:new', (chat) => void applyChat(chatsState, chat))
    socket.on('chat:close', ({ chatId }) => {
      applyChatClosed(chatsState, chatId)
      writeDialogs(chatsState.dialogs)
    })
    socket.on('chat:member:joined', ({ chatId, user }) => applyMemberJoined(chatsState, chatId, user))
    socket.on('chat:member:left', ({ chatId, userId }) => applyMemberLeft(chatsState, chatId, userId))
    socket.on('chat:mafia:opened', (room) => applyMafiaRoom(mafiaRoomState, room.lobbyId, room))
    socket.on('chat:mafia:message:new', (message) => applyMafiaRoomMessage(mafiaRoomState, message))
    socket.on('chat:mafia:closed', ({ lobbyId }) => applyMafiaRoomClosed(mafiaRoomState, lobbyId))
  }
  forgetHistory(chatsState)
  loadChats().catch(reportError)
}

/** For tests: forget which sockets are listened to. */
export function detachAllChats(): void {
  attached = new WeakSet<AppSocket>()
}

export { closeDialog }

// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { ChatType, type Chat, type ChatMessage } from '../../../../server/contract/socket/chats'
import {
  applyChat,
  applyChatClosed,
  applyHistoryPage,
  applyIncomingMessage,
  applyMemberJoined,
  applyMemberLeft,
  applyOwnMessage,
  byActivity,
  isLastPage,
  isMyMessage,
  oldestMessageId,
  setChats,
  chatsState,
  toEntry,
  totalUnread,
  validateMessage,
  type ChatEntry,
} from '../../../../renderer/state/chats'

const me = 1
const other = { id: 2, nickname: 'Bob', avatar: null, isPremium: false }
const self = { id: me, nickname: 'Alice', avatar: null, isPremium: false }

function message(id: number, chatId = 10, user = other, chatType: ChatType = ChatType.OneToOne): ChatMessage {
  return { id, chatId, chatType, user, text: `text ${id}`, createdAt: new Date(2026, 0, 1, 12, 0, id).toISOString() }
}

function chat(id = 10, overrides: Partial<Chat> = {}): Chat {
  return { id, type: ChatType.OneToOne, name: 'Bob', lobbyId: null, language: null, ownerId: null, members: [], unread: 0, lastMessage: null, createdAt: '2026-01-01T00:00:00.000Z', ...overrides }
}

const page = (from: number, count: number) => Array.from({ length: count }, (_, index) => message(from - index))

describe('message validation', () => {
  it('trims the text', () => {
    expect(validateMessage('  hello  \n')).toEqual({ ok: true, text: 'hello' })
  })
  it('refuses empty and blank text', () => {
    expect(validateMessage('')).toEqual({ ok: false, error: 'errors.message_empty' })
    expect(validateMessage(' \n\t ')).toEqual({ ok: false, error: 'errors.message_empty' })
  })
  it('accepts 2000 characters and refuses 2001 (after trimming)', () => {
    expect(validateMessage('x'.repeat(2000))).toEqual({ ok: true, text: 'x'.repeat(2000) })
    expect(validateMessage(` ${'x'.repeat(2000)} `).ok).toBe(true)
    expect(validateMessage('x'.repeat(2001))).toEqual({ ok: false, error: 'errors.message_too_long' })
  })
})

describe('history pages', () => {
  it('a full page of 20 is not the end; a shorter one is', () => {
    expect(isLastPage({ items: page(40, 20) })).toBe(false)
    expect(isLastPage({ items: page(19, 19) })).toBe(true)
    expect(isLastPage({ items: [] })).toBe(true)
    expect(isLastPage({ items: page(40, 20), end: true })).toBe(true)
  })

  it('puts pages oldest first, uses the oldest id as the next cursor and marks the end', () => {
    const entry = toEntry(chat())
    expect(oldestMessageId(entry)).toBeUndefined()
    applyHistoryPage(entry, { items: page(25, 20), end: false })
    expect(entry.messages.map((item) => item.id)).toEqual(Array.from({ length: 20 }, (_, index) => index + 6))
    expect(entry.messageLoaded).toBe(true)
    expect(entry.messageEnd).toBe(false)
    expect(oldestMessageId(entry)).toBe(6)
    applyHistoryPage(entry, { items: page(5, 5), end: true })
    expect(entry.messages).toHaveLength(25)
    expect(entry.messages[0]?.id).toBe(1)
    expect(entry.messageEnd).toBe(true)
  })

  it('does not duplicate a message that arrived live and again in a page', () => {
    const entry = toEntry(chat())
    applyHistoryPage(entry, { items: page(3, 3), end: true })
    applyHistoryPage(entry, { items: page(3, 3), end: true })
    expect(entry.messages.map((item) => item.id)).toEqual([1, 2, 3])
  })
})

describe('incoming messages', () => {
  let state: { chats: Record<number, ChatEntry> }
  beforeEach(() => {
    state = { chats: {} }
    applyChat(state, chat())
    applyHistoryPage(state.chats[10] as ChatEntry, { items: page(2, 2), end: true })
  })

  it('isMy is the user id equal to the current user', () => {
    expect(isMyMessage(message(1, 10, self), me)).toBe(true)
    expect(isMyMessage(message(1, 10, other), me)).toBe(false)
    expect(isMyMessage(message(1, 10, self), null)).toBe(false)
  })

  it("someone else's message is appended, becomes the last message and raises the unread count", () => {
    expect(applyIncomingMessage(state, message(3), me)).toBe(true)
    const entry = state.chats[10] as ChatEntry
    expect(entry.messages.at(-1)?.id).toBe(3)
    expect(entry.lastMessage?.id).toBe(3)
    expect(entry.unread).toBe(1)
    applyIncomingMessage(state, message(4), me)
    expect(entry.unread).toBe(2)
  })

  it('my own message (from another tab or the ack) is not unread', () => {
    applyIncomingMessage(state, message(3, 10, self), me)
    applyOwnMessage(state, message(4, 10, self))
    expect((state.chats[10] as ChatEntry).unread).toBe(0)
    expect((state.chats[10] as ChatEntry).messages).toHaveLength(4)
  })

  it('the same message twice counts once', () => {
    applyIncomingMessage(state, message(3), me)
    applyIncomingMessage(state, message(3), me)
    expect((state.chats[10] as ChatEntry).unread).toBe(1)
    expect((state.chats[10] as ChatEntry).messages).toHaveLength(3)
  })

  it('a message that arrives while the newest page is on its way is kept when the page comes without it', () => {
    applyChat(state, chat(11))
    ;(state.chats[11] as ChatEntry).loading = true
    applyIncomingMessage(state, message(8, 11), me)
    // The page was read on the server before message 8 was stored.
    applyHistoryPage(state.chats[11] as ChatEntry, { items: [message(7, 11), message(6, 11)], end: true })
    expect(state.chats[11]?.messages.map((held) => held.id)).toEqual([6, 7, 8])
    expect(state.chats[11]?.messageLoaded).toBe(true)
  })

  it('a chat whose history is not loaded only counts and remembers the last message', () => {
    applyChat(state, chat(11))
    applyIncomingMessage(state, message(7, 11), me)
    expect(state.chats[11]?.messages).toEqual([])
    expect(state.chats[11]?.unread).toBe(1)
    expect(state.chats[11]?.lastMessage?.id).toBe(7)
  })

  it('an unknown chat is reported so it can be loaded', () => {
    expect(applyIncomingMessage(state, message(9, 99), me)).toBe(false)
  })
})

describe('chat lists', () => {
  it('new chats keep loaded history; closed chats go with their window', () => {
    const state = { chats: {} as Record<number, ChatEntry>, dialogs: [{ id: 10, name: 'Bob', top: 0, left: 0, minimize: false, newMessage: false }] }
    applyChat(state, chat())
    applyHistoryPage(state.chats[10] as ChatEntry, { items: page(2, 2), end: true })
    applyChat(state, chat(10, { unread: 4 }))
    expect(state.chats[10]?.messages).toHaveLength(2)
    expect(state.chats[10]?.unread).toBe(4)
    applyChatClosed(state, 10)
    expect(state.chats[10]).toBeUndefined()
    expect(state.dialogs).toEqual([])
  })

  it('members join once and leave', () => {
    const state = { chats: {} as Record<number, ChatEntry> }
    applyChat(state, chat(5, { type: ChatType.Party }))
    const card = { ...other, officialNickname: null }
    applyMemberJoined(state, 5, card)
    applyMemberJoined(state, 5, card)
    expect(state.chats[5]?.members).toHaveLength(1)
    applyMemberLeft(state, 5, other.id)
    expect(state.chats[5]?.members).toHaveLength(0)
  })

  it('orders by newest activity and sums unread over one-to-one and party chats only', () => {
    const older = chat(1, { lastMessage: message(1, 1) })
    const newer = chat(2, { lastMessage: message(5, 2) })
    const fresh = chat(3, { createdAt: '2027-01-01T00:00:00.000Z' })
    expect(byActivity([older, newer, fresh]).map((item) => item.id)).toEqual([3, 2, 1])
    expect(totalUnread({ 1: { type: ChatType.OneToOne, unread: 2 }, 2: { type: ChatType.Party, unread: 3 }, 3: { type: ChatType.General, unread: 40 } })).toBe(5)
  })

  it('unread counts come from the server lists (they survive a reload)', () => {
    setChats([chat(1, { unread: 3 }), chat(2, { type: ChatType.General, unread: 0 })])
    expect(chatsState.loaded).toBe(true)
    expect(chatsState.chats[1]?.unread).toBe(3)
  })
})

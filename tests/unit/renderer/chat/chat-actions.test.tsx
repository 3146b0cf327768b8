// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { attachChats, loadChat, receiveMessage, sendMessage } from '../../../../renderer/features/chat/chat-actions'
import { MessageComposer } from '../../../../renderer/features/chat/MessageComposer'
import { i18n as appI18n } from '../../../../renderer/i18n'
import { platform } from '../../../../renderer/platform/bridge'
import { applyChat, chatsState, resetChats } from '../../../../renderer/state/chats'
import { noticesState } from '../../../../renderer/state/notices'
import { sessionState } from '../../../../renderer/state/session'
import { ChatType, type ChatMessage } from '../../../../server/contract/socket/chats'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket } from '../lobby/fake-socket'
import { createShellI18n, renderWithProviders } from '../shell/support'

const fake = createFakeSocket()
connectFakeSocket(fake.socket)
const { sent: emitted, answers, asked: sent } = fake

const me = { id: 1, nickname: 'Alice', avatar: null, isPremium: false }
const bob = { id: 2, nickname: 'Bob', avatar: null, isPremium: false }
const message = (id: number, user = bob, chatType: ChatType = ChatType.OneToOne, chatId = 10): ChatMessage => ({ id, chatId, chatType, user, text: `hi ${id}`, createdAt: '2026-01-01T00:00:00.000Z' })
const chat = (id: number, type: ChatType = ChatType.OneToOne) => ({ id, type, name: 'Bob', lobbyId: null, language: null, ownerId: null, members: [], unread: 0, lastMessage: null, createdAt: '2026-01-01T00:00:00.000Z' })

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => {
  resetChats({ forgetDialogs: true })
  noticesState.queue.splice(0)
  localStorage.clear()
})

beforeEach(() => {
  fake.reset()
  localStorage.clear()
  resetChats({ forgetDialogs: true })
  noticesState.queue.splice(0)
  sessionState.user = { ...me, email: 'a@example.test', placeholder: null, roleId: 1, emailConfirmation: true, adminConfirmation: true, bans: [] } as unknown as typeof sessionState.user
  // The sound and the system notification are the platform's; the title is the app's key, untranslated.
  vi.spyOn(platform, 'playNotificationSound').mockResolvedValue()
  vi.spyOn(platform, 'showNotification').mockResolvedValue()
  vi.spyOn(platform, 'isWindowFocused').mockResolvedValue(true)
  vi.spyOn(appI18n, 't').mockImplementation(((key: string) => key) as unknown as typeof appI18n.t)
})
afterEach(() => {
  cleanup()
  sessionState.user = null
  vi.restoreAllMocks()
})

describe('a pushed message', () => {
  it("someone else's one-to-one message opens a marked window, counts as unread and plays the sound", async () => {
    applyChat(chatsState, chat(10))
    await receiveMessage(message(5))
    expect(chatsState.chats[10]?.unread).toBe(1)
    expect(chatsState.dialogs).toEqual([expect.objectContaining({ id: 10, name: 'Bob', newMessage: true, minimize: false })])
    expect(platform.playNotificationSound).toHaveBeenCalledTimes(1)
    expect(platform.showNotification).not.toHaveBeenCalled()
  })

  it('an unfocused app window also shows a system notification', async () => {
    vi.mocked(platform.isWindowFocused).mockResolvedValue(false)
    applyChat(chatsState, chat(10))
    await receiveMessage(message(5))
    expect(platform.showNotification).toHaveBeenCalledWith({ title: 'chat.notification.title', body: 'hi 5', route: '/chat/10' })
  })

  it('my own message elsewhere and group messages make no sound', async () => {
    applyChat(chatsState, chat(10))
    applyChat(chatsState, chat(20, ChatType.Party))
    await receiveMessage(message(5, me))
    await receiveMessage(message(6, bob, ChatType.Party, 20))
    expect(platform.playNotificationSound).not.toHaveBeenCalled()
    expect(chatsState.chats[10]?.unread).toBe(0)
    expect(chatsState.chats[20]?.unread).toBe(1)
    expect(chatsState.dialogs).toEqual([])
  })
})

describe('a connect', () => {
  // attachChats only listens on the socket here; the requests go through the fake socket.
  const listeningSocket = () => ({ on: vi.fn() }) as unknown as Parameters<typeof attachChats>[0]
  const page = (chatId: number) => ({ chat: chat(chatId, ChatType.Party), messages: { items: [message(7, bob, ChatType.Party, chatId)], end: true } })

  it("keeps a chat's page that was answered before the chat lists", async () => {
    let answerLists: (value: unknown) => void = () => undefined
    answers.set('chats:check', new Promise((resolve) => (answerLists = resolve)))
    answers.set('chats:group:check', { items: [] })
    answers.set('chat:load', page(20))
    attachChats(listeningSocket())
    await loadChat(20)
    answerLists({ items: [chat(20, ChatType.Party)] })
    await vi.waitFor(() => expect(chatsState.loaded).toBe(true))
    expect(chatsState.chats[20]).toMatchObject({ messageLoaded: true, messages: [expect.objectContaining({ id: 7, text: 'hi 7' })] })
  })

  it('drops the history held before it, so an open chat loads it afresh', async () => {
    answers.set('chats:check', { items: [chat(20, ChatType.Party)] })
    answers.set('chats:group:check', { items: [] })
    answers.set('chat:load', page(20))
    await loadChat(20)
    expect(chatsState.chats[20]?.messageLoaded).toBe(true)
    attachChats(listeningSocket())
    expect(chatsState.chats[20]).toMatchObject({ messageLoaded: false, messages: [], loading: false })
    await loadChat(20)
    expect(chatsState.chats[20]?.messages.map((item) => item.id)).toEqual([7])
    expect(sent('chat:load')).toHaveLength(2)
  })
})

describe('sending', () => {
  it('trims, sends one-to-one with chat:message and groups with chat:group:message', async () => {
    applyChat(chatsState, chat(10))
    applyChat(chatsState, chat(20, ChatType.General))
    answers.set('chat:message', message(7, me))
    answers.set('chat:group:message', message(8, me, ChatType.General, 20))
    expect(await sendMessage(10, '  hello  ')).toBe(true)
    expect(await sendMessage(20, 'all')).toBe(true)
    expect(emitted.map((item) => [item.event, item.args[0]])).toEqual([
      ['chat:message', { id: 10, message: 'hello' }],
      ['chat:group:message', { chatId: 20, message: 'all' }],
    ])
  })

  it('refuses empty and over-long text without asking the server, and shows an ack error translated', async () => {
    applyChat(chatsState, chat(10))
    expect(await sendMessage(10, '   ')).toBe(false)
    expect(await sendMessage(10, 'x'.repeat(2001))).toBe(false)
    expect(emitted).toEqual([])
    answers.set('chat:message', { error: 'errors.rate_limited' })
    expect(await sendMessage(10, 'fast')).toBe(false)
    expect(noticesState.queue.map((notice) => notice.text)).toEqual(['errors.message_empty', 'errors.message_too_long', 'errors.rate_limited'])
  })
})

describe('the send box', () => {
  it('Enter sends, Shift+Enter does not, and over 2000 characters is refused with a message', async () => {
    const i18n = await createShellI18n('en')
    applyChat(chatsState, chat(10))
    answers.set('chat:message', message(7, me))
    renderWithProviders(i18n, <MessageComposer chatId={10} />)
    const box = screen.getByTestId('message-input') as HTMLTextAreaElement
    fireEvent.change(box, { target: { value: 'line one' } })
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true })
    expect(emitted).toEqual([])
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' })
    })
    expect(emitted.map((item) => item.args[0])).toEqual([{ id: 10, message: 'line one' }])
    expect(box.value).toBe('')
    fireEvent.change(box, { target: { value: 'x'.repeat(2001) } })
    expect(screen.getByTestId('message-too-long').textContent).toBe('The message is too long: at most 2000 characters.')
    expect((screen.getByTestId('message-send') as HTMLButtonElement).disabled).toBe(true)
  })
})

// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ChatSidePanel } from '../../../../renderer/features/chat'
import { receiveMessage } from '../../../../renderer/features/chat/chat-actions'
import { resetChats } from '../../../../renderer/state/chats'
import { sessionState } from '../../../../renderer/state/session'
import { tableState } from '../../../../renderer/state/table'
import { ChatType, type Chat, type ChatMessage } from '../../../../server/contract/socket/chats'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket } from '../lobby/fake-socket'
import { createShellI18n, renderWithProviders } from '../shell/support'

const fake = createFakeSocket()
connectFakeSocket(fake.socket)

const lobbyId = 5
const gameChatId = 40
const author = { id: 2, nickname: 'Boris', avatar: null, isPremium: false }
const gameChat: Chat = { id: gameChatId, type: ChatType.Game, name: null, lobbyId, language: null, ownerId: null, members: [], unread: 0, lastMessage: null, createdAt: '2026-01-01T00:00:00.000Z' }
const said = (id: number, text: string): ChatMessage => ({ id, chatId: gameChatId, chatType: ChatType.Game, user: author, text, createdAt: `2026-01-01T20:00:0${id}.000Z` })

function sitAtTable(): void {
  tableState.current = {
    id: lobbyId,
    member: true,
    as: 'player',
    lobby: { id: lobbyId, players: [{ seat: 7, user: { ...author, officialNickname: null } }], judge: null },
    game: { stream: 's', seq: 1, view: { phase: 'day_speech' } },
  } as unknown as Lobby
}

/** What the page had before (jsdom has no matchMedia): put back after each test. */
const jsdomMatchMedia = window.matchMedia

/** A phone's width (or a desk's): the media queries the panel asks. */
function screenWidth(phone: boolean): void {
  window.matchMedia = ((query: string) => ({ matches: phone && query.includes('max-width: 767px'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia
}

async function showPanel(locale: 'en' | 'he' = 'en') {
  renderWithProviders(await createShellI18n(locale), <ChatSidePanel />)
  await settle()
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)))
/** The tabs are exactly these, in this order (found by accessible name: Fluent draws each label twice, one copy only to reserve its bold width). */
const expectTabs = (names: string[]) => expect(screen.getAllByRole('tab')).toEqual(names.map((name) => screen.getByRole('tab', { name })))

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => resetChats({ forgetDialogs: true }))

beforeEach(() => {
  fake.reset()
  resetChats({ forgetDialogs: true })
  fake.answers.set('chat:game:join', { chat: gameChat, messages: { chatId: gameChatId, items: [said(2, 'Seat 4 is red'), said(1, 'Good game all')], end: true } })
  sessionState.user = { id: 1, nickname: 'Alice', email: 'a@example.test', avatar: null, isPremium: false, placeholder: null, roleId: 1, emailConfirmation: true, adminConfirmation: true, bans: [] } as unknown as typeof sessionState.user
  screenWidth(false)
})
afterEach(() => {
  cleanup()
  tableState.current = null
  sessionState.user = null
  window.matchMedia = jsdomMatchMedia
})

describe('the chat beside the table', () => {
  it("at a table, the game chat is the first tab and shown: joined with the table's id, its messages in order", async () => {
    sitAtTable()
    await showPanel()
    expect(fake.asked('chat:game:join')).toContainEqual({ lobbyId })
    expectTabs(['Game chat', 'Game log', 'General chat', 'Parties'])
    expect(screen.getByTestId('tab-game-chat').getAttribute('aria-selected')).toBe('true')
    expect(screen.getAllByTestId('message-text').map((item) => item.textContent)).toEqual(['Good game all', 'Seat 4 is red'])
  })

  it('the game log tab shows the log of the game so far', async () => {
    sitAtTable()
    await showPanel()
    fireEvent.click(screen.getByTestId('tab-game-log'))
    await settle()
    expect(screen.getByTestId('game-log')).toBeTruthy()
    expect(screen.queryByTestId('message-text')).toBeNull()
  })

  it('away from a table there is no game tab and nothing is joined', async () => {
    await showPanel()
    expectTabs(['General chat', 'Parties'])
    expect(fake.asked('chat:game:join')).toEqual([])
  })

  it('a refused join shows no game chat and is not retried in a loop', async () => {
    sitAtTable()
    fake.answers.set('chat:game:join', { error: 'errors.forbidden' })
    await showPanel()
    await settle()
    expect(fake.asked('chat:game:join')).toHaveLength(1)
    expect(screen.queryByTestId('message-text')).toBeNull()
  })

  it('on a phone it is a drawer behind a labelled button with an unread dot', async () => {
    screenWidth(true)
    sitAtTable()
    await showPanel()
    expect(screen.queryByRole('tab')).toBeNull()
    const open = screen.getByTestId('table-chat-open')
    expect(open.getAttribute('aria-label')).toBe('Open the chat')
    expect(screen.queryByTestId('table-chat-unread')).toBeNull()

    await act(async () => receiveMessage(said(3, 'Who speaks next?')))
    await settle()
    expect(screen.getByTestId('table-chat-open').dataset.unread).toBe('true')
    expect(screen.getByTestId('table-chat-unread')).toBeTruthy()
    expect(screen.getByTestId('table-chat-open').getAttribute('aria-label')).toBe('Open the chat · New messages')

    fireEvent.click(screen.getByTestId('table-chat-open'))
    await settle()
    // jsdom: Fluent's focus trap marks the open drawer itself aria-hidden, which a browser never shows.
    const drawer = await screen.findByRole('dialog', { hidden: true })
    expect(drawer.getAttribute('aria-label')).toBe('Table chat')
    expect(within(drawer).getByTestId('tab-game-chat').getAttribute('aria-selected')).toBe('true')
    expect(within(drawer).getAllByTestId('message-text').map((item) => item.textContent)).toContain('Who speaks next?')
    // Read in the drawer: the count goes back to the server and the dot goes.
    await settle()
    expect(fake.asked('chat:read')).toContainEqual({ chatId: gameChatId, messageId: 3 })

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close the chat', hidden: true }))
    await settle()
    expect(screen.getByTestId('table-chat-open').dataset.unread).toBeUndefined()
  })

  it('speaks Hebrew', async () => {
    sitAtTable()
    await showPanel('he')
    expectTabs(['צ׳אט המשחק', 'יומן המשחק', 'צ׳אט כללי', 'קבוצות'])
  })
})

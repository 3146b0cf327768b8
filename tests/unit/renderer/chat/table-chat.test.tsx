// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChatType, type Chat, type ChatMessage } from '../../../../server/contract/socket/chats'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { createShellI18n, renderWithProviders } from '../shell/support'

const emitted: Array<{ event: string; payload: unknown }> = []
const answers = new Map<string, unknown>()
const fakeSocket = {
  connected: true,
  timeout: () => ({
    emitWithAck: (event: string, payload: unknown) => {
      emitted.push({ event, payload })
      return Promise.resolve(answers.get(event))
    },
  }),
}

vi.mock('../../../../renderer/realtime', async () => {
  const { proxy } = await import('valtio')
  return {
    currentSocket: () => fakeSocket,
    realtimeState: proxy({ connected: true, onlineCount: null }),
    registerConnectHook: () => () => undefined,
    registerCurrentLobbyQuery: () => () => undefined,
  }
})

const { ChatSidePanel } = await import('../../../../renderer/features/chat')
const { receiveMessage } = await import('../../../../renderer/features/chat/chat-actions')
const { resetChats } = await import('../../../../renderer/state/chats')
const { tableState } = await import('../../../../renderer/state/table')
const { sessionState } = await import('../../../../renderer/state/session')

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

/** A phone's width (or a desk's): the media queries the panel asks. */
function screenWidth(phone: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone && query.includes('max-width: 767px'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }))
}

async function showPanel(locale: 'en' | 'he' = 'en') {
  renderWithProviders(await createShellI18n(locale), <ChatSidePanel />)
  await settle()
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)))
/** The tabs are exactly these, in this order (found by accessible name: Fluent draws each label twice, one copy only to reserve its bold width). */
const expectTabs = (names: string[]) => expect(screen.getAllByRole('tab')).toEqual(names.map((name) => screen.getByRole('tab', { name })))

beforeEach(() => {
  emitted.length = 0
  answers.clear()
  resetChats({ forgetDialogs: true })
  answers.set('chat:game:join', { chat: gameChat, messages: { chatId: gameChatId, items: [said(2, 'Seat 4 is red'), said(1, 'Good game all')], end: true } })
  sessionState.user = { id: 1, nickname: 'Alice', email: 'a@example.test', avatar: null, isPremium: false, placeholder: null, roleId: 1, emailConfirmation: true, adminConfirmation: true, bans: [] } as unknown as typeof sessionState.user
  screenWidth(false)
})
afterEach(() => {
  cleanup()
  tableState.current = null
  sessionState.user = null
  vi.unstubAllGlobals()
})

describe('the chat beside the table', () => {
  it("at a table, the game chat is the first tab and shown: joined with the table's id, its messages in order", async () => {
    sitAtTable()
    await showPanel()
    expect(emitted).toContainEqual({ event: 'chat:game:join', payload: { lobbyId } })
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
    expect(emitted.filter((item) => item.event === 'chat:game:join')).toEqual([])
  })

  it('a refused join shows no game chat and is not retried in a loop', async () => {
    sitAtTable()
    answers.set('chat:game:join', { error: 'errors.forbidden' })
    await showPanel()
    await settle()
    expect(emitted.filter((item) => item.event === 'chat:game:join')).toHaveLength(1)
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
    expect(emitted).toContainEqual({ event: 'chat:read', payload: { chatId: gameChatId, messageId: 3 } })

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

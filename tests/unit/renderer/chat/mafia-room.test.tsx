// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ChatSidePanel } from '../../../../renderer/features/chat'
import { MafiaRoomSection } from '../../../../renderer/features/statistics/MafiaRoomSection'
import { applyMafiaRoom, applyMafiaRoomClosed, applyMafiaRoomMessage, mafiaRoomState, resetChats } from '../../../../renderer/state/chats'
import { noticesState } from '../../../../renderer/state/notices'
import { sessionState } from '../../../../renderer/state/session'
import { tableState } from '../../../../renderer/state/table'
import type { MafiaRoomMessage } from '../../../../server/contract/socket/chats'
import type { GameRecord } from '../../../../server/contract/socket/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket } from '../lobby/fake-socket'
import { createShellI18n, renderWithProviders } from '../shell/support'

const fake = createFakeSocket()
connectFakeSocket(fake.socket)

const lobbyId = 5
const me = { id: 1, nickname: 'Alice' }
const card = (id: number, nickname: string) => ({ id, nickname, officialNickname: null, avatar: null, isPremium: false })
const message = (id: number, userId: number, seat: number | null, text = `plan ${id}`): MafiaRoomMessage => ({ id, lobbyId, userId, seat, text, at: Date.UTC(2026, 0, 1, 20, 0, id) })

/** The viewer at seat 3 of table 5, its game in `phase`. */
function sitAtTable(phase: string): void {
  tableState.current = {
    id: lobbyId,
    member: true,
    as: 'player',
    lobby: { id: lobbyId, players: [{ seat: 3, user: card(1, 'Alice') }, { seat: 7, user: card(2, 'Boris') }], judge: card(9, 'Arbiter') },
    game: { stream: 's', seq: 1, view: { phase } },
  } as unknown as Lobby
}

async function showPanel() {
  const i18n = await createShellI18n('en')
  renderWithProviders(i18n, <ChatSidePanel />)
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)))

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => {
  resetChats({ forgetDialogs: true })
  noticesState.queue.splice(0)
})

beforeEach(() => {
  fake.reset()
  resetChats({ forgetDialogs: true })
  noticesState.queue.splice(0)
  sessionState.user = { ...me, email: 'a@example.test', avatar: null, isPremium: false, placeholder: null, roleId: 1, emailConfirmation: true, adminConfirmation: true, bans: [] } as unknown as typeof sessionState.user
})
afterEach(() => {
  cleanup()
  tableState.current = null
  sessionState.user = null
})

describe('the mafia room state', () => {
  it('keeps each message once, in the order stored, and never brings a closed room back', () => {
    const state = { room: null, closed: [] as number[] }
    applyMafiaRoomMessage(state, message(2, 2, 7))
    expect(state.room).toEqual({ lobbyId, messages: [message(2, 2, 7)] })
    applyMafiaRoom(state, lobbyId, { lobbyId, messages: [message(1, 1, 3), message(2, 2, 7)] })
    applyMafiaRoomMessage(state, message(2, 2, 7))
    expect(state.room).toEqual({ lobbyId, messages: [message(1, 1, 3), message(2, 2, 7)] })
    applyMafiaRoomClosed(state, lobbyId)
    expect(state.room).toBeNull()
    applyMafiaRoomMessage(state, message(3, 2, 7))
    applyMafiaRoom(state, lobbyId, { lobbyId, messages: [] })
    expect(state.room).toBeNull()
  })

  it('an answer that the room is not open to the viewer forgets the room held for that table only', () => {
    const state = { room: { lobbyId, messages: [message(1, 1, 3)] }, closed: [] as number[] }
    applyMafiaRoom(state, 6, null)
    expect(state.room?.lobbyId).toBe(lobbyId)
    applyMafiaRoom(state, lobbyId, null)
    expect(state.room).toBeNull()
  })
})

describe('the mafia room tab beside the table', () => {
  it('is absent while no room is open to the viewer', async () => {
    sitAtTable('day_speech')
    await showPanel()
    await settle()
    expect(screen.queryByTestId('tab-mafia-room')).toBeNull()
    expect(screen.queryByTestId('mafia-room')).toBeNull()
    expect(fake.asked('chat:mafia:load')).toEqual([])
  })

  it('asks the server during the zero night and shows nothing when the room is not open to the viewer', async () => {
    sitAtTable('zero_night')
    fake.answers.set('chat:mafia:load', null)
    await showPanel()
    await settle()
    expect(fake.asked('chat:mafia:load')).toEqual([{ lobbyId }])
    expect(screen.queryByTestId('tab-mafia-room')).toBeNull()
  })

  it('opens in front with what was said, sends from its box, and goes when the zero night ends', async () => {
    sitAtTable('zero_night')
    fake.answers.set('chat:mafia:load', { lobbyId, messages: [message(1, 2, 7, 'Shoot seat 4'), message(2, 9, null, 'Thirty seconds')] })
    await showPanel()
    await settle()
    expect(screen.getByTestId('tab-mafia-room').textContent).toBe('Mafia room')
    const room = screen.getByTestId('mafia-room')
    const shown = within(room).getAllByTestId('mafia-room-message')
    expect(shown.map((item) => within(item).getByTestId('message-author').textContent)).toEqual(['Seat 7 · Boris', 'Judge'])
    expect(shown.map((item) => within(item).getByTestId('message-text').textContent)).toEqual(['Shoot seat 4', 'Thirty seconds'])

    fake.answers.set('chat:mafia:message', message(3, 1, 3, 'Agreed'))
    const box = within(room).getByTestId('message-input') as HTMLTextAreaElement
    fireEvent.change(box, { target: { value: '  Agreed ' } })
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' })
    })
    expect(fake.asked('chat:mafia:message')).toEqual([{ lobbyId, message: 'Agreed' }])
    const mine = within(screen.getByTestId('mafia-room')).getAllByTestId('mafia-room-message').at(-1) as HTMLElement
    expect(mine.dataset.mine).toBe('true')
    expect(within(mine).getByTestId('message-author').textContent).toBe('You')
    expect(box.value).toBe('')

    // A pushed message appears; then the room closes and the tab goes.
    await act(async () => applyMafiaRoomMessage(mafiaRoomState, message(4, 2, 7, 'See you at dawn')))
    expect(within(screen.getByTestId('mafia-room')).getAllByTestId('message-text').map((item) => item.textContent)).toContain('See you at dawn')
    await act(async () => applyMafiaRoomClosed(mafiaRoomState, lobbyId))
    expect(screen.queryByTestId('tab-mafia-room')).toBeNull()
    expect(screen.queryByTestId('mafia-room')).toBeNull()
  })

  it('appears when the server opens the room, and a send refused as too late closes it with the reason shown', async () => {
    sitAtTable('day_speech')
    await showPanel()
    expect(screen.queryByTestId('tab-mafia-room')).toBeNull()
    await act(async () => applyMafiaRoom(mafiaRoomState, lobbyId, { lobbyId, messages: [] }))
    expect(screen.getByTestId('tab-mafia-room')).toBeTruthy()
    expect(within(screen.getByTestId('mafia-room')).getByText('Agree on your plan before the night ends.')).toBeTruthy()

    fake.answers.set('chat:mafia:message', { error: 'errors.mafia_room_closed' })
    const box = screen.getByTestId('message-input') as HTMLTextAreaElement
    fireEvent.change(box, { target: { value: 'too late' } })
    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' })
    })
    expect(noticesState.queue.map((notice) => notice.text)).toEqual(['errors.mafia_room_closed'])
    expect(screen.queryByTestId('tab-mafia-room')).toBeNull()
  })
})

describe("the record's mafia room", () => {
  const players = [3, 7].map((seat) => ({ seat, card: card(seat * 10, `Player ${seat}`) })) as unknown as GameRecord['players']

  it('lists what was said with each seat and the judge named', async () => {
    const i18n = await createShellI18n('en')
    renderWithProviders(
      i18n,
      <MafiaRoomSection
        record={{
          players,
          judge: card(9, 'Arbiter'),
          mafiaRoom: [
            { userId: 70, seat: 7, text: 'Shoot seat 4', at: 1 },
            { userId: 9, seat: null, text: 'Ten seconds', at: 2 },
          ],
        }}
      />,
    )
    const section = screen.getByTestId('record-mafia-room')
    expect(within(section).getByRole('heading').textContent).toBe('Mafia room at the zero night')
    expect(within(section).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Seat 7 · Player 7Shoot seat 4', 'Judge · ArbiterTen seconds'])
  })

  it('is not shown when nobody wrote in the room', async () => {
    const i18n = await createShellI18n('en')
    renderWithProviders(i18n, <MafiaRoomSection record={{ players, judge: null, mafiaRoom: [] }} />)
    expect(screen.queryByTestId('record-mafia-room')).toBeNull()
  })
})

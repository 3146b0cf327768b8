// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { friendsState, resetFriends, setFriendsLoaded } from '../../../../renderer/state/friends'
import { noticesState } from '../../../../renderer/state/notices'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket } from '../lobby/fake-socket'
import { card, renderFriendsScreen as renderScreen } from './support'

const fake = createFakeSocket()
connectFakeSocket(fake.socket)
const { answers, asked: sent } = fake

afterEach(() => cleanup())

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => {
  resetFriends()
  noticesState.queue.splice(0)
})

beforeEach(() => {
  fake.reset()
  answers.set('friends:search:new', { items: [] })
  answers.set('friends:block:list', { items: [card(7, 'Mallory')] })
  noticesState.queue.splice(0)
  resetFriends()
})

describe('blocking from the friends screen', () => {
  it('lists the blocked players, and blocks a friend only once the confirmation is accepted', async () => {
    await renderScreen()
    await act(async () => setFriendsLoaded([{ ...card(2, 'Bob'), online: true }], []))
    expect(within(await screen.findByTestId('blocked-users')).getByText('Mallory')).toBeTruthy()

    answers.set('friends:block', card(2, 'Bob'))
    fireEvent.click(within(screen.getByTestId('friend')).getByTestId('block-user'))
    expect(await screen.findByText('Block Bob?')).toBeTruthy()
    expect(screen.getByText(/Bob will not be able to send you friend requests/)).toBeTruthy()
    // Nothing is sent before the confirmation.
    expect(sent('friends:block')).toEqual([])
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-block'))
    })
    expect(sent('friends:block')).toEqual([{ id: 2 }])
    expect(friendsState.friends).toEqual([])
    expect(friendsState.blocked?.map((user) => user.nickname)).toEqual(['Bob', 'Mallory'])
    expect(screen.queryByTestId('friend')).toBeNull()
    expect(within(screen.getByTestId('blocked-users')).getAllByTestId('blocked-user')).toHaveLength(2)
  })

  it('cancelling the confirmation blocks nobody', async () => {
    await renderScreen()
    await act(async () => setFriendsLoaded([{ ...card(2, 'Bob'), online: true }], []))
    fireEvent.click(within(screen.getByTestId('friend')).getByTestId('block-user'))
    fireEvent.click(await screen.findByText('Cancel'))
    expect(sent('friends:block')).toEqual([])
    expect(friendsState.friends.map((friend) => friend.id)).toEqual([2])
  })

  it('unblocks after asking', async () => {
    answers.set('friends:unblock', { ok: true })
    await renderScreen()
    await act(async () => setFriendsLoaded([], []))
    fireEvent.click(await screen.findByTestId('unblock-user'))
    expect(await screen.findByText('Unblock Mallory?')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-unblock'))
    })
    expect(sent('friends:unblock')).toEqual([{ id: 7 }])
    expect(friendsState.blocked).toEqual([])
    expect(screen.getByText('You have not blocked anyone.')).toBeTruthy()
  })

  it('shows a refusal as a translated notice and changes nothing', async () => {
    answers.set('friends:block', { error: 'errors.blocked' })
    await renderScreen()
    await act(async () => setFriendsLoaded([{ ...card(2, 'Bob'), online: true }], []))
    fireEvent.click(within(screen.getByTestId('friend')).getByTestId('block-user'))
    await act(async () => {
      fireEvent.click(await screen.findByTestId('confirm-block'))
    })
    expect(noticesState.queue.map((notice) => notice.text)).toContain('errors.blocked')
    expect(friendsState.friends.map((friend) => friend.id)).toEqual([2])
    expect(friendsState.blocked?.map((user) => user.id)).toEqual([7])
  })
})

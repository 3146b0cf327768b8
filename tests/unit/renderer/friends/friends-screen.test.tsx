// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { friendOnline, friendsState, resetFriends, setFriendsLoaded } from '../../../../renderer/state/friends'
import { takeNotices } from '../../../../renderer/state/notices'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket } from '../lobby/fake-socket'
import { card, renderFriendsScreen as renderScreen } from './support'

const fake = createFakeSocket()
connectFakeSocket(fake.socket)
const { sent: emitted, answers } = fake

afterEach(() => cleanup())

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => {
  resetFriends()
  takeNotices()
})

beforeEach(() => {
  fake.reset()
  answers.set('friends:search:new', { items: [] })
  resetFriends()
})

describe('friends screen', () => {
  it('shows loading, then the empty state', async () => {
    await renderScreen()
    expect(screen.getAllByRole('status').some((element) => element.getAttribute('aria-busy') === 'true')).toBe(true)
    await act(async () => setFriendsLoaded([], []))
    expect(screen.getByText('No friends yet')).toBeTruthy()
    expect(screen.getByText('No requests waiting for an answer.')).toBeTruthy()
  })

  it('lists friends with a live online dot and asks before removing one', async () => {
    await renderScreen()
    await act(async () => setFriendsLoaded([{ ...card(2, 'Bob'), online: false }], []))
    const dot = screen.getByTestId('presence')
    expect(dot.getAttribute('data-online')).toBe('false')
    await act(async () => friendOnline(2, true))
    expect(screen.getByTestId('presence').getAttribute('data-online')).toBe('true')
    answers.set('friends:remove', { ok: true })
    fireEvent.click(screen.getByTestId('remove-friend'))
    expect(await screen.findByText('Bob will no longer be in your friend list.')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByTestId('confirm-remove'))
    })
    expect(emitted.find((item) => item.event === 'friends:remove')?.args[0]).toEqual({ id: 2 })
    expect(friendsState.friends).toEqual([])
  })

  it('searches by nickname after a pause and sends a request', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      answers.set('friends:search', { items: [{ ...card(3, 'Carol'), relation: 'none' }], total: 1 })
      answers.set('friends:request:create', { status: 'requested', requestId: 30, user: card(3, 'Carol') })
      await renderScreen()
      await act(async () => setFriendsLoaded([], []))
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Car' } })
      expect(emitted.some((item) => item.event === 'friends:search')).toBe(false)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400)
      })
      expect(emitted.find((item) => item.event === 'friends:search')?.args[0]).toEqual({ query: 'Car', page: 1, limit: 20 })
      await act(async () => {
        fireEvent.click(await screen.findByTestId('add-friend'))
      })
      expect(friendsState.outgoing).toEqual([{ requestId: 30, user: card(3, 'Carol') }])
      expect(screen.getByTestId('outgoing-request').textContent).toContain('Carol')
    } finally {
      vi.useRealTimers()
    }
  })
})

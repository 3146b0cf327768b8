// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import type { Friend, FriendRequest, FriendSearchItem } from '../../../../server/contract/socket/friends'
import {
  friendAdded,
  friendOnline,
  friendRemoved,
  friendsState,
  requestAnswered,
  requestReceived,
  requestSent,
  requestWithdrawn,
  resetFriends,
  searchableQuery,
  searchAnswered,
  searchStarted,
  setFriendsLoaded,
} from '../../../../renderer/state/friends'

const card = (id: number, nickname: string) => ({ id, nickname, officialNickname: null, avatar: null, isPremium: false })
const friend = (id: number, nickname: string, online = false): Friend => ({ ...card(id, nickname), online })
const incoming = (id: number, nickname: string, requestId = id * 10): FriendRequest => ({ ...card(id, nickname), requestId, createdAt: '2026-01-01T00:00:00.000Z' })
const found = (id: number, nickname: string, relation: FriendSearchItem['relation'] = 'none'): FriendSearchItem => ({ ...card(id, nickname), relation })

beforeEach(() => resetFriends())

describe('friends state', () => {
  it('keeps the requests the viewer sent across a reload, so they can still be withdrawn', () => {
    requestSent({ requestId: 70, user: card(7, 'Kim') })
    resetFriends()
    setFriendsLoaded([], [], [{ requestId: 70, user: card(7, 'Kim') }])
    expect(friendsState.outgoing).toEqual([{ requestId: 70, user: card(7, 'Kim') }])
    requestWithdrawn(7)
    expect(friendsState.outgoing).toEqual([])
  })

  it('keeps friends by nickname and updates their online dot live', () => {
    setFriendsLoaded([friend(2, 'Zed'), friend(3, 'Amy')], [])
    expect(friendsState.loaded).toBe(true)
    expect(friendsState.friends.map((item) => item.nickname)).toEqual(['Amy', 'Zed'])
    friendOnline(2, true)
    expect(friendsState.friends.find((item) => item.id === 2)?.online).toBe(true)
    friendOnline(99, true)
    expect(friendsState.friends).toHaveLength(2)
  })

  it('an incoming request shows once, newest first, and goes when answered', () => {
    requestReceived(incoming(4, 'Bob'))
    requestReceived(incoming(5, 'Cid'))
    requestReceived(incoming(4, 'Bob'))
    expect(friendsState.incoming.map((item) => item.id)).toEqual([4, 5])
    requestAnswered(4)
    expect(friendsState.incoming.map((item) => item.id)).toEqual([5])
  })

  it('a new friend leaves the requests and suggestions and is marked in the search results', () => {
    friendsState.search = { query: 'b', items: [found(4, 'Bob', 'outgoing')], total: 1, page: 1, loading: false }
    requestSent({ requestId: 40, user: card(4, 'Bob') })
    requestReceived(incoming(4, 'Bob'))
    friendAdded(friend(4, 'Bob', true))
    expect(friendsState.friends.map((item) => item.id)).toEqual([4])
    expect(friendsState.incoming).toEqual([])
    expect(friendsState.outgoing).toEqual([])
    expect(friendsState.search.items[0]?.relation).toBe('friend')
    friendRemoved(4)
    expect(friendsState.friends).toEqual([])
    expect(friendsState.search.items[0]?.relation).toBe('none')
  })

  it('a sent request can be withdrawn', () => {
    friendsState.search = { query: 'b', items: [found(4, 'Bob')], total: 1, page: 1, loading: false }
    requestSent({ requestId: 40, user: card(4, 'Bob') })
    expect(friendsState.search.items[0]?.relation).toBe('outgoing')
    requestWithdrawn(4)
    expect(friendsState.outgoing).toEqual([])
    expect(friendsState.search.items[0]?.relation).toBe('none')
  })
})

describe('search', () => {
  it('accepts 1..24 characters after trimming', () => {
    expect(searchableQuery('  bo ')).toBe('bo')
    expect(searchableQuery('   ')).toBeNull()
    expect(searchableQuery('x'.repeat(25))).toBeNull()
  })

  it('pages add up without duplicates; a new query starts again', () => {
    searchStarted('b', 1)
    searchAnswered('b', 1, [found(1, 'B1'), found(2, 'B2')], 3)
    searchStarted('b', 2)
    searchAnswered('b', 2, [found(2, 'B2'), found(3, 'B3')], 3)
    expect(friendsState.search.items.map((item) => item.id)).toEqual([1, 2, 3])
    expect(friendsState.search.page).toBe(2)
    searchStarted('c', 1)
    expect(friendsState.search.items).toEqual([])
  })

  it('ignores the answer to an older query', () => {
    searchStarted('b', 1)
    searchStarted('bo', 1)
    searchAnswered('b', 1, [found(1, 'B1')], 1)
    expect(friendsState.search.items).toEqual([])
    expect(friendsState.search.loading).toBe(true)
  })
})

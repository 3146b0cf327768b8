import type { UserCard } from '../../../server/contract/socket/common'
import { friendsLimits } from '../../../server/contract/socket/friends'
import type { AppSocket } from '../../realtime'
import { request } from '../../realtime/requests'
import {
  friendAdded,
  friendOnline,
  friendRemoved,
  friendsState,
  requestAnswered,
  requestReceived,
  requestSent,
  requestWithdrawn,
  searchableQuery,
  searchAnswered,
  searchCleared,
  searchStarted,
  setBlocked,
  setFriendsLoaded,
  setSuggestions,
  userBlocked,
  userUnblocked,
} from '../../state/friends'
import { notify } from '../../state/notices'
import { reportError } from '../chat/chat-actions'

/** Friends with their online state, the requests others sent and the ones the viewer sent. */
export async function loadFriends(): Promise<void> {
  const [list, incoming] = await Promise.all([request('friends:list'), request('friends:request:check')])
  setFriendsLoaded(list.items, incoming.items, incoming.outgoing.map((request) => ({ requestId: request.requestId, user: request })))
}

export async function loadSuggestions(): Promise<void> {
  try {
    setSuggestions((await request('friends:search:new')).items)
  } catch (error) {
    reportError(error)
  }
}

/** One page of users whose nickname starts with the query; page 1 starts a new search. */
export async function searchPeople(rawQuery: string, page = 1): Promise<void> {
  const query = searchableQuery(rawQuery)
  if (!query) {
    searchCleared()
    return
  }
  searchStarted(query, page)
  try {
    const result = await request('friends:search', { query, page, limit: friendsLimits.searchPageSize })
    searchAnswered(query, page, result.items, result.total)
  } catch (error) {
    searchAnswered(query, page, page === 1 ? [] : [...friendsState.search.items], friendsState.search.total)
    reportError(error)
  }
}

export function searchMore(): Promise<void> {
  return searchPeople(friendsState.search.query, friendsState.search.page + 1)
}

export async function sendFriendRequest(user: UserCard): Promise<void> {
  try {
    const outcome = await request('friends:request:create', { id: user.id })
    if (outcome.status === 'requested') {
      requestSent({ requestId: outcome.requestId, user: outcome.user })
      notify('friends.notices.requestSent', 'success')
    } else {
      friendAdded(outcome.friend)
    }
  } catch (error) {
    reportError(error)
  }
}

export async function acceptRequest(userId: number, requestId: number): Promise<void> {
  try {
    friendAdded(await request('friends:request:accept', { id: userId, requestId }))
  } catch (error) {
    reportError(error)
    requestAnswered(userId)
  }
}

export async function rejectRequest(userId: number, requestId: number): Promise<void> {
  try {
    await request('friends:request:reject', { id: userId, requestId })
    requestAnswered(userId)
  } catch (error) {
    reportError(error)
  }
}

/** Takes back a request the viewer sent (the server's reject withdraws one's own request too). */
export async function withdrawRequest(userId: number, requestId: number): Promise<void> {
  try {
    await request('friends:request:reject', { id: userId, requestId })
    requestWithdrawn(userId)
  } catch (error) {
    reportError(error)
  }
}

export async function removeFriend(userId: number): Promise<void> {
  try {
    await request('friends:remove', { id: userId })
    friendRemoved(userId)
  } catch (error) {
    reportError(error)
  }
}

export async function loadBlocked(): Promise<void> {
  try {
    setBlocked((await request('friends:block:list')).items)
  } catch (error) {
    reportError(error)
  }
}

/** Blocks a user; true when the server took it (the caller closes its confirmation either way). */
export async function blockUser(user: UserCard): Promise<boolean> {
  try {
    userBlocked(await request('friends:block', { id: user.id }))
    notify('friends.notices.blocked', 'success')
    return true
  } catch (error) {
    reportError(error)
    return false
  }
}

export async function unblockUser(userId: number): Promise<boolean> {
  try {
    await request('friends:unblock', { id: userId })
    userUnblocked(userId)
    notify('friends.notices.unblocked', 'success')
    return true
  } catch (error) {
    reportError(error)
    return false
  }
}

let attached = new WeakSet<AppSocket>()

/** Listens to the friends pushes of this socket (once per socket) and reloads the lists on every connect. */
export function attachFriends(socket: AppSocket): void {
  if (!attached.has(socket)) {
    attached.add(socket)
    socket.on('friends:online', ({ id, online }) => friendOnline(id, online))
    socket.on('friends:requested', (friendRequest) => requestReceived(friendRequest))
    socket.on('friends:added', (friend) => friendAdded(friend))
    socket.on('friends:removed', ({ id }) => friendRemoved(id))
  }
  loadFriends().catch(reportError)
}

/** For tests: forget which sockets are listened to. */
export function detachAllFriends(): void {
  attached = new WeakSet<AppSocket>()
}

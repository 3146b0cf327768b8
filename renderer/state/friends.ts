import { proxy } from 'valtio'
import type { UserCard } from '../../server/contract/socket/common'
import type { Friend, FriendRelation, FriendRequest, FriendSearchItem, FriendSuggestion } from '../../server/contract/socket/friends'

/** A request the viewer sent that still waits for an answer. */
export interface OutgoingRequest {
  requestId: number
  user: UserCard
}

export interface FriendsState {
  friends: Friend[]
  incoming: FriendRequest[]
  outgoing: OutgoingRequest[]
  suggestions: FriendSuggestion[]
  /** Friends and requests have been loaded once. */
  loaded: boolean
  /** The users the viewer blocked, by nickname; null until loaded. */
  blocked: UserCard[] | null
  search: { query: string; items: FriendSearchItem[]; total: number; page: number; loading: boolean }
}

export const friendsState = proxy<FriendsState>({
  friends: [],
  incoming: [],
  outgoing: [],
  suggestions: [],
  loaded: false,
  blocked: null,
  search: { query: '', items: [], total: 0, page: 0, loading: false },
})

const byNickname = (a: UserCard, b: UserCard) => a.nickname.localeCompare(b.nickname)

/** Whether the search query is one the server accepts (1..24 characters after trimming). */
export const searchableQuery = (query: string): string | null => {
  const trimmed = query.trim()
  return trimmed.length >= 1 && trimmed.length <= 24 ? trimmed : null
}

function setRelation(userId: number, relation: FriendRelation): void {
  for (const item of friendsState.search.items) if (item.id === userId) item.relation = relation
}

export function setFriendsLoaded(friends: Friend[], incoming: FriendRequest[], outgoing: OutgoingRequest[] = []): void {
  friendsState.friends = [...friends].sort(byNickname)
  friendsState.incoming = incoming
  friendsState.outgoing = outgoing
  friendsState.loaded = true
}

export function setSuggestions(items: FriendSuggestion[]): void {
  friendsState.suggestions = items
}

export function friendAdded(friend: Friend): void {
  friendsState.friends = [...friendsState.friends.filter((item) => item.id !== friend.id), friend].sort(byNickname)
  friendsState.incoming = friendsState.incoming.filter((request) => request.id !== friend.id)
  friendsState.outgoing = friendsState.outgoing.filter((request) => request.user.id !== friend.id)
  friendsState.suggestions = friendsState.suggestions.filter((item) => item.id !== friend.id)
  setRelation(friend.id, 'friend')
}

export function friendRemoved(id: number): void {
  friendsState.friends = friendsState.friends.filter((friend) => friend.id !== id)
  setRelation(id, 'none')
}

export function setBlocked(users: UserCard[]): void {
  friendsState.blocked = [...users].sort(byNickname)
}

/** The viewer blocked someone: they leave the friend list, the requests and the suggestions (the server ended those too). */
export function userBlocked(user: UserCard): void {
  friendsState.blocked = [...(friendsState.blocked ?? []).filter((item) => item.id !== user.id), user].sort(byNickname)
  friendsState.friends = friendsState.friends.filter((friend) => friend.id !== user.id)
  friendsState.incoming = friendsState.incoming.filter((request) => request.id !== user.id)
  friendsState.outgoing = friendsState.outgoing.filter((request) => request.user.id !== user.id)
  friendsState.suggestions = friendsState.suggestions.filter((item) => item.id !== user.id)
  setRelation(user.id, 'none')
}

export function userUnblocked(id: number): void {
  if (friendsState.blocked) friendsState.blocked = friendsState.blocked.filter((item) => item.id !== id)
}

export function friendOnline(id: number, online: boolean): void {
  const friend = friendsState.friends.find((item) => item.id === id)
  if (friend) friend.online = online
}

export function requestReceived(request: FriendRequest): void {
  friendsState.incoming = [request, ...friendsState.incoming.filter((item) => item.id !== request.id)]
  setRelation(request.id, 'incoming')
}

export function requestAnswered(userId: number): void {
  friendsState.incoming = friendsState.incoming.filter((request) => request.id !== userId)
}

export function requestSent(request: OutgoingRequest): void {
  friendsState.outgoing = [request, ...friendsState.outgoing.filter((item) => item.user.id !== request.user.id)]
  setRelation(request.user.id, 'outgoing')
}

export function requestWithdrawn(userId: number): void {
  friendsState.outgoing = friendsState.outgoing.filter((request) => request.user.id !== userId)
  setRelation(userId, 'none')
}

export function searchStarted(query: string, page: number): void {
  friendsState.search.query = query
  friendsState.search.loading = true
  if (page === 1) {
    friendsState.search.items = []
    friendsState.search.total = 0
  }
}

/** A search page arrived; a page for an older query is ignored. */
export function searchAnswered(query: string, page: number, items: FriendSearchItem[], total: number): void {
  if (friendsState.search.query !== query) return
  const known = new Set(page === 1 ? [] : friendsState.search.items.map((item) => item.id))
  friendsState.search.items = page === 1 ? items : [...friendsState.search.items, ...items.filter((item) => !known.has(item.id))]
  friendsState.search.total = total
  friendsState.search.page = page
  friendsState.search.loading = false
}

export function searchCleared(): void {
  friendsState.search = { query: '', items: [], total: 0, page: 0, loading: false }
}

export function resetFriends(): void {
  friendsState.friends = []
  friendsState.incoming = []
  friendsState.outgoing = []
  friendsState.suggestions = []
  friendsState.loaded = false
  friendsState.blocked = null
  searchCleared()
}

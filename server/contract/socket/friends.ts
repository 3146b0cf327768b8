import { Type, type Static } from 'typebox'
import { Done, Id, NoPayload, UserCard, type RequestEvents, type RequestMap } from './common'

export const friendsLimits = {
  /** Search text: a nickname prefix. */
  searchMax: 24,
  searchPageSize: 20,
  searchPageSizeMax: 50,
  /** People worth adding, at most. */
  suggestionsMax: 20,
  /** Friend requests one user may have waiting for an answer; more are refused with errors.friend_request_limit. */
  pendingOutgoingMax: 20,
} as const

/** How the viewer stands with another user. */
export const FriendRelation = Type.Union([Type.Literal('none'), Type.Literal('friend'), Type.Literal('incoming'), Type.Literal('outgoing')])
export type FriendRelation = Static<typeof FriendRelation>

/** A friend, with whether any of their sockets is connected to any node right now. */
export const Friend = Type.Object({ ...UserCard.properties, online: Type.Boolean() })
export type Friend = Static<typeof Friend>

/**
 * A pending friend request as the other side sees it: `id` is the user who sent it (their card
 * follows), `requestId` the request itself. Accept or reject with `{ id, requestId }`.
 */
export const FriendRequest = Type.Object({ ...UserCard.properties, requestId: Type.Integer(), createdAt: Type.String() })
export type FriendRequest = Static<typeof FriendRequest>

/** A search result: a user and how the viewer stands with them. */
export const FriendSearchItem = Type.Object({ ...UserCard.properties, relation: FriendRelation })
export type FriendSearchItem = Static<typeof FriendSearchItem>

/** Why someone is suggested: they are a friend of a friend, or sat at a table with the viewer recently. */
export const SuggestionReason = Type.Union([Type.Literal('friend_of_friend'), Type.Literal('table_mate')])
export type SuggestionReason = Static<typeof SuggestionReason>

/** Someone worth adding. */
export const FriendSuggestion = Type.Object({
  ...UserCard.properties,
  reasons: Type.Array(SuggestionReason),
  /** Friends the viewer and this user have in common. */
  mutualFriends: Type.Integer({ minimum: 0 }),
})
export type FriendSuggestion = Static<typeof FriendSuggestion>

/** `friends:search`: users whose nickname or official nickname starts with `query` (case-insensitive), the viewer excluded. */
export const FriendSearchQuery = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: friendsLimits.searchMax }),
    /** 1-based page. */
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: friendsLimits.searchPageSizeMax })),
  },
  { additionalProperties: false },
)
export type FriendSearchQuery = Static<typeof FriendSearchQuery>

/** A page of search results with the total number of matches. */
export const FriendSearchPage = Type.Object({ items: Type.Array(FriendSearchItem), total: Type.Integer({ minimum: 0 }) })
export type FriendSearchPage = Static<typeof FriendSearchPage>

/** A user, by id. */
export const UserTarget = Type.Object({ id: Id }, { additionalProperties: false })
export type UserTarget = Static<typeof UserTarget>

/** Answers a request: `id` is the other user, `requestId` the request. */
export const FriendRequestAnswer = Type.Object({ id: Id, requestId: Id }, { additionalProperties: false })
export type FriendRequestAnswer = Static<typeof FriendRequestAnswer>

/**
 * What `friends:request:create` did: sent a request, or, when the other user had already asked
 * the viewer, made them friends at once.
 */
export const FriendRequestOutcome = Type.Union([
  Type.Object({ status: Type.Literal('requested'), requestId: Type.Integer(), user: UserCard }),
  Type.Object({ status: Type.Literal('accepted'), friend: Friend }),
])
export type FriendRequestOutcome = Static<typeof FriendRequestOutcome>

/**
 * The friends requests. Each answers through its ack: the result below, or `{ error, field? }`.
 * - `friends:search` {query, page?, limit?} -> {items, total}
 * - `friends:search:new` -> {items}: friends of friends (and, with lobbies, recent table-mates), best first
 * - `friends:request:create` {id} -> {status: 'requested', requestId, user} | {status: 'accepted', friend}
 * - `friends:request:accept` {id, requestId} -> the new friend
 * - `friends:request:reject` {id, requestId} -> {ok}; also withdraws the viewer's own request to `id`
 * - `friends:remove` {id} -> {ok}
 * - `friends:request:check` -> {items, outgoing}: requests others sent the viewer (`items`), and requests the
 *   viewer sent and that are still waiting (`outgoing`, each with the recipient's card), newest first
 * - `friends:list` -> {items}: the viewer's friends with their online state, by nickname
 * - `friends:block` {id} -> the blocked user's card. While a block stands, neither of the two can send the
 *   other a friend request, a party invite or a one-to-one message (errors.blocked); blocking also ends
 *   a pending request between them and their friendship. Blocking oneself: errors.block_self.
 * - `friends:unblock` {id} -> {ok}; errors.not_found when the viewer had not blocked them
 * - `friends:block:list` -> {items}: the users the viewer blocked, by nickname
 */
export const friendsRequests = {
  'friends:search': { payload: FriendSearchQuery, result: FriendSearchPage },
  'friends:search:new': { payload: NoPayload, result: Type.Object({ items: Type.Array(FriendSuggestion) }) },
  'friends:request:create': { payload: UserTarget, result: FriendRequestOutcome },
  'friends:request:accept': { payload: FriendRequestAnswer, result: Friend },
  'friends:request:reject': { payload: FriendRequestAnswer, result: Done },
  'friends:remove': { payload: UserTarget, result: Done },
  'friends:request:check': { payload: NoPayload, result: Type.Object({ items: Type.Array(FriendRequest), outgoing: Type.Array(FriendRequest) }) },
  'friends:list': { payload: NoPayload, result: Type.Object({ items: Type.Array(Friend) }) },
  'friends:block': { payload: UserTarget, result: UserCard },
  'friends:unblock': { payload: UserTarget, result: Done },
  'friends:block:list': { payload: NoPayload, result: Type.Object({ items: Type.Array(UserCard) }) },
} as const satisfies RequestMap

export type FriendsClientEvents = RequestEvents<typeof friendsRequests>

/** Friends events the server pushes. */
export interface FriendsServerEvents {
  /** A friend came online (their first socket anywhere) or went offline (their last one closed). */
  'friends:online': (payload: { id: number; online: boolean }) => void
  /** Someone sent the viewer a friend request. */
  'friends:requested': (payload: FriendRequest) => void
  /** A request was accepted, either way: the viewer has a new friend. */
  'friends:added': (payload: Friend) => void
  /** A friendship ended (either side removed it). */
  'friends:removed': (payload: { id: number }) => void
}

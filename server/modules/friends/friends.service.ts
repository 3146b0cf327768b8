import type { UserCard } from '../../contract/socket/common'
import {
  friendsLimits,
  type Friend,
  type FriendRequest,
  type FriendRequestAnswer,
  type FriendSearchPage,
  type FriendSearchQuery,
  type FriendSuggestion,
  type SuggestionReason,
} from '../../contract/socket/friends'
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error'
import type { FriendsRepository, UserCardRow } from './friends.repository'

/**
 * A source of people worth adding. Friends of friends are built in; the lobbies module adds recent
 * table-mates through `FriendsModule.addSuggestionSource`.
 */
export interface SuggestionSource {
  reason: SuggestionReason
  /** Candidates for the user, best first; a higher score ranks higher. Friends and pending requests are filtered out afterwards. */
  suggest(userId: number, limit: number): Promise<Array<{ userId: number; score: number }>>
}

/** Whether users are connected right now (any node). */
export interface Presence {
  onlineAmong(userIds: number[]): Promise<Set<number>>
}

export function toUserCard(row: UserCardRow): UserCard {
  return { id: row.id, nickname: row.nickname, officialNickname: row.official_nickname, avatar: row.avatar, isPremium: row.is_premium }
}

/** The outcome of a friend request: a pending request, or (when the other side had already asked) a friendship. */
export type RequestOutcome =
  | { status: 'requested'; requestId: number; createdAt: Date; from: UserCard; to: UserCard }
  | { status: 'accepted'; user: UserCard; other: UserCard }

/** A refusal that tells the asker only that they cannot, not who blocked whom. */
const forbiddenBy = (code: 'errors.blocked') => new AppError(403, code, { field: 'id' })

/** The rules of friendship: no request to yourself, no duplicates, a request both ways is a friendship. */
function toFriendRequest(row: Parameters<typeof toUserCard>[0] & { request_id: number; created_at: Date | string }): FriendRequest {
  return { ...toUserCard(row), requestId: row.request_id, createdAt: new Date(row.created_at).toISOString() }
}

export function createFriendsService(repository: FriendsRepository, presence: Presence) {
  const sources: SuggestionSource[] = [
    {
      reason: 'friend_of_friend',
      suggest: async (userId, limit) => (await repository.friendsOfFriends(userId, limit)).map((row) => ({ userId: row.user_id, score: row.mutual })),
    },
  ]

  async function withOnline(cards: UserCard[]): Promise<Friend[]> {
    const online = await presence.onlineAmong(cards.map((card) => card.id))
    return cards.map((card) => ({ ...card, online: online.has(card.id) }))
  }

  return {
    addSuggestionSource(source: SuggestionSource): void {
      sources.push(source)
    },

    friendIds: (userId: number) => repository.friendIds(userId),

    async search(viewerId: number, query: FriendSearchQuery): Promise<FriendSearchPage> {
      const limit = query.limit ?? friendsLimits.searchPageSize
      const page = query.page ?? 1
      const text = query.query.trim()
      if (text === '') return { items: [], total: 0 }
      const { rows, total } = await repository.search(viewerId, text, limit, (page - 1) * limit)
      return {
        total,
        items: rows.map((row) => ({
          ...toUserCard(row),
          relation: row.is_friend ? 'friend' : row.request_from === null || row.request_from === undefined ? 'none' : row.request_from === viewerId ? 'outgoing' : 'incoming',
        })),
      }
    },

    /** People worth adding, from every source, best first. */
    async suggestions(viewerId: number): Promise<FriendSuggestion[]> {
      const limit = friendsLimits.suggestionsMax
      const scored = new Map<number, { score: number; reasons: Set<SuggestionReason> }>()
      for (const source of sources) {
        for (const candidate of await source.suggest(viewerId, limit * 3)) {
          const entry = scored.get(candidate.userId) ?? { score: 0, reasons: new Set<SuggestionReason>() }
          entry.score += candidate.score
          entry.reasons.add(source.reason)
          scored.set(candidate.userId, entry)
        }
      }
      const allowed = await repository.suggestable(viewerId, [...scored.keys()])
      const chosen = [...scored.entries()]
        .filter(([userId]) => allowed.has(userId))
        .sort(([idA, a], [idB, b]) => b.score - a.score || idA - idB)
        .slice(0, limit)
      const ids = chosen.map(([userId]) => userId)
      const [cards, mutual] = await Promise.all([repository.cards(ids), repository.mutualCounts(viewerId, ids)])
      const byId = new Map(cards.map((row) => [row.id, toUserCard(row)]))
      return chosen.flatMap(([userId, entry]) => {
        const card = byId.get(userId)
        return card ? [{ ...card, reasons: [...entry.reasons], mutualFriends: mutual.get(userId) ?? 0 }] : []
      })
    },

    async createRequest(viewerId: number, targetId: number): Promise<RequestOutcome> {
      if (targetId === viewerId) throw badRequest('errors.friend_request_self', 'id')
      return repository.transaction(async (trx) => {
        // Every query of a transaction goes through it: PGlite has one connection, held by the transaction.
        // One user's requests go one at a time, so the cap on waiting requests holds under concurrent calls.
        await trx.lockUser(viewerId)
        const fromRow = await trx.card(viewerId)
        const to = await trx.card(targetId)
        if (!fromRow || !to) throw notFound()
        const from = toUserCard(fromRow)
        if (await trx.blockedEitherWay(viewerId, targetId)) throw forbiddenBy('errors.blocked')
        if (await trx.areFriends(viewerId, targetId)) throw conflict('errors.already_friends', 'id')
        // A concurrent request for the same pair waits on the pair index, then finds the winner here.
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const existing = await trx.requestBetween(viewerId, targetId)
          if (existing && existing.from_user_id === viewerId) throw conflict('errors.friend_request_exists', 'id')
          if (existing) {
            await trx.deleteRequest(existing.id)
            await trx.addFriendship(viewerId, targetId)
            return { status: 'accepted', user: from, other: toUserCard(to) }
          }
          if ((await trx.countOutgoing(viewerId)) >= friendsLimits.pendingOutgoingMax) throw conflict('errors.friend_request_limit')
          const inserted = await trx.insertRequest(viewerId, targetId)
          if (inserted) return { status: 'requested', requestId: inserted.id, createdAt: inserted.created_at, from, to: toUserCard(to) }
        }
        throw conflict('errors.friend_request_exists', 'id')
      })
    },

    /** Accepts the request `requestId` that user `id` sent the viewer; returns the new friend. */
    async accept(viewerId: number, answer: FriendRequestAnswer): Promise<{ friend: Friend; viewer: UserCard }> {
      const { friend, viewer } = await repository.transaction(async (trx) => {
        const request = await trx.findRequest(answer.requestId)
        if (!request || request.from_user_id !== answer.id || request.to_user_id !== viewerId) throw notFound()
        await trx.deleteRequest(request.id)
        await trx.addFriendship(viewerId, answer.id)
        const rows = await trx.cards([answer.id, viewerId])
        const friendRow = rows.find((row) => row.id === answer.id)
        const viewerRow = rows.find((row) => row.id === viewerId)
        if (!friendRow || !viewerRow) throw notFound()
        return { friend: toUserCard(friendRow), viewer: toUserCard(viewerRow) }
      })
      const [withState] = await withOnline([friend])
      return { friend: withState as Friend, viewer }
    },

    /** Rejects a request user `id` sent the viewer, or withdraws the viewer's own request to `id`. */
    async reject(viewerId: number, answer: FriendRequestAnswer): Promise<void> {
      await repository.transaction(async (trx) => {
        const request = await trx.findRequest(answer.requestId)
        const matches =
          request &&
          ((request.from_user_id === answer.id && request.to_user_id === viewerId) || (request.from_user_id === viewerId && request.to_user_id === answer.id))
        if (!request || !matches) throw notFound()
        await trx.deleteRequest(request.id)
      })
    },

    async remove(viewerId: number, friendId: number): Promise<void> {
      if (!(await repository.removeFriendship(viewerId, friendId))) throw notFound()
    },

    /**
     * Blocks a user: from now on neither can send the other a friend request, a party invite or a
     * one-to-one message, and a pending request between them and their friendship end. Blocking
     * someone already blocked changes nothing. Returns their card and whether a friendship ended.
     */
    async block(viewerId: number, targetId: number): Promise<{ user: UserCard; unfriended: boolean }> {
      if (targetId === viewerId) throw badRequest('errors.block_self', 'id')
      return repository.transaction(async (trx) => {
        const row = await trx.card(targetId)
        if (!row) throw new AppError(404, 'errors.not_found', { field: 'id' })
        await trx.insertBlock(viewerId, targetId)
        await trx.deleteRequestBetween(viewerId, targetId)
        const unfriended = await trx.removeFriendship(viewerId, targetId)
        return { user: toUserCard(row), unfriended }
      })
    },

    async unblock(viewerId: number, targetId: number): Promise<void> {
      if (!(await repository.deleteBlock(viewerId, targetId))) throw new AppError(404, 'errors.not_found', { field: 'id' })
    },

    async blocked(viewerId: number): Promise<UserCard[]> {
      return (await repository.blocked(viewerId)).map(toUserCard)
    },

    /** The viewer's waiting requests both ways, newest first (one read: every connect asks for them); each card is the other side's. */
    async pending(viewerId: number): Promise<{ incoming: FriendRequest[]; outgoing: FriendRequest[] }> {
      const rows = await repository.pendingRequestsBothWays(viewerId)
      return { incoming: rows.filter((row) => row.incoming).map(toFriendRequest), outgoing: rows.filter((row) => !row.incoming).map(toFriendRequest) }
    },

    async list(viewerId: number): Promise<Friend[]> {
      return withOnline((await repository.friends(viewerId)).map(toUserCard))
    },

    withOnline,
  }
}

export type FriendsService = ReturnType<typeof createFriendsService>

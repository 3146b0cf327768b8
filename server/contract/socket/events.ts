import type { TUndefined, TUnsafe } from 'typebox'
import type { Ack } from '../errors'
import type { TableDisbandedNotice } from '../http/admin'
import type { SettingFlag } from '../http/system'
import type { ChatsClientEvents, ChatsServerEvents, chatsRequests } from './chats'
import type { RequestEvents, RequestPayload, RequestResult } from './common'
import type { FriendsClientEvents, FriendsServerEvents, friendsRequests } from './friends'
import type { GameClientEvents, GameServerEvents, gameRequests, TableSync, TableSyncRequest } from './game'
import type { LobbiesClientEvents, LobbiesServerEvents, lobbiesRequests } from './lobbies'
import type { MediaClientEvents, MediaTicket, mediaRequests } from './media'
import type { PremiumServerEvents } from './premium'
import type { ShareView, SharingClientEvents, SharingServerEvents } from './sharing'
import type { TournamentsClientEvents, TournamentsServerEvents, tournamentsRequests } from './tournaments'

/** The online-count event name, kept exactly as the product names it. */
export const onlineCountEvent = 'online-count'

export interface OnlineCount {
  count: number
}

/** Events the server sends. */
export interface ServerToClientEvents extends FriendsServerEvents, ChatsServerEvents, LobbiesServerEvents, GameServerEvents, SharingServerEvents, TournamentsServerEvents, PremiumServerEvents {
  'online-count': (payload: OnlineCount) => void
  /** The session ended (signed out here or from another device, ban, password change, account deleted): the client signs out. */
  'auth:revoked': (payload: { reason: 'logout' | 'banned' | 'password_changed' | 'account_deleted' }) => void
  /** To everyone at a table an admin disbanded, before they leave it: the admin's reason. */
  'admin:lobby:disbanded': (payload: TableDisbandedNotice) => void
  /** To every socket: the site switches changed (maintenance, its message, the premium page); pages apply them at once. */
  'settings:changed': (payload: SettingFlag[]) => void
}

/** Events the client sends; each answers through its ack unless noted. */
export interface ClientToServerEvents extends FriendsClientEvents, ChatsClientEvents, LobbiesClientEvents, GameClientEvents, MediaClientEvents, SharingClientEvents, TournamentsClientEvents {
  /** Asks for the online count; answered with an `online-count` event and the ack. */
  getOnline: (ack?: (result: Ack<OnlineCount>) => void) => void
}

/**
 * What the handshake carries: `auth.token` is the session token; `auth.shareKey` opens the streamer's
 * page instead (never both: a share-key socket has no session and may only watch the streamer's table).
 */
export interface SocketAuth {
  token?: string
  shareKey?: string
}

/**
 * Every request a client may send, by event name: the request maps of the domains, plus the share
 * page's and the online count's, which are written as plain listeners and described here in the
 * same shape. Clients (the renderer, the tests) type their request helpers over this one map.
 */
export type SocketRequests = typeof chatsRequests &
  typeof friendsRequests &
  typeof lobbiesRequests &
  typeof gameRequests &
  typeof mediaRequests &
  typeof tournamentsRequests & {
    'share:watch': { payload: TUndefined; result: TUnsafe<ShareView> }
    'share:sync': { payload: typeof TableSyncRequest; result: TUnsafe<TableSync> }
    'share:media': { payload: TUndefined; result: TUnsafe<MediaTicket> }
    getOnline: { payload: TUndefined; result: TUnsafe<OnlineCount> }
  }

export type SocketRequestName = keyof SocketRequests

/** What a request sends (undefined for the requests that send nothing). */
export type SocketRequestPayload<E extends SocketRequestName> = RequestPayload<SocketRequests[E]>

/** What a request's ack carries on success; on failure it carries `{ error, field? }` instead. */
export type SocketRequestResult<E extends SocketRequestName> = RequestResult<SocketRequests[E]>

/** The arguments after the event name: none for a request without a payload, else the payload. */
export type SocketRequestArguments<E extends SocketRequestName> = SocketRequestPayload<E> extends undefined ? [] : [payload: SocketRequestPayload<E>]

/**
 * Compile-time guard: the map above says what the listeners of `ClientToServerEvents` say, so a
 * request typed over it is the request the server answers. Never used at run time.
 */
export type SocketRequestsMatchListeners = Expect<Same<Pick<ClientToServerEvents, SocketRequestName>, RequestEvents<SocketRequests>>>

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Expect<T extends true> = T

import type { Ack } from '../errors'
import type { ChatsClientEvents, ChatsServerEvents } from './chats'
import type { FriendsClientEvents, FriendsServerEvents } from './friends'
import type { GameClientEvents, GameServerEvents } from './game'
import type { LobbiesClientEvents, LobbiesServerEvents } from './lobbies'
import type { MediaClientEvents } from './media'
import type { SharingClientEvents, SharingServerEvents } from './sharing'

/** The online-count event name, kept exactly as the product names it. */
export const onlineCountEvent = 'online-count'

export interface OnlineCount {
  count: number
}

/** Events the server sends. */
export interface ServerToClientEvents extends FriendsServerEvents, ChatsServerEvents, LobbiesServerEvents, GameServerEvents, SharingServerEvents {
  'online-count': (payload: OnlineCount) => void
  /** The session ended (logout elsewhere, ban, password change): the client signs out. */
  'auth:revoked': (payload: { reason: 'logout' | 'banned' | 'password_changed' }) => void
}

/** Events the client sends; each answers through its ack unless noted. */
export interface ClientToServerEvents extends FriendsClientEvents, ChatsClientEvents, LobbiesClientEvents, GameClientEvents, MediaClientEvents, SharingClientEvents {
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

import { chatLimits } from './chats'
import type { SocketRequestName } from './events'

/**
 * How often one caller may send a request: at most `max` per `windowMs` milliseconds. Requests that
 * name the same `bucket` share one allowance (sending in any chat spends the same budget).
 */
export interface SocketRequestLimit {
  max: number
  windowMs: number
  bucket?: string
}

/**
 * The allowance of a request a table below does not name: enough for anything a person does by
 * hand, far too little for a script.
 */
export const defaultSocketRequestLimit: SocketRequestLimit = { max: 30, windowMs: 10_000 }

const second = 1000
const tenSeconds = 10_000
const minute = 60_000

/**
 * Every socket request's allowance (and that of `mafia:lobby:leave`, the one event sent without an
 * ack). One caller is one user over all their sockets on every app server; an anonymous socket
 * counts by its address, a streamer's page by its streamer. A request over its allowance is
 * answered `{ error: 'errors.rate_limited', retryAfter }` (seconds) and does nothing. Requests that write (requests, invitations, new chats and tables) are counted per minute;
 * reads and the moves of a game per second or per ten seconds.
 */
export const socketRequestLimits: Partial<Record<SocketRequestName | 'mafia:lobby:leave', SocketRequestLimit>> = {
  // friends: a request, an answer or a removal reaches another person
  'friends:search': { max: 30, windowMs: tenSeconds },
  'friends:search:new': { max: 10, windowMs: tenSeconds },
  'friends:request:create': { max: 20, windowMs: minute },
  'friends:request:accept': { max: 30, windowMs: minute },
  'friends:request:reject': { max: 30, windowMs: minute },
  'friends:remove': { max: 30, windowMs: minute },
  'friends:request:check': { max: 20, windowMs: tenSeconds },
  'friends:list': { max: 20, windowMs: tenSeconds },

  // chats: sending in any chat, the mafia's room included, spends one budget
  'chat:message': { max: chatLimits.messagesPerSecond, windowMs: second, bucket: 'chat:send' },
  'chat:group:message': { max: chatLimits.messagesPerSecond, windowMs: second, bucket: 'chat:send' },
  'chat:mafia:message': { max: chatLimits.messagesPerSecond, windowMs: second, bucket: 'chat:send' },
  'chat:create': { max: 20, windowMs: minute },
  'chat:close': { max: 30, windowMs: minute },
  'chat:group:create': { max: 10, windowMs: minute },
  'chat:group:invite': { max: 30, windowMs: minute },
  'chat:group:leave': { max: 20, windowMs: minute },
  'chat:group:close': { max: 20, windowMs: minute },
  'chats:check': { max: 20, windowMs: tenSeconds },
  'chats:group:check': { max: 20, windowMs: tenSeconds },
  'chat:messages': { max: 30, windowMs: tenSeconds },
  'chat:group:messages': { max: 30, windowMs: tenSeconds },
  'chat:load': { max: 30, windowMs: tenSeconds },
  // A read mark follows each message that arrives in an open chat.
  'chat:read': { max: 100, windowMs: tenSeconds },
  'chat:game:join': { max: 30, windowMs: minute },
  'chat:game:leave': { max: 30, windowMs: minute },
  'chat:mafia:load': { max: 20, windowMs: tenSeconds },

  // tables: each new seat or table is seen by everyone on the list
  'mafia:create:lobby': { max: 10, windowMs: minute },
  'mafia:join:lobby': { max: 30, windowMs: minute },
  'mafia:watch:lobby': { max: 30, windowMs: minute },
  'mafia:moderate:lobby': { max: 30, windowMs: minute },
  'mafia:disband:lobby': { max: 30, windowMs: minute },
  'mafia:lobby:in': { max: 20, windowMs: tenSeconds },
  'mafia:lobby:list': { max: 20, windowMs: tenSeconds },
  // the viewer's own table, read afresh on a reload, a reconnect or a gap: cheap, and a page may ask often
  'mafia:load:lobby': { max: 100, windowMs: tenSeconds },
  // sent without an ack: one over the allowance is dropped
  'mafia:lobby:leave': { max: 30, windowMs: minute },
  'ladder:search:start': { max: 20, windowMs: minute },
  'ladder:search:cancel': { max: 20, windowMs: minute },

  // the game: generous for a judge moving quickly, tight enough to stop a flood
  'mafia:game:command': { max: 60, windowMs: second },
  // after a gap or a reconnect
  'mafia:game:sync': { max: 10, windowMs: second },
  // a record replays a whole game
  'mafia:game:record': { max: 5, windowMs: second },
  // a media client asks once per (re)connection, with a backoff
  'mafia:media:join': { max: 10, windowMs: tenSeconds },

  // the streamer's page, counted per streamer over all their pages
  'share:watch': { max: 10, windowMs: tenSeconds },
  'share:sync': { max: 10, windowMs: tenSeconds },
  'share:media': { max: 20, windowMs: tenSeconds },

  // anyone, signed in or not: the shell asks at every connect
  getOnline: { max: 10, windowMs: tenSeconds },
}

/** The allowance of one request, and the name of the budget it spends. */
export function socketRequestLimit(event: string): SocketRequestLimit & { bucket: string } {
  const limit = (socketRequestLimits as Record<string, SocketRequestLimit | undefined>)[event] ?? defaultSocketRequestLimit
  return { ...limit, bucket: limit.bucket ?? event }
}

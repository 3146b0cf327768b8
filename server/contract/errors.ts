import { gameErrorCodes } from './game/errors'
import { adminErrorCodes } from './http/admin-errors'
import { contentErrorCodes } from './http/bugs-errors'
import { tournamentErrorCodes } from './http/tournaments-errors'

/**
 * The closed set of error codes. Each code is also a translation key, so the renderer shows it in
 * the user's language. HTTP errors carry it as `code`; socket acks as `error`.
 */
export const errorCodes = [
  // generic
  'errors.validation',
  'errors.required',
  'errors.too_short',
  'errors.too_long',
  'errors.invalid_email',
  'errors.invalid_format',
  'errors.invalid_value',
  // a page of a list past its last page (bug reports, translations, adverts)
  'errors.page_out_of_range',
  'errors.unknown_field',
  'errors.unauthorized',
  'errors.forbidden',
  'errors.not_found',
  'errors.rate_limited',
  'errors.internal',
  'errors.payload_too_large',
  // accounts
  'errors.email_taken',
  'errors.nickname_taken',
  'errors.invalid_credentials',
  'errors.account_locked',
  'errors.banned',
  'errors.email_not_confirmed',
  'errors.token_invalid',
  'errors.token_expired',
  'errors.token_used',
  'errors.wrong_password',
  'errors.same_password',
  'errors.file_required',
  'errors.file_too_large',
  'errors.file_type',
  'errors.image_too_large',
  'errors.deletion_not_scheduled',
  // devices (shown by the renderer)
  'errors.missing_webcam',
  'errors.missing_mic',
  // friends
  'errors.friend_request_self',
  'errors.friend_request_exists',
  'errors.already_friends',
  'errors.friend_request_limit',
  // blocks: no friend request, party invite or one-to-one message between two users while either blocked the other
  'errors.blocked',
  'errors.block_self',
  // chats
  'errors.message_empty',
  'errors.message_too_long',
  'errors.not_chat_member',
  'errors.chat_with_self',
  'errors.chat_full',
  // the mafia's room of a game chat is open during the zero night only
  'errors.mafia_room_closed',
  // lobbies
  'errors.lobby.already_in_lobby',
  'errors.lobby.full',
  'errors.lobby.newbie_only',
  'errors.lobby.judge_taken',
  'errors.lobby.no_judge_seat',
  'errors.lobby.started',
  'errors.lobby.closed',
  'errors.lobby.not_member',
  'errors.lobby.already_searching',
  // the streamer's page
  'errors.share.key_invalid',
  'errors.share.too_many_pages',
  // private notes: at most 2,000 characters; nobody writes a note on themselves
  'errors.notes.too_long',
  'errors.notes.self',
  // ratings: an id no ladder has, a page past the last, a recompute while another runs
  'errors.ratings.unknown_ladder',
  'errors.ratings.page_out_of_range',
  'errors.ratings.recompute_running',
  // a game's record: only a finished game has one
  'errors.game.not_finished',
  // statistics: a player id nobody has, a page of games past the last
  'errors.statistics.unknown_player',
  'errors.statistics.page_out_of_range',
  // referrals at sign-up: an invitation nobody issued, or one used from its owner's own address
  'errors.referrals.unknown_token',
  'errors.referrals.own_token',
  'errors.referrals.page_out_of_range',
  // tournaments (server/contract/http/tournaments-errors.ts)
  ...tournamentErrorCodes,
  // the log service: a log name that is no file of the logs folder (paths, '..', NUL, links out)
  'errors.logs.invalid_name',
  // media servers: a node address that is no ws(s):// or http(s):// URL, a node id added twice
  'errors.servers.invalid_url',
  'errors.servers.node_taken',
  // premium purchases: what a buy, a provider's notice, a capture or a refund may be refused for
  'errors.buy.unknown_product',
  'errors.buy.unknown_processor',
  'errors.buy.recipient_not_found',
  'errors.buy.recipient_banned',
  'errors.buy.bad_signature',
  'errors.buy.unknown_transaction',
  'errors.buy.not_your_order',
  'errors.buy.amount_mismatch',
  'errors.buy.already_paid',
  'errors.buy.not_approved',
  'errors.buy.not_refundable',
  'errors.buy.provider_unavailable',
  // the game engine's codes (server/contract/game/errors.ts)
  ...gameErrorCodes,
  // the admin panel's core: users, bans, tables, the audit trail (server/contract/http/admin-errors.ts)
  ...adminErrorCodes,
  // bug reports, the translation editor and advertising (server/contract/http/bugs-errors.ts)
  ...contentErrorCodes,
] as const

export type ErrorCode = (typeof errorCodes)[number]

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value)
}

/** The JSON body of every HTTP error. */
export interface HttpErrorBody {
  statusCode: number
  code: ErrorCode
  message: string
  /** The request field the error is about, when there is one. */
  field?: string
  /** Seconds until the limit lifts (429 only). */
  retryAfter?: number
  /** The ban that refused the request (403 errors.banned only). */
  ban?: { reason: string; time: string }
  /** Until when a locked account stays locked (errors.account_locked only). */
  lockedUntil?: string
}

/** What a socket handler answers through its ack on failure. */
export interface AckError {
  error: ErrorCode
  field?: string
  /** Seconds until the limit lifts (errors.rate_limited only). */
  retryAfter?: number
}

/** A socket ack: the payload on success, an error code on failure. */
export type Ack<T> = T | AckError

export function isAckError(value: unknown): value is AckError {
  return typeof value === 'object' && value !== null && 'error' in value && isErrorCode((value as AckError).error)
}

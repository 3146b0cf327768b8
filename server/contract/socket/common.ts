import { Type, type Static, type TSchema, type TUndefined } from 'typebox'
import type { Ack } from '../errors'

/**
 * One request a client sends over the socket: the schema its payload must match and the schema of
 * what the ack carries on success. On failure the ack carries `{ error, field? }` instead.
 */
export interface RequestDefinition {
  payload: TSchema
  result: TSchema
}

/** A map of event name to request definition: one per domain (friends, chats, ...). */
export type RequestMap = Record<string, RequestDefinition>

/** The payload schema of an event the client sends without a payload: `socket.emit(event, ack)`. */
export const NoPayload = Type.Undefined()

/** The ack callback of a request whose success result is `T`. */
export type AckCallback<T> = (result: Ack<T>) => void

/** The payload type of one request. */
export type RequestPayload<D extends RequestDefinition> = Static<D['payload']>

/** The success result type of one request. */
export type RequestResult<D extends RequestDefinition> = Static<D['result']>

/**
 * The Socket.IO listener signatures of a request map, for `ClientToServerEvents`:
 * `(payload, ack?) => void`, or `(ack?) => void` for events without a payload.
 */
export type RequestEvents<M extends RequestMap> = {
  [E in keyof M]: M[E]['payload'] extends TUndefined
    ? (ack?: AckCallback<RequestResult<M[E]>>) => void
    : (payload: RequestPayload<M[E]>, ack?: AckCallback<RequestResult<M[E]>>) => void
}

/** A positive database id. */
export const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })

/** `{ ok: true }`: the answer of a request that has nothing else to say. */
export const Done = Type.Object({ ok: Type.Literal(true) })
export type Done = Static<typeof Done>

/** Another user as lists, chats and search results show them. */
export const UserCard = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  /** The name the player is known by in official play; null when none is set. */
  officialNickname: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  isPremium: Type.Boolean(),
})
export type UserCard = Static<typeof UserCard>

import type { Ack } from '../../server/contract/errors'
import type { SocketRequestName, SocketRequestPayload, SocketRequestResult } from '../../server/contract/socket/events'
import type { TestSocket } from './sockets'

/** How long a test waits for an ack unless it says otherwise. */
const defaultTimeoutMs = 8000

/** The arguments after the event name: the payload (none for requests that send nothing) and a timeout. */
export type TestRequestArguments<E extends SocketRequestName> =
  SocketRequestPayload<E> extends undefined ? [payload?: undefined, timeoutMs?: number] : [payload: SocketRequestPayload<E>, timeoutMs?: number]

/**
 * Sends one request of the contract and resolves with its ack as the server sent it: the result,
 * or `{ error, field? }`. Typed over `SocketRequests`, as the renderer's own request client is.
 * Rejects when no ack comes in time.
 */
export function request<E extends SocketRequestName>(socket: TestSocket, event: E, ...[payload, timeoutMs]: TestRequestArguments<E>): Promise<Ack<SocketRequestResult<E>>> {
  return rawRequest(socket, event, payload, timeoutMs) as Promise<Ack<SocketRequestResult<E>>>
}

/** Like `request`, for a request that must succeed: resolves with the result, rejects with the refusal's code. */
export async function requestResult<E extends SocketRequestName>(socket: TestSocket, event: E, ...args: TestRequestArguments<E>): Promise<SocketRequestResult<E>> {
  const answer = await request(socket, event, ...args)
  if (typeof answer === 'object' && answer !== null && !Array.isArray(answer) && 'error' in answer) {
    throw new Error(`${event} refused: ${String(answer.error)}${answer.field ? ` (${answer.field})` : ''}`)
  }
  return answer as SocketRequestResult<E>
}

/**
 * Sends any event with any payload, as a broken or hostile client would: for tests of what the
 * server refuses (unknown fields, wrong types, every event of a map in a loop). Resolves with the ack.
 */
export async function rawRequest(socket: TestSocket, event: string, payload?: unknown, timeoutMs = defaultTimeoutMs): Promise<unknown> {
  // The typed socket cannot take an arbitrary event name; this is the one place that sends one.
  const emitter = socket.timeout(timeoutMs) as unknown as { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> }
  try {
    return payload === undefined ? await emitter.emitWithAck(event) : await emitter.emitWithAck(event, payload)
  } catch (error) {
    throw new Error(`no ack to ${event} within ${timeoutMs} ms`, { cause: error })
  }
}

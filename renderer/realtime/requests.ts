import type { ErrorCode } from '../../server/contract/errors'
import { isErrorCode } from '../../server/contract/errors'
import type { SocketRequestArguments, SocketRequestName, SocketRequestResult } from '../../server/contract/socket/events'
import { showRateLimit } from '../state/rate-limit'
import { currentSocket } from './index'
import type { AppSocket } from './realtime'

/** How long an ack may take before the request counts as unanswered. */
export const ackTimeoutMilliseconds = 8000

/**
 * A refused request: `code` is a translation key, `field` the payload field it is about, if any;
 * `retryAfter` the seconds to wait when a limit refused it.
 */
export class RequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
    readonly retryAfter?: number,
  ) {
    super(code)
  }
}

/**
 * The server never answered: no connection, or no ack in time. The request may or may not have
 * run, so callers that keep what the server said (the current lobby) leave it as it was.
 */
export class NoAnswerError extends RequestError {
  constructor() {
    super('errors.internal')
  }
}

/** The translation key of anything a request threw. */
export const requestErrorKey = (error: unknown): ErrorCode => (error instanceof RequestError ? error.code : 'errors.internal')

/** An ack that refuses: `{ error, field? }`. Results are objects, arrays or null, never with an `error` key. */
const isRefusal = (answer: unknown): answer is { error: unknown; field?: unknown; retryAfter?: unknown } =>
  typeof answer === 'object' && answer !== null && !Array.isArray(answer) && 'error' in answer

type Emitter = { emitWithAck(event: string, ...payload: unknown[]): Promise<unknown> }

/**
 * Sends one contract request on `socket` and waits for its ack: the result on success, a
 * RequestError with the server's code on refusal, a NoAnswerError without a socket or an ack.
 * For the streamer's page, whose socket is its own; everything else uses `request`.
 */
export async function requestOn<E extends SocketRequestName>(
  socket: AppSocket | null,
  event: E,
  ...payload: SocketRequestArguments<E>
): Promise<SocketRequestResult<E>> {
  if (!socket) throw new NoAnswerError()
  let answer: unknown
  try {
    // Socket.IO cannot follow a generic event name through its overloads; the contract types both ends.
    answer = await (socket.timeout(ackTimeoutMilliseconds) as unknown as Emitter).emitWithAck(event, ...payload)
  } catch {
    throw new NoAnswerError()
  }
  if (isRefusal(answer)) {
    const code = isErrorCode(answer.error) ? answer.error : 'errors.internal'
    const retryAfter = typeof answer.retryAfter === 'number' && Number.isFinite(answer.retryAfter) ? answer.retryAfter : undefined
    // A limit's refusal opens the same countdown notice as an HTTP 429.
    if (code === 'errors.rate_limited' && retryAfter !== undefined) showRateLimit(retryAfter)
    throw new RequestError(code, typeof answer.field === 'string' ? answer.field : undefined, retryAfter)
  }
  return answer as SocketRequestResult<E>
}

/** Sends one contract request on the renderer's socket (`currentSocket()`); see `requestOn`. */
export function request<E extends SocketRequestName>(event: E, ...payload: SocketRequestArguments<E>): Promise<SocketRequestResult<E>> {
  return requestOn(currentSocket(), event, ...payload)
}

import type { Ack, ErrorCode } from '../../../server/contract/errors'
import { isErrorCode } from '../../../server/contract/errors'
import type { RequestPayload, RequestResult } from '../../../server/contract/socket/common'
import type { chatsRequests } from '../../../server/contract/socket/chats'
import type { friendsRequests } from '../../../server/contract/socket/friends'
import { currentSocket } from '../../realtime'

type Requests = typeof chatsRequests & typeof friendsRequests
type RequestName = keyof Requests

/** How long an ack may take before the request counts as failed. */
const ackTimeoutMilliseconds = 8000

/** A refused request: `code` is a translation key. */
export class RequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly field?: string,
  ) {
    super(code)
  }
}

/** The translation key of anything a request threw. */
export const requestErrorKey = (error: unknown): ErrorCode => (error instanceof RequestError ? error.code : 'errors.internal')

/**
 * Sends one contract request over the one socket and waits for its ack: the result on success,
 * a RequestError with the server's code on refusal, errors.internal on a timeout or no connection.
 */
export async function request<E extends RequestName>(
  event: E,
  ...payload: RequestPayload<Requests[E]> extends undefined ? [] : [RequestPayload<Requests[E]>]
): Promise<RequestResult<Requests[E]>> {
  const socket = currentSocket()
  if (!socket) throw new RequestError('errors.internal')
  let answer: Ack<RequestResult<Requests[E]>>
  try {
    const emitter = socket.timeout(ackTimeoutMilliseconds) as unknown as { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> }
    answer = (await emitter.emitWithAck(event, ...payload)) as Ack<RequestResult<Requests[E]>>
  } catch {
    throw new RequestError('errors.internal')
  }
  if (typeof answer === 'object' && answer !== null && 'error' in answer) {
    const failure = answer as { error: unknown; field?: string }
    throw new RequestError(isErrorCode(failure.error) ? failure.error : 'errors.internal', failure.field)
  }
  return answer as RequestResult<Requests[E]>
}

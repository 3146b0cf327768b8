import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { AppSocket } from '../../../../renderer/realtime'
import { NoAnswerError, RequestError, request, requestErrorKey, requestOn } from '../../../../renderer/realtime/requests'
import { rateLimitState } from '../../../../renderer/state/rate-limit'
import { installFakeSocket } from '../fake-socket'

/** What the fake server answers per event: an ack, or 'silence' (Socket.IO's timeout rejects). */
const answers = new Map<string, unknown>()
const sent: Array<{ event: string; payload: unknown[]; timeout: number }> = []

function fakeSocket(): AppSocket {
  return {
    connected: true,
    // What the connection itself does with its socket (see installFakeSocket).
    on: () => undefined,
    connect: () => undefined,
    disconnect: () => undefined,
    removeAllListeners: () => undefined,
    timeout: (milliseconds: number) => ({
      emitWithAck: (event: string, ...payload: unknown[]) => {
        sent.push({ event, payload, timeout: milliseconds })
        const answer = answers.get(event)
        return answer === 'silence' ? Promise.reject(new Error('operation has timed out')) : Promise.resolve(answer)
      },
    }),
  } as unknown as AppSocket
}

/** Takes the app's connection down: signed out, there is no current socket. */
let disconnect = () => {}

beforeEach(() => {
  answers.clear()
  sent.length = 0
  disconnect = installFakeSocket(fakeSocket())
})
afterEach(() => disconnect())

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('the request succeeded')
    },
    (error: unknown) => error,
  )
}

describe('request', () => {
  it('sends the payload on the current socket and resolves with the result', async () => {
    answers.set('chat:read', { chatId: 3, unread: 0 })
    await expect(request('chat:read', { chatId: 3, messageId: 9 })).resolves.toEqual({ chatId: 3, unread: 0 })
    expect(sent).toEqual([{ event: 'chat:read', payload: [{ chatId: 3, messageId: 9 }], timeout: 8000 }])
  })

  it('sends nothing but the event for a request without a payload', async () => {
    answers.set('friends:list', { items: [] })
    await expect(request('friends:list')).resolves.toEqual({ items: [] })
    expect(sent[0]?.payload).toEqual([])
  })

  it('resolves results that are arrays or null as they are', async () => {
    answers.set('mafia:lobby:list', [])
    answers.set('mafia:lobby:in', null)
    await expect(request('mafia:lobby:list')).resolves.toEqual([])
    await expect(request('mafia:lobby:in')).resolves.toBeNull()
  })

  it("turns a refusal into a RequestError with the server's code and field", async () => {
    answers.set('chat:message', { error: 'errors.too_long', field: 'message' })
    const error = await failureOf(request('chat:message', { id: 4, message: 'x' }))
    expect(error).toBeInstanceOf(RequestError)
    expect(error).not.toBeInstanceOf(NoAnswerError)
    expect(error).toMatchObject({ code: 'errors.too_long', field: 'message' })
    expect(requestErrorKey(error)).toBe('errors.too_long')
  })

  it('reads a code that is no known translation key as errors.internal', async () => {
    answers.set('friends:remove', { error: 'something.unheard.of' })
    const error = await failureOf(request('friends:remove', { id: 2 }))
    expect(error).toBeInstanceOf(RequestError)
    expect(requestErrorKey(error)).toBe('errors.internal')
  })

  it('throws NoAnswerError when no ack comes in time', async () => {
    answers.set('chats:check', 'silence')
    const error = await failureOf(request('chats:check'))
    expect(error).toBeInstanceOf(NoAnswerError)
    expect(requestErrorKey(error)).toBe('errors.internal')
  })

  it("opens the countdown notice with a limit's wait, and carries the wait on the error", async () => {
    rateLimitState.secondsLeft = 0
    answers.set('friends:request:create', { error: 'errors.rate_limited', retryAfter: 7 })
    const error = await failureOf(request('friends:request:create', { id: 2 }))
    expect(error).toMatchObject({ code: 'errors.rate_limited', retryAfter: 7 })
    expect(rateLimitState.secondsLeft).toBe(7)
    // Any other refusal leaves the notice alone.
    rateLimitState.secondsLeft = 0
    answers.set('friends:remove', { error: 'errors.not_found' })
    await failureOf(request('friends:remove', { id: 2 }))
    expect(rateLimitState.secondsLeft).toBe(0)
  })

  it('throws NoAnswerError without a socket (signed out) and sends nothing', async () => {
    disconnect()
    expect(await failureOf(request('chats:check'))).toBeInstanceOf(NoAnswerError)
    expect(sent).toEqual([])
  })
})

describe('requestOn', () => {
  it('uses the socket it is given, not the current one', async () => {
    const page = fakeSocket()
    disconnect()
    answers.set('share:media', { url: '/media', token: 't', peerId: 'p', role: 'subscriber', roomId: 'r' })
    await expect(requestOn(page, 'share:media')).resolves.toMatchObject({ peerId: 'p' })
    expect(sent.map((entry) => entry.event)).toEqual(['share:media'])
  })
})

describe('requestErrorKey', () => {
  it('names anything that is not a RequestError errors.internal', () => {
    expect(requestErrorKey(new Error('boom'))).toBe('errors.internal')
  })
})

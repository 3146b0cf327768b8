import type { AppSocket } from '../../../../renderer/realtime'

/** An answer the fake server gives: a value, 'silence' (no ack in time), or one computed from the payload. */
export type FakeAnswer = unknown

/**
 * A socket with a scripted server: requests are recorded and answered from `answers` (a function
 * answer is called with the payload; 'silence' rejects as Socket.IO's timeout does), and `serverSends`
 * runs the listeners the code under test attached, as a push from the server would.
 */
export function createFakeSocket() {
  const sent: Array<{ event: string; args: unknown[] }> = []
  const answers = new Map<string, FakeAnswer>()
  const listeners = new Map<string, Array<(...args: unknown[]) => void>>()
  const socket = {
    connected: true,
    active: true,
    on(event: string, listener: (...args: unknown[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
      return socket
    },
    emit(event: string, ...args: unknown[]) {
      sent.push({ event, args })
      return socket
    },
    connect() {
      return socket
    },
    disconnect() {
      return socket
    },
    removeAllListeners() {
      listeners.clear()
      return socket
    },
    timeout: () => ({
      emitWithAck: (event: string, ...args: unknown[]) => {
        sent.push({ event, args })
        const answer = answers.get(event)
        if (answer === 'silence') return Promise.reject(new Error('operation has timed out'))
        return Promise.resolve(typeof answer === 'function' ? (answer as (...payload: unknown[]) => unknown)(...args) : answer)
      },
    }),
  }
  return {
    socket: socket as unknown as AppSocket,
    sent,
    answers,
    /** The requests sent with this event name, their payloads in order. */
    asked: (event: string) => sent.filter((item) => item.event === event).map((item) => item.args[0]),
    serverSends(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args)
    },
    reset() {
      sent.length = 0
      answers.clear()
    },
  }
}

/** Lets pending promise callbacks run (a request's answer, the state's follow-up). */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

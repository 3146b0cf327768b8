import { io, type Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '../../server/contract/socket/events'

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** A real socket.io client, connected (or rejected) before it is returned. */
export async function connectSocket(baseUrl: string, token?: string): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, reconnection: false, forceNew: true })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', (error) => reject(error))
  })
  return socket
}

/** Resolves with the next payload of a server event. */
export function nextEvent<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E, timeoutMs = 5000): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${String(event)} within ${timeoutMs} ms`)), timeoutMs)
    socket.once(event as any, ((payload: any) => {
      clearTimeout(timer)
      resolve(payload)
    }) as any)
  })
}

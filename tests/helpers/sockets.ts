import { io, type Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '../../server/contract/socket/events'

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** Sockets connected through `connectSocket` and not closed yet. */
const openSockets = new Set<TestSocket>()

/** A real socket.io client, connected (or rejected) before it is returned; `closeOpenSockets` closes it. */
export function connectSocket(baseUrl: string, token?: string): Promise<TestSocket> {
  return connectWith(baseUrl, token ? { token } : {})
}

/** A streamer's page socket as /obs-share opens it: a share key and no session. `closeOpenSockets` closes it. */
export function connectSharePage(baseUrl: string, shareKey: string): Promise<TestSocket> {
  return connectWith(baseUrl, { shareKey })
}

async function connectWith(baseUrl: string, auth: Record<string, string>): Promise<TestSocket> {
  const socket: TestSocket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true })
  openSockets.add(socket)
  socket.on('disconnect', () => openSockets.delete(socket))
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', (error) => reject(error))
    })
  } catch (error) {
    openSockets.delete(socket)
    socket.close()
    throw error
  }
  return socket
}

/**
 * Closes every socket `connectSocket` opened that is still open. Integration files run it after
 * each test (`afterEach(closeOpenSockets)`), so no test hears another's pushes or counts its users.
 */
export function closeOpenSockets(): void {
  for (const socket of [...openSockets]) socket.disconnect()
  openSockets.clear()
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

/** Resolves true if the server event arrives within the time, false if it does not. */
export function arrives(socket: TestSocket, event: keyof ServerToClientEvents, withinMs = 400): Promise<boolean> {
  return new Promise((resolve) => {
    const listener = () => {
      clearTimeout(timer)
      resolve(true)
    }
    const timer = setTimeout(() => {
      socket.off(event, listener)
      resolve(false)
    }, withinMs)
    socket.once(event, listener)
  })
}

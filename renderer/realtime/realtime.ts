import { proxy } from 'valtio'
import type { Socket } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents } from '../../server/contract/socket/events'

/** The typed socket of the renderer. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** Connection state for the shell: the connected flag and the live online count. */
export interface RealtimeState {
  connected: boolean
  /** Signed-in players online, from the `online-count` event; null until the first answer. */
  onlineCount: number | null
}

export interface RealtimeOptions {
  state: RealtimeState
  /** Creates a socket that is not yet connected (`autoConnect: false`). */
  createSocket(token: string): AppSocket
  /** On reconnect the user is reloaded. */
  reloadUser(): Promise<unknown>
  /** The server revoked the session (logout elsewhere, ban, password change). */
  onRevoked(reason: string): void
  /** Runs after each connect, before anything else is asked (see `registerConnectHook`). */
  onConnected?(socket: AppSocket): void
  retryDelayMilliseconds?: number
  setTimer?: (callback: () => void, milliseconds: number) => unknown
  clearTimer?: (handle: unknown) => void
}

/** A vacant place among its open sockets is worth checking for now and then, not every second. */
export const socketCapRetryMilliseconds = 10_000

/**
 * How long a refused handshake waits: the limit's own wait when the server gave one (`data.retryAfter`,
 * seconds), else (the cap on a user's open sockets) a while.
 */
function limitedRetryDelay(error: Error): number {
  const seconds = (error as Error & { data?: { retryAfter?: unknown } }).data?.retryAfter
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : socketCapRetryMilliseconds
}

export function createRealtimeState(): RealtimeState {
  return proxy<RealtimeState>({ connected: false, onlineCount: null })
}

/**
 * The one socket: opened with the session token, reopened with a new token after sign-in, closed on
 * sign-out. A failed connect retries after one second; a reconnect reloads the user.
 */
export function createRealtime(options: RealtimeOptions) {
  const { state } = options
  const retryDelay = options.retryDelayMilliseconds ?? 1000
  const setTimer = options.setTimer ?? ((callback, milliseconds) => setTimeout(callback, milliseconds))
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  let socket: AppSocket | null = null
  let token: string | null = null
  let retryHandle: unknown = null

  function cancelRetry(): void {
    if (retryHandle !== null) clearTimer(retryHandle)
    retryHandle = null
  }

  function retrySoon(target: AppSocket, delay = retryDelay): void {
    cancelRetry()
    retryHandle = setTimer(() => {
      retryHandle = null
      if (socket === target && !target.connected) target.connect()
    }, delay)
  }

  function attach(target: AppSocket): void {
    let connectedBefore = false
    target.on('connect', () => {
      if (socket !== target) return
      state.connected = true
      if (connectedBefore) void options.reloadUser()
      connectedBefore = true
      options.onConnected?.(target)
      target.emit('getOnline')
    })
    target.on('connect_error', (error) => {
      if (socket !== target) return
      state.connected = false
      if (error.message === 'errors.unauthorized') {
        // The token is no longer valid: reloading the user clears the session, which closes this socket.
        void options.reloadUser()
        return
      }
      // Socket.IO retries transport failures itself (`active`); a refusal by the server it does not.
      if (!target.active) retrySoon(target, error.message === 'errors.rate_limited' ? limitedRetryDelay(error) : retryDelay)
    })
    target.on('disconnect', (reason) => {
      if (socket !== target) return
      state.connected = false
      if (reason === 'io server disconnect') retrySoon(target)
    })
    target.on('online-count', (payload) => {
      if (socket === target && typeof payload?.count === 'number') state.onlineCount = payload.count
    })
    target.on('auth:revoked', (payload) => {
      if (socket === target) options.onRevoked(payload?.reason ?? 'logout')
    })
  }

  function close(): void {
    cancelRetry()
    const current = socket
    socket = null
    token = null
    state.connected = false
    state.onlineCount = null
    if (current) {
      current.removeAllListeners()
      current.disconnect()
    }
  }

  return {
    /** Connects with this token (a different token replaces the socket); null disconnects. */
    useToken(next: string | null): void {
      if (next === token && socket) return
      close()
      if (!next) return
      token = next
      socket = options.createSocket(next)
      attach(socket)
      socket.connect()
    },

    close,

    /** Asks for the online count again (answered with an `online-count` event). */
    refreshOnlineCount(): void {
      if (socket?.connected) socket.emit('getOnline')
    },

    get socket(): AppSocket | null {
      return socket
    },
  }
}

export type Realtime = ReturnType<typeof createRealtime>

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRealtime, createRealtimeState, type AppSocket } from '../../../../renderer/realtime/realtime'

/** Just enough of a Socket.IO client socket to drive the connection logic. */
class FakeSocket {
  handlers = new Map<string, Array<(...args: unknown[]) => void>>()
  emitted: string[] = []
  connects = 0
  disconnected = false
  connected = false
  active = false
  constructor(readonly token: string) {}
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler])
    return this
  }
  emit(event: string) {
    this.emitted.push(event)
    return this
  }
  connect() {
    this.connects += 1
    this.active = true
    return this
  }
  disconnect() {
    this.disconnected = true
    this.connected = false
    this.active = false
    return this
  }
  removeAllListeners() {
    this.handlers.clear()
    return this
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true
    if (event === 'disconnect' || event === 'connect_error') this.connected = false
    for (const handler of this.handlers.get(event) ?? []) handler(...args)
  }
}

function setup() {
  const sockets: FakeSocket[] = []
  const state = createRealtimeState()
  const reloadUser = vi.fn(async () => null)
  const onRevoked = vi.fn()
  const onConnected = vi.fn()
  const realtime = createRealtime({
    state,
    createSocket: (token) => {
      const socket = new FakeSocket(token)
      sockets.push(socket)
      return socket as unknown as AppSocket
    },
    reloadUser,
    onRevoked,
    onConnected,
  })
  return { sockets, state, reloadUser, onRevoked, onConnected, realtime }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('realtime connection', () => {
  it('connects with the token; connected on connect, asks for the online count and keeps it', () => {
    const { sockets, state, realtime, onConnected } = setup()
    realtime.useToken('token-a')
    expect(sockets).toHaveLength(1)
    expect(sockets[0]?.token).toBe('token-a')
    expect(sockets[0]?.connects).toBe(1)
    expect(state.connected).toBe(false)
    sockets[0]?.fire('connect')
    expect(state.connected).toBe(true)
    expect(sockets[0]?.emitted).toEqual(['getOnline'])
    expect(onConnected).toHaveBeenCalledTimes(1)
    sockets[0]?.fire('online-count', { count: 12 })
    expect(state.onlineCount).toBe(12)
  })

  it('a connect error clears the flag and retries after one second when Socket.IO will not', () => {
    const { sockets, state, realtime } = setup()
    realtime.useToken('token-a')
    const socket = sockets[0] as FakeSocket
    socket.fire('connect')
    socket.active = false
    socket.fire('connect_error', new Error('server refused'))
    expect(state.connected).toBe(false)
    vi.advanceTimersByTime(999)
    expect(socket.connects).toBe(1)
    vi.advanceTimersByTime(1)
    expect(socket.connects).toBe(2)
  })

  it('a handshake refused by a limit retries after the wait it was told, or after ten seconds at the cap on open sockets', () => {
    const { sockets, realtime } = setup()
    realtime.useToken('token-a')
    const socket = sockets[0] as FakeSocket
    socket.active = false
    socket.fire('connect_error', Object.assign(new Error('errors.rate_limited'), { data: { retryAfter: 4 } }))
    vi.advanceTimersByTime(3999)
    expect(socket.connects).toBe(1)
    vi.advanceTimersByTime(1)
    expect(socket.connects).toBe(2)
    socket.active = false
    socket.fire('connect_error', new Error('errors.rate_limited'))
    vi.advanceTimersByTime(9999)
    expect(socket.connects).toBe(2)
    vi.advanceTimersByTime(1)
    expect(socket.connects).toBe(3)
  })

  it('leaves transport retries to Socket.IO (no double retry)', () => {
    const { sockets, realtime } = setup()
    realtime.useToken('token-a')
    const socket = sockets[0] as FakeSocket
    socket.active = true
    socket.fire('connect_error', new Error('xhr poll error'))
    vi.advanceTimersByTime(5000)
    expect(socket.connects).toBe(1)
  })

  it('an unauthorised token reloads the user instead of retrying', () => {
    const { sockets, realtime, reloadUser } = setup()
    realtime.useToken('token-a')
    const socket = sockets[0] as FakeSocket
    socket.active = false
    socket.fire('connect_error', new Error('errors.unauthorized'))
    vi.advanceTimersByTime(5000)
    expect(socket.connects).toBe(1)
    expect(reloadUser).toHaveBeenCalledTimes(1)
  })

  it('a disconnect clears the flag; a reconnect reloads the user', () => {
    const { sockets, state, realtime, reloadUser } = setup()
    realtime.useToken('token-a')
    const socket = sockets[0] as FakeSocket
    socket.fire('connect')
    expect(reloadUser).not.toHaveBeenCalled()
    socket.fire('disconnect', 'transport close')
    expect(state.connected).toBe(false)
    socket.fire('connect')
    expect(state.connected).toBe(true)
    expect(reloadUser).toHaveBeenCalledTimes(1)
  })

  it('reconnects after a server-side disconnect after one second', () => {
    const { sockets, realtime } = setup()
    realtime.useToken('token-a')
    const socket = sockets[0] as FakeSocket
    socket.fire('connect')
    socket.fire('disconnect', 'io server disconnect')
    vi.advanceTimersByTime(1000)
    expect(socket.connects).toBe(2)
  })

  it('a new token replaces the socket; no token disconnects', () => {
    const { sockets, state, realtime } = setup()
    realtime.useToken('token-a')
    realtime.useToken('token-a')
    expect(sockets).toHaveLength(1)
    sockets[0]?.fire('connect')
    realtime.useToken('token-b')
    expect(sockets[0]?.disconnected).toBe(true)
    expect(sockets[1]?.token).toBe('token-b')
    expect(state.connected).toBe(false)
    realtime.useToken(null)
    expect(sockets[1]?.disconnected).toBe(true)
    expect(realtime.socket).toBeNull()
    expect(state.onlineCount).toBeNull()
  })

  it('auth:revoked signs out', () => {
    const { sockets, realtime, onRevoked } = setup()
    realtime.useToken('token-a')
    sockets[0]?.fire('auth:revoked', { reason: 'banned' })
    expect(onRevoked).toHaveBeenCalledWith('banned')
  })

  it('ignores events of a socket it already replaced', () => {
    const { sockets, state, realtime } = setup()
    realtime.useToken('token-a')
    const old = sockets[0] as FakeSocket
    const handlers = new Map(old.handlers)
    realtime.useToken('token-b')
    for (const handler of handlers.get('online-count') ?? []) handler({ count: 99 })
    expect(state.onlineCount).toBeNull()
  })
})

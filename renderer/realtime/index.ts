import { io } from 'socket.io-client'
import { subscribeKey } from 'valtio/utils'
import { Role } from '../../server/contract/http/auth'
import { loadCurrentUser, sessionState, signOut } from '../state/session'
import { navigateTo } from '../app/navigation'
import { platform } from '../platform/bridge'
import { createRealtime, createRealtimeState, type AppSocket } from './realtime'

export type { AppSocket } from './realtime'

/** Connected flag and online count, for the shell. */
export const realtimeState = createRealtimeState()

type ConnectHook = (socket: AppSocket) => void
const currentLobbyQueries: ConnectHook[] = []

/**
 * Hook point for the lobby feature: on connect, users whose role is not 4 (server) ask whether they
 * already sit in a game (`mafia:lobby:in`) and set the answer as the current lobby. That event does
 * not exist yet, so nothing is asked until a feature registers its query here.
 */
export function registerCurrentLobbyQuery(query: ConnectHook): () => void {
  currentLobbyQueries.push(query)
  return () => {
    const index = currentLobbyQueries.indexOf(query)
    if (index >= 0) currentLobbyQueries.splice(index, 1)
  }
}

type SocketFactory = (token: string) => AppSocket

/** Socket.IO's socket for a session token, unconnected. */
const openSocketIo: SocketFactory = (token) =>
  // The page's own server in a browser; the chosen club server in the desktop app.
  io(platform.serverOrigin || undefined, {
    path: '/socket.io',
    auth: { token },
    autoConnect: false,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 1000,
  })

let createSocket: SocketFactory = openSocketIo

/** Opens the connection's sockets with `factory` instead of Socket.IO, until the returned function is called: unit tests run the app's connection over a scripted socket with it. */
export function replaceSocketFactory(factory: SocketFactory): () => void {
  const previous = createSocket
  createSocket = factory
  return () => {
    createSocket = previous
  }
}

export const realtime = createRealtime({
  state: realtimeState,
  createSocket: (token) => createSocket(token),
  reloadUser: () => loadCurrentUser(),
  onRevoked: () => {
    void signOut().then(() => navigateTo('/signin'))
  },
  onConnected: (socket) => {
    if (sessionState.user && sessionState.user.roleId !== Role.server) for (const query of currentLobbyQueries) query(socket)
    for (const hook of connectHooks) hook(socket)
  },
})

const connectHooks: ConnectHook[] = []

/** Hook point for features that keep live state (friends, chats): runs on every connect of every signed-in user. */
export function registerConnectHook(hook: ConnectHook): () => void {
  connectHooks.push(hook)
  return () => {
    const index = connectHooks.indexOf(hook)
    if (index >= 0) connectHooks.splice(index, 1)
  }
}

let started = false

/**
 * Opens the connection for a signed-in user and follows the session from then on: a new token
 * (sign-in) reconnects with it, no token (sign-out) disconnects. Anonymous visitors have nothing
 * live to see, so they get no socket.
 */
export function openRealtime(): void {
  if (!started) {
    started = true
    subscribeKey(sessionState, 'token', (token) => realtime.useToken(token))
  }
  realtime.useToken(sessionState.token)
}

/** The socket, for features that emit their own events (null when signed out). */
export function currentSocket(): AppSocket | null {
  return realtime.socket
}

/**
 * The streamer's page's own socket (/obs-share): a share key and no session, so it can only watch
 * the streamer's table (see server/modules/sharing). Returned unconnected; the page opens and closes it.
 */
export function createShareSocket(shareKey: string): AppSocket {
  return io(platform.serverOrigin || undefined, { path: '/socket.io', auth: { shareKey }, autoConnect: false, reconnectionDelay: 1000, reconnectionDelayMax: 1000 })
}

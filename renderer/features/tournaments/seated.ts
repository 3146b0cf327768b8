import { navigateTo } from '../../app/navigation'
import { registerConnectHook, type AppSocket } from '../../realtime'

const attached = new WeakSet<AppSocket>()

/** A tournament round seated the viewer: they are taken to their table, wherever they are in the app. */
export function attachTournamentSeating(socket: AppSocket): void {
  if (attached.has(socket)) return
  attached.add(socket)
  socket.on('tournaments:seated', (seated) => navigateTo(`/mafia/${seated.lobbyId}`))
}

let started = false

/** Follows the one socket. Safe to call twice. */
export function startTournamentSeating(): void {
  if (started) return
  started = true
  registerConnectHook((socket) => attachTournamentSeating(socket))
}

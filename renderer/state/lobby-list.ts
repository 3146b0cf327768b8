import { proxy } from 'valtio'
import { subscribeKey } from 'valtio/utils'
import type { LobbyStage, LobbyStatus, LobbySummary } from '../../server/contract/socket/lobbies'
import { registerConnectHook, type AppSocket } from '../realtime'
import { request } from '../realtime/requests'
import { sessionState } from './session'

export interface LobbyListState {
  /** Open and running tables, newest first. */
  list: LobbySummary[]
  /** The list was asked for (the home and /watch show it): a reconnect asks again. */
  loaded: boolean
}

export const lobbyListState = proxy<LobbyListState>({ list: [], loaded: false })

/* ---------- pure rules ---------- */

/** Adds or replaces a table of the list; a closed one leaves it. */
export function applySummary(state: Pick<LobbyListState, 'list'>, summary: LobbySummary): void {
  const live = summary.status === 'open' || summary.status === 'running'
  const index = state.list.findIndex((item) => item.id === summary.id)
  if (!live) {
    if (index >= 0) state.list.splice(index, 1)
  } else if (index >= 0) state.list[index] = summary
  else state.list.unshift(summary)
}

/** A running table's game at a new stage; a table the list does not hold yet brings its stage when it comes. */
export function applyStage(state: Pick<LobbyListState, 'list'>, change: { id: number; stage: LobbyStage }): void {
  const listed = state.list.find((item) => item.id === change.id)
  if (listed) listed.stage = change.stage
}

/** A table gone from the list (ended or disbanded). */
export function applyRemoved(state: Pick<LobbyListState, 'list'>, removed: { id: number; status: LobbyStatus }): void {
  state.list = state.list.filter((item) => item.id !== removed.id)
}

/* ---------- requests ---------- */

/** The list of open and running tables (the socket then hears of every change); throws the translated key. */
export async function loadLobbyList(): Promise<void> {
  const list = await request('mafia:lobby:list')
  lobbyListState.list = [...list].sort((a, b) => b.id - a.id)
  lobbyListState.loaded = true
}

/** Signing out forgets the list. */
export function resetLobbyList(): void {
  lobbyListState.list = []
  lobbyListState.loaded = false
}

const attached = new WeakSet<AppSocket>()

/** The list's pushes of one socket, attached once. */
export function attachLobbyList(socket: AppSocket): void {
  if (attached.has(socket)) return
  attached.add(socket)
  socket.on('mafia:lobby:listed', (summary) => applySummary(lobbyListState, summary))
  socket.on('mafia:lobby:updated', (summary) => applySummary(lobbyListState, summary))
  socket.on('mafia:lobby:stage', (change) => applyStage(lobbyListState, change))
  socket.on('mafia:lobby:removed', (removed) => applyRemoved(lobbyListState, removed))
}

let started = false

/** Follows the one socket: the pushes on every connect, the list asked again when it was shown. Safe to call twice. */
export function startLobbyList(): void {
  if (started) return
  started = true
  registerConnectHook((socket) => {
    attachLobbyList(socket)
    if (lobbyListState.loaded) void loadLobbyList().catch(() => undefined)
  })
  subscribeKey(sessionState, 'token', (token) => {
    if (token === null) resetLobbyList()
  })
}

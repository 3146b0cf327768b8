import { proxy } from 'valtio'
import { subscribeKey } from 'valtio/utils'
import type { LadderSearch, Lobby } from '../../server/contract/socket/lobbies'
import { registerConnectHook, type AppSocket } from '../realtime'
import { request, requestErrorKey } from '../realtime/requests'
import { sessionState } from './session'
import { enterLadderTable } from './table'

/** The ladder queue as the home screen shows it. */
export interface SearchState {
  status: 'idle' | 'searching' | 'seated'
  waiting: number
  needed: number
  /** A translation key when the search was refused. */
  error: string | null
}

export interface LadderState {
  search: SearchState
}

const idleSearch = (): SearchState => ({ status: 'idle', waiting: 0, needed: 0, error: null })

export const ladderState = proxy<LadderState>({ search: idleSearch() })

/** Joins the ladder queue: waiting, or seated at once (then the table is the current lobby). */
export async function startSearch(): Promise<LadderSearch | null> {
  ladderState.search = { ...idleSearch(), status: 'searching' }
  let result: LadderSearch
  try {
    result = await request('ladder:search:start')
  } catch (error) {
    ladderState.search = { ...idleSearch(), error: requestErrorKey(error) }
    return null
  }
  if (result.status === 'seated') applyLadderMatched(result.lobby)
  else ladderState.search = { status: 'searching', waiting: result.waiting, needed: result.needed, error: null }
  return result
}

/** The seated search has been followed to its table. */
export function resetSearch(): void {
  ladderState.search = idleSearch()
}

export async function cancelSearch(): Promise<void> {
  ladderState.search = idleSearch()
  await request('ladder:search:cancel').catch(() => undefined)
}

/** The queue seated the viewer at this table (at once, or pushed later). */
export function applyLadderMatched(lobby: Lobby): void {
  enterLadderTable(lobby)
  ladderState.search = { ...idleSearch(), status: 'seated' }
}

const attached = new WeakSet<AppSocket>()

/** The ladder's push of one socket, attached once. */
export function attachLadder(socket: AppSocket): void {
  if (attached.has(socket)) return
  attached.add(socket)
  socket.on('ladder:matched', (lobby) => applyLadderMatched(lobby))
}

let started = false

/** Follows the one socket and forgets the search on sign-out. Safe to call twice. */
export function startLadder(): void {
  if (started) return
  started = true
  registerConnectHook((socket) => attachLadder(socket))
  subscribeKey(sessionState, 'token', (token) => {
    if (token === null) resetSearch()
  })
}

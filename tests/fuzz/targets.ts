import type { FastifyInstance } from 'fastify'
import type { TSchema } from 'typebox'
import { routes, type RouteDefinition } from '../../server/contract/http'
import { chatsRequests } from '../../server/contract/socket/chats'
import { NoPayload } from '../../server/contract/socket/common'
import type { ClientToServerEvents, SocketRequestName } from '../../server/contract/socket/events'
import { friendsRequests } from '../../server/contract/socket/friends'
import { gameRequests, TableSyncRequest } from '../../server/contract/socket/game'
import { lobbiesRequests } from '../../server/contract/socket/lobbies'
import { mediaRequests } from '../../server/contract/socket/media'
import { tournamentsRequests } from '../../server/contract/socket/tournaments'

/** One HTTP route as Fastify serves it, with the contract's definition when the contract has one. */
export interface HttpTarget {
  kind: 'http'
  method: string
  /** The route's pattern as Fastify prints it: `/api/i18n/:namespace/:locale`, `*`. */
  url: string
  definition: RouteDefinition | undefined
  name: string
}

/** One event a client may send over the socket. */
export interface SocketTarget {
  kind: 'socket'
  event: string
  /** The payload schema; NoPayload for a request that sends none. */
  payload: TSchema
  /** False for the events that answer with no ack (`mafia:lobby:leave`). */
  acked: boolean
  name: string
}

/**
 * Every request of the socket contract at run time. `SocketRequests` is a type; the domains' maps
 * are values, and the four requests the share page and presence write as plain listeners are named
 * here. `satisfies` makes the compiler refuse this list when the contract gains a request it lacks.
 */
export const socketRequestPayloads = {
  ...chatsRequests,
  ...friendsRequests,
  ...lobbiesRequests,
  ...gameRequests,
  ...mediaRequests,
  ...tournamentsRequests,
  'share:watch': { payload: NoPayload },
  'share:sync': { payload: TableSyncRequest },
  'share:media': { payload: NoPayload },
  getOnline: { payload: NoPayload },
} satisfies Record<SocketRequestName, { payload: TSchema }>

/** The client events that are no request: sent without an ack. */
export const unackedEvents = ['mafia:lobby:leave'] as const

// Compile-time: every client event of the contract is a request above or an unacked event here.
type Unlisted = Exclude<keyof ClientToServerEvents, SocketRequestName | (typeof unackedEvents)[number]>
const everyClientEventListed: [Unlisted] extends [never] ? true : Unlisted = true
void everyClientEventListed

/**
 * Event names outside the contract: a server must ignore them, and the reserved ones must never
 * reach its own `disconnect` or `error` listeners.
 */
export const strayEvents = ['unknown:event', '__proto__', 'constructor', 'hasOwnProperty', 'disconnect', 'disconnecting', 'error', 'connect', 'newListener', 'removeListener', 'x'.repeat(5000)]

export function socketTargets(): SocketTarget[] {
  const targets: SocketTarget[] = Object.entries(socketRequestPayloads).map(([event, definition]) => ({ kind: 'socket', event, payload: definition.payload, acked: true, name: event }))
  for (const event of unackedEvents) targets.push({ kind: 'socket', event, payload: NoPayload, acked: false, name: event })
  return targets
}

/**
 * The routes Fastify serves, read from `printRoutes` (so a route added anywhere is fuzzed without
 * being listed here). Lines look like `│   ├── /login/password (POST)`: four characters of tree per
 * level, then the path segment and its methods.
 */
export function servedRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const lines = app.printRoutes({ commonPrefix: false }).split('\n')
  const stack: string[] = []
  const found: Array<{ method: string; url: string }> = []
  for (const line of lines) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const depth = (match[1] ?? '').length / 4
    const segment = match[2] ?? ''
    stack.length = depth
    const url = (stack[depth - 1] ?? '') + segment
    stack[depth] = url
    for (const method of (match[3] ?? '').split(',').map((part) => part.trim()).filter(Boolean)) {
      found.push({ method, url: url.startsWith('/') || url === '*' ? url : `/${url}` })
    }
  }
  return found
}

/**
 * The addresses Fastify serves for a contract URL: a trailing optional parameter (`/save/:id?`) is
 * served as two routes, with and without it.
 */
function servedForms(url: string): string[] {
  const optional = /^(.*)\/(:[A-Za-z]+)\?$/.exec(url)
  return optional ? [`${optional[1]}/${optional[2]}`, optional[1] ?? ''] : [url]
}

/** Every served route, each with its contract definition (HEAD borrows its GET's). */
export function httpTargets(app: FastifyInstance): HttpTarget[] {
  const contract = Object.values(routes).flatMap((group) => Object.values(group) as RouteDefinition[])
  return servedRoutes(app).map(({ method, url }) => {
    const definition = contract.find((route) => servedForms(route.url).includes(url) && (route.method === method || (method === 'HEAD' && route.method === 'GET')))
    return { kind: 'http', method, url, definition, name: `${method} ${url}` }
  })
}

/** Contract routes Fastify does not serve: each is a finding of its own (a route the renderer calls in vain). */
export function unservedContractRoutes(app: FastifyInstance): string[] {
  const served = new Set(servedRoutes(app).map((route) => `${route.method} ${route.url}`))
  return Object.values(routes)
    .flatMap((group) => Object.values(group) as RouteDefinition[])
    .filter((route) => !servedForms(route.url).every((url) => served.has(`${route.method} ${url}`)))
    .map((route) => `${route.method} ${route.url}`)
}

import type { FastifyInstance } from 'fastify'
import { gameRequests } from '../../contract/socket/game'
import { createSocketRateLimiter, type BindRequests } from '../../lib/socket-handler'
import { userRoom, type AppServer } from '../../plugins/socket-io'
import { projectEvent } from './engine'
import type { GameHost } from './game.service'

/** The room of a table's spectators: they all share one view. */
export const spectatorRoom = (lobbyId: number) => `lobby:${lobbyId}:spectators`

/**
 * Every stored event goes to each viewer through their own projection: each player to their user
 * room, the judge to theirs, the spectators to their shared room. Never the full state, never a
 * broadcast of a secret: those who may not see an event's content get its version alone.
 */
export function fanOutGameEvents(io: AppServer, host: GameHost): void {
  host.onEvents((lobbyId, events, state) => {
    for (const event of events) {
      for (const player of state.seats) {
        io.to(userRoom(player.user)).emit('mafia:game:event', { lobbyId, event: projectEvent(event, { kind: 'player', seat: player.seat }, state) })
      }
      if (state.judge !== null) io.to(userRoom(state.judge)).emit('mafia:game:event', { lobbyId, event: projectEvent(event, { kind: 'judge' }, state) })
      io.to(spectatorRoom(lobbyId)).emit('mafia:game:event', { lobbyId, event: projectEvent(event, { kind: 'spectator' }, state) })
    }
  })
}

/**
 * `mafia:game:command`: one command of the engine, run in the table's queue, answered with the new
 * version. `mafia:game:record`: a finished game's record, for any signed-in user.
 */
export function registerGameEvents(app: FastifyInstance, host: GameHost, bindRequests: BindRequests): void {
  // Generous for a judge moving quickly, tight enough to stop a flood.
  const take = createSocketRateLimiter({ max: 60, windowMs: 1000 })
  // A record replays a whole game: a few a second is plenty for someone reading records.
  const takeRecord = createSocketRateLimiter({ max: 5, windowMs: 1000 })
  app.io.on('connection', (socket) => {
    bindRequests(socket, gameRequests, {
      'mafia:game:command': async ({ socket: requester, viewer, payload }) => {
        take(requester)
        const state = await host.command(payload.id, viewer.user.id, payload.command)
        return { version: state.version }
      },
      'mafia:game:record': async ({ socket: requester, payload }) => {
        takeRecord(requester)
        return host.recordOf(payload.id)
      },
    })
  })
}

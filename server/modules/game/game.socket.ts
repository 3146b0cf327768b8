import { gameRequests } from '../../contract/socket/game'
import type { BindRequests } from '../../lib/socket-handler'
import { userRoom, type AppServer } from '../../plugins/socket-io'
import type { GameHost } from './game.service'

/** The room of a table's spectators: they all share one stream (share pages included). */
export const spectatorRoom = (lobbyId: number) => `lobby:${lobbyId}:spectators`

/**
 * Each viewer's push goes to their own room only: each player's and the judge's user room, the
 * spectators' shared room. A viewer who gets no push hears nothing at all of that command.
 */
export function fanOutPushes(io: AppServer, host: GameHost): void {
  host.onPushes((lobbyId, deliveries, state) => {
    for (const { viewer, push } of deliveries) {
      if (viewer.kind === 'spectator') io.to(spectatorRoom(lobbyId)).emit('mafia:game:updated', push)
      else {
        const user = viewer.kind === 'judge' ? state.judge : (state.seats[viewer.seat - 1]?.user ?? null)
        if (user !== null) io.to(userRoom(user)).emit('mafia:game:updated', push)
      }
    }
  })
}

/**
 * `mafia:game:command`: one command of the engine, run in the table's queue, answered with the
 * sender's stream position. `mafia:game:sync`: a member resumes their stream. `mafia:game:record`:
 * a finished game's record, for any signed-in user. Their allowances are the contract's
 * (server/contract/socket/limits.ts), counted per user before a handler runs.
 */
export function registerGameEvents(host: GameHost, bindRequests: BindRequests): void {
  bindRequests.everySocket(gameRequests, {
    'mafia:game:command': async ({ viewer, payload }) => ({ seq: await host.command(payload.id, viewer.user.id, payload.command) }),
    'mafia:game:sync': async ({ viewer, payload }) => host.sync(payload.id, viewer.user.id, { stream: payload.stream, seq: payload.seq }),
    'mafia:game:record': async ({ payload }) => host.recordOf(payload.id),
  })
}

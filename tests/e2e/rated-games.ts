import { io, type Socket } from 'socket.io-client'
import type { Account } from './support'

/** A signed-in socket of the e2e server, as the renderer opens one. */
async function connect(origin: string, token: string): Promise<Socket> {
  const socket = io(origin, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  return socket
}

/** One request over the socket: its ack's result, or a failure naming the refusal. */
async function ask(socket: Socket, event: string, payload: unknown): Promise<any> {
  const answer = await socket.timeout(10_000).emitWithAck(event, payload)
  if (answer && typeof answer === 'object' && 'error' in answer) throw new Error(`${event} refused: ${JSON.stringify(answer)}`)
  return answer
}

/**
 * Plays rated games at the e2e server through its own calls, as a judged table plays them: the
 * judge opens a table, the ten players sit down in order, the judge deals, ends the game with a
 * verdict (red or black by turns) and closes the protocol. The server stores each result and rates
 * it as it rates any game; the roles are dealt by the server, so each player's side varies.
 */
export async function playRatedGames(origin: string, judge: Account, players: readonly Account[], games: number): Promise<void> {
  const judgeSocket = await connect(origin, judge.token)
  const playerSockets = await Promise.all(players.map((player) => connect(origin, player.token)))
  try {
    for (let game = 0; game < games; game++) {
      const table = await ask(judgeSocket, 'mafia:create:lobby', { name: `Rated ${game + 1}`, language: 'en', settings: {}, as: 'judge' })
      for (const socket of playerSockets) await ask(socket, 'mafia:join:lobby', { id: table.id })
      for (const command of [{ type: 'start' }, { type: 'end_game', outcome: game % 2 === 0 ? 'red' : 'black' }, { type: 'finalise' }]) {
        await ask(judgeSocket, 'mafia:game:command', { id: table.id, command })
      }
    }
  } finally {
    for (const socket of [judgeSocket, ...playerSockets]) socket.disconnect()
  }
}

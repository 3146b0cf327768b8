import { describe, expect, it } from 'vitest'
import type { GameCommandRequest } from '../../server/contract/socket/game'
import type { Member } from '../helpers/game-table'
import type { MediaTestClient } from '../helpers/media-client'
import { mediaTableSuite } from '../helpers/media-table'
import { request, requestResult } from '../helpers/requests'

// After the end of a game everyone may talk and be seen (GAME-RULES): the table's media room stays
// open for the post-game talk until its members leave the table.

const suite = mediaTableSuite()
const { member, ticket, joinMedia } = suite

/** A publisher sending an audio packet and a video frame every 20 ms (a keyframe when asked for) until the test ends. */
function stream(client: MediaTestClient, label: string): void {
  let handled = 0
  let first = true
  const timer = setInterval(() => {
    const requests = client.rtcpFor('video').filter((item) => item.type === 'pli' || item.type === 'fir').length
    client.sendVideo({ keyframe: first || requests > handled, body: Buffer.from(`${label} video`) })
    handled = requests
    first = false
    client.sendAudio({ body: Buffer.from(`${label} audio`) })
  }, 20)
  suite.afterTest(() => clearInterval(timer))
}

async function receives(client: MediaTestClient, peerId: string, kind: 'audio' | 'video', what: string): Promise<void> {
  const from = client.packets(peerId, kind).length
  await client.until(() => client.packets(peerId, kind).length >= from + 10, what)
}

describe('the post-game talk', () => {
  it('after the end, seated players get tickets, hear and see each other, until they leave the table', { timeout: 120_000 }, async () => {
    const judge = await member()
    const lobby = await requestResult(judge.socket, 'mafia:create:lobby', { name: 'After the game', language: 'en', as: 'judge' })
    const players: Member[] = []
    for (let seat = 1; seat <= 10; seat++) {
      const player = await member()
      await requestResult(player.socket, 'mafia:join:lobby', { id: lobby.id })
      players.push(player)
    }
    const [one, two] = players as [Member, Member]
    const spectator = await member()
    await requestResult(spectator.socket, 'mafia:watch:lobby', { id: lobby.id })
    const command = (payload: GameCommandRequest['command']) => requestResult(judge.socket, 'mafia:game:command', { id: lobby.id, command: payload })

    const talker = await joinMedia(await ticket(one, lobby.id))
    await talker.publish({ audio: true, video: ['high'] })
    stream(talker, 'one')
    await command({ type: 'start' })
    await command({ type: 'end_game', outcome: 'draw' })
    const room = suite.server.app.media.rooms.get(`lobby-${lobby.id}`)
    await talker.until(() => room?.isMicrophoneAllowed(String(one.id)) === true, "seat 1's microphone open after the end")

    // A fresh ticket after the end (a reload, a reconnection): seat 2 and the spectator hear and see seat 1.
    const listener = await joinMedia(await ticket(two, lobby.id))
    const watching = await ticket(spectator, lobby.id)
    expect(watching.role).toBe('subscriber')
    const watcher = await joinMedia(watching)
    await receives(listener, String(one.id), 'audio', 'seat 1 heard by seat 2 after the end')
    await receives(listener, String(one.id), 'video', 'seat 1 seen by seat 2 after the end')
    await receives(watcher, String(one.id), 'audio', 'seat 1 heard by the spectator after the end')

    // Seat 1 leaves the finished table: its peer is closed at once, and it gets no ticket any more.
    one.socket.emit('mafia:lobby:leave')
    expect(await talker.waitForClose(2000)).toBe(4004)
    expect(await request(one.socket, 'mafia:media:join', { id: lobby.id })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
  })
})

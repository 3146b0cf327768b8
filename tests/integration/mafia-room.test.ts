import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MafiaRoom, MafiaRoomMessage } from '../../server/contract/socket/chats'
import type { GameRecord } from '../../server/contract/socket/game'
import { isBlack, SocketTable, type Member } from '../helpers/game-table'
import { request, requestResult } from '../helpers/requests'
import { arrives, closeOpenSockets, connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

let server: TestApp

beforeAll(async () => {
  // A hand-moved clock: the zero night lasts until the judge moves on, whatever the test's pace.
  server = await startTestApp({ manualClock: true })
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

async function member(): Promise<Member> {
  const { user, token } = await createUserWithSession(server.database.db)
  return { id: user.id, token, socket: await connectSocket(server.url, token) }
}

/** Everything about the mafia's room one socket is told. */
interface Heard {
  opened: MafiaRoom[]
  messages: MafiaRoomMessage[]
  closed: number[]
}

function listen(socket: TestSocket): Heard {
  const heard: Heard = { opened: [], messages: [], closed: [] }
  socket.on('chat:mafia:opened', (room) => heard.opened.push(room))
  socket.on('chat:mafia:message:new', (message) => heard.messages.push(message))
  socket.on('chat:mafia:closed', ({ lobbyId }) => heard.closed.push(lobbyId))
  return heard
}

const say = (socket: TestSocket, lobbyId: number, message: string) => request(socket, 'chat:mafia:message', { lobbyId, message })

describe("the mafia's room at the zero night", () => {
  it('black players and the judge agree in it; red players and spectators are refused and hear nothing; it closes at dawn; the record reveals it', { timeout: 60_000 }, async () => {
    const table = new SocketTable({ newMember: member })
    await table.seat()
    const spectator = await member()
    await table.watch(spectator)
    const everyone = [table.judge, ...table.players, spectator]
    const heard = new Map(everyone.map((who) => [who.id, listen(who.socket)]))
    const heardBy = (who: Member) => heard.get(who.id) as Heard

    // Before the deal there is no room to write in.
    expect(await say(table.socketOf(1), table.lobbyId, 'too early')).toEqual({ error: 'errors.not_chat_member' })

    await table.judgeCommand({ type: 'start' })
    const dealt = await table.view()
    expect(dealt.phase).toBe('zero_night')
    const blackSeats = dealt.seats.filter((seat) => isBlack(seat.role)).map((seat) => seat.seat)
    const redSeats = dealt.seats.filter((seat) => !isBlack(seat.role)).map((seat) => seat.seat)
    expect(blackSeats).toHaveLength(3)
    const [don, second, third] = blackSeats.map((seat) => table.players[seat - 1] as Member) as [Member, Member, Member]
    const black = [don, second, third]
    const red = redSeats.map((seat) => table.players[seat - 1] as Member)
    const insiders = [...black, table.judge]

    // The room opens for the black players and the judge, on every socket of theirs.
    for (const who of insiders) await expect.poll(() => heardBy(who).opened).toEqual([{ lobbyId: table.lobbyId, messages: [] }])
    const secondTab = await connectSocket(server.url, second.token)
    const secondTabHeard = listen(secondTab)

    // A black player writes: the others in the room hear it, with the sender's seat; the sender's own socket has its ack.
    const first = await requestResult(don.socket, 'chat:mafia:message', { lobbyId: table.lobbyId, message: '  We shoot the talker first  ' })
    expect(first).toMatchObject({ lobbyId: table.lobbyId, userId: don.id, seat: blackSeats[0], text: 'We shoot the talker first' })
    for (const who of [second, third, table.judge]) await expect.poll(() => heardBy(who).messages).toEqual([first])
    await expect.poll(() => secondTabHeard.messages).toEqual([first])
    expect(heardBy(don).messages).toEqual([])

    // Another black player answers from their second tab, and the judge speaks in it too (seat null).
    const reply = await requestResult(secondTab, 'chat:mafia:message', { lobbyId: table.lobbyId, message: 'Agreed' })
    expect(reply).toMatchObject({ userId: second.id, seat: blackSeats[1] })
    const judgeNote = await requestResult(table.judge.socket, 'chat:mafia:message', { lobbyId: table.lobbyId, message: 'Twenty seconds left' })
    expect(judgeNote).toMatchObject({ userId: table.judge.id, seat: null })
    await expect.poll(() => heardBy(don).messages).toEqual([reply, judgeNote])
    // The same user's other socket hears what they wrote in another tab.
    for (const who of [second, third]) await expect.poll(() => heardBy(who).messages).toEqual([first, reply, judgeNote])
    await expect.poll(() => heardBy(table.judge).messages).toEqual([first, reply])

    // Whoever opens the table page now gets the room with everything said so far.
    expect(await requestResult(third.socket, 'chat:mafia:load', { lobbyId: table.lobbyId })).toEqual({ lobbyId: table.lobbyId, messages: [first, reply, judgeNote] })

    // A red player and a spectator are refused, and have no room to load.
    for (const outsider of [red[0] as Member, spectator]) {
      expect(await say(outsider.socket, table.lobbyId, 'let me in')).toEqual({ error: 'errors.not_chat_member' })
      expect(await requestResult(outsider.socket, 'chat:mafia:load', { lobbyId: table.lobbyId })).toBeNull()
    }
    // Empty and over-long messages are refused like in any chat.
    expect(await say(don.socket, table.lobbyId, '   ')).toMatchObject({ error: 'errors.message_empty' })
    expect(await say(don.socket, table.lobbyId, 'x'.repeat(2001))).toMatchObject({ error: 'errors.message_too_long' })

    // Dawn: the room closes for everyone in it, and every send is refused from then on.
    await table.judgeCommand({ type: 'next' })
    expect((await table.view()).phase).toBe('day_speech')
    for (const who of insiders) await expect.poll(() => heardBy(who).closed).toEqual([table.lobbyId])
    await expect.poll(() => secondTabHeard.closed).toEqual([table.lobbyId])
    for (const who of insiders) {
      expect(await say(who.socket, table.lobbyId, 'one more thing')).toEqual({ error: 'errors.mafia_room_closed' })
      expect(await requestResult(who.socket, 'chat:mafia:load', { lobbyId: table.lobbyId })).toBeNull()
    }
    expect(await say((red[1] as Member).socket, table.lobbyId, 'now?')).toEqual({ error: 'errors.not_chat_member' })

    // The red players and the spectator were told nothing of the room at any moment.
    for (const outsider of [...red, spectator]) expect(heardBy(outsider)).toEqual({ opened: [], messages: [], closed: [] })

    // The room stays secret until the end; then the record reveals it.
    expect(await request(spectator.socket, 'mafia:game:record', { id: table.lobbyId })).toEqual({ error: 'errors.game.not_finished' })
    await table.judgeCommand({ type: 'end_game', outcome: 'red' })
    const record = (await requestResult(spectator.socket, 'mafia:game:record', { id: table.lobbyId })) as GameRecord
    expect(record.mafiaRoom).toEqual([first, reply, judgeNote].map(({ userId, seat, text, at }) => ({ userId, seat, text, at })))
    // Said during the zero night: after the deal, before the first day.
    const dayStarted = record.events.find((event) => event.type === 'day_started')
    const zeroNight = record.events.find((event) => event.type === 'zero_night_started')
    for (const message of record.mafiaRoom) {
      expect(message.at).toBeGreaterThanOrEqual(zeroNight?.at ?? Infinity)
      expect(message.at).toBeLessThanOrEqual(dayStarted?.at ?? -Infinity)
    }
  })

  it('sends are rate-limited per socket like every chat', { timeout: 60_000 }, async () => {
    const table = new SocketTable({ newMember: member })
    await table.seat()
    const opened = new Map(table.players.map((player) => [player.id, nextEvent(player.socket, 'chat:mafia:opened', 10_000).catch(() => null)]))
    await table.judgeCommand({ type: 'start' })
    const blackSeat = (await table.view()).seats.find((seat) => isBlack(seat.role))?.seat as number
    const shooter = table.players[blackSeat - 1] as Member
    expect(await opened.get(shooter.id)).toEqual({ lobbyId: table.lobbyId, messages: [] })
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => say(shooter.socket, table.lobbyId, `plan ${index}`)))
    expect(answers.filter((answer) => 'error' in answer).map((answer) => (answer as { error: string }).error)).toEqual(['errors.rate_limited'])
    const stored = await server.database.db.selectFrom('mafia_room_messages').select('text').where('lobby_id', '=', table.lobbyId).execute()
    expect(stored).toHaveLength(5)
  })

  it('at a table without a judge the room holds the black players only', { timeout: 60_000 }, async () => {
    const players: Member[] = []
    const heard = new Map<number, Heard>()
    const creator = await member()
    heard.set(creator.id, listen(creator.socket))
    const created = await requestResult(creator.socket, 'mafia:create:lobby', { name: 'No judge', language: 'en', settings: { judge: false } })
    players.push(creator)
    // The tenth player to sit down deals the cards.
    for (let seat = 2; seat <= 10; seat++) {
      const player = await member()
      heard.set(player.id, listen(player.socket))
      await requestResult(player.socket, 'mafia:join:lobby', { id: created.id })
      players.push(player)
    }
    const roles = new Map<number, string | null>()
    for (const player of players) {
      const lobby = await requestResult(player.socket, 'mafia:load:lobby', { id: created.id })
      expect(lobby.game?.view.phase).toBe('zero_night')
      roles.set(player.id, lobby.game?.view.you?.role ?? null)
    }
    const black = players.filter((player) => isBlack(roles.get(player.id)))
    const red = players.filter((player) => !isBlack(roles.get(player.id)))
    expect(black).toHaveLength(3)
    for (const player of black) await expect.poll(() => heard.get(player.id)?.opened).toEqual([{ lobbyId: created.id, messages: [] }])

    const plan = await requestResult((black[0] as Member).socket, 'chat:mafia:message', { lobbyId: created.id, message: 'Seat 4 first' })
    for (const player of black.slice(1)) await expect.poll(() => heard.get(player.id)?.messages).toEqual([plan])
    expect(await say((red[0] as Member).socket, created.id, 'hello?')).toEqual({ error: 'errors.not_chat_member' })
    // A moment for anything wrongly sent to arrive: the red players still heard nothing.
    expect(await arrives((red[1] as Member).socket, 'chat:mafia:message:new', 300)).toBe(false)
    for (const player of red) expect(heard.get(player.id)).toEqual({ opened: [], messages: [], closed: [] })
  })
})

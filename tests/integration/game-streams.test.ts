import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TablePush } from '../../server/contract/socket/game'
import { ask, isBlack, SocketTable, type Member } from '../helpers/game-table'
import { rawRequest } from '../helpers/requests'
import { closeOpenSockets, connectSocket, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

/*
 * Each viewer's private stream over real sockets: what a red player, a spectator and a black
 * player are told while the black players shoot, how a viewer resumes after a gap, and how bad
 * commands change nothing and leave nothing in the server's memory.
 */

let server: TestApp

beforeAll(async () => {
  server = await startTestApp({ manualClock: true })
})
afterEach(closeOpenSockets)
afterAll(async () => {
  await server.close()
})

async function member(): Promise<Member> {
  const { user, token } = await createUserWithSession(server.database.db)
  return { id: user.id, token, socket: await connectSocket(server.url, token) }
}

function record(socket: TestSocket): TablePush[] {
  const pushes: TablePush[] = []
  socket.on('mafia:game:updated', (push) => pushes.push(push))
  return pushes
}

const storedCount = async (lobbyId: number) => (await server.database.db.selectFrom('game_events').select('version').where('lobby_id', '=', lobbyId).execute()).length
const inMemory = () => server.app.gameTables.inMemory()

describe('the night is silent for those who sleep', () => {
  it('while the black players shoot, a red player and a spectator receive nothing at all; the black players see every shot', { timeout: 120_000 }, async () => {
    const table = new SocketTable({ newMember: member })
    await table.seat()
    const spectator = await member()
    await table.watch(spectator)
    await table.judgeCommand({ type: 'start' })
    const night = await table.play((view) => view.phase === 'night_shooting')
    const black = night.seats.filter((seat) => seat.atTable && isBlack(seat.role)).map((seat) => seat.seat)
    const red = night.seats.filter((seat) => seat.atTable && !isBlack(seat.role)).map((seat) => seat.seat)
    // Everyone has heard that night fell before the shots are counted.
    for (const viewer of table.viewers) await viewer.until((view) => view.phase === 'night_shooting', 'the night')
    const redPushes = record(table.socketOf(red[0] as number))
    const spectatorPushes = record(spectator.socket)
    const blackPushes = record(table.socketOf(black[0] as number))
    const judgePushes = record(table.judge.socket)
    for (const shooter of black) expect(await table.command(table.socketOf(shooter), { type: 'night_action', target: red[1] })).toEqual({ seq: expect.any(Number) })
    // Every shot has reached the judge: whatever the others were to be sent has been sent too.
    await expect.poll(() => judgePushes.length).toBe(black.length)
    await expect.poll(() => blackPushes.length).toBe(black.length)
    expect(redPushes).toEqual([])
    expect(spectatorPushes).toEqual([])
    // The black players saw each shot, with its shooter and target.
    expect(blackPushes.flatMap((push) => push.events).map((event) => (event.type === 'night_action' ? [event.seat, event.target] : null))).toEqual(black.map((seat) => [seat, red[1]]))
    // The night moves on: the table hears of that, and of nothing before it.
    await table.judgeCommand({ type: 'next' })
    await expect.poll(() => spectatorPushes.length).toBe(1)
    expect(spectatorPushes[0]?.events.map((event) => event.type)).toEqual(['night_step_started'])
    expect(redPushes.map((push) => push.seq)).toEqual([(table.viewers[red[0] as number]?.pushes.at(-1)?.seq ?? 0)])
  })
})

describe('a viewer resumes its own stream', () => {
  it('a client that missed pushes gets exactly the missed ones back; a stale position gets the view afresh; a non-member gets nothing', { timeout: 120_000 }, async () => {
    const table = new SocketTable({ newMember: member })
    await table.seat()
    await table.judgeCommand({ type: 'start' })
    await table.play((view) => view.phase === 'day_speech')
    const seatOne = table.viewers[1]!
    // The table moved on as the judge's view says; seat one's last push may still be on its way.
    // A view taken afresh tells where seat one's stream stands: wait until the seat holds it.
    const afresh = async () => (await ask(table.socketOf(1), 'mafia:game:sync', { id: table.lobbyId, stream: 'another', seq: 1 })) as { game: { seq: number; log: unknown[] } }
    let logThen = await afresh()
    await expect.poll(() => seatOne.position.seq).toBe(logThen.game.seq)
    logThen = await afresh()
    const held = seatOne.position
    expect(logThen.game.seq).toBe(held.seq)
    await table.play((view) => view.phase === 'day_speech' && view.speaker !== null && view.speaker >= 3)
    const missed = seatOne.pushes.filter((push) => push.seq > held.seq)
    expect(missed.length).toBeGreaterThan(0)
    const resumed = await ask(table.socketOf(1), 'mafia:game:sync', { id: table.lobbyId, stream: held.stream ?? undefined, seq: held.seq })
    expect(resumed).toEqual({ resumed: true, pushes: missed })
    const fresh = await ask(table.socketOf(1), 'mafia:game:sync', { id: table.lobbyId, stream: 'another', seq: 1 })
    // The fresh view brings the game's log: the log of the earlier one, then the events of every push this seat received since.
    const log = [...logThen.game.log, ...missed.flatMap((push) => push.events)]
    expect(fresh).toEqual({ resumed: false, game: { stream: held.stream, seq: seatOne.seq, view: seatOne.view, log } })
    const outsider = await member()
    expect(await ask(outsider.socket, 'mafia:game:sync', { id: table.lobbyId })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    expect(await ask(outsider.socket, 'mafia:game:sync', { id: table.lobbyId, seq: -1 })).toMatchObject({ error: 'errors.invalid_value', field: 'seq' })
  })
})

describe('bad commands change nothing and leave nothing behind', () => {
  it('unknown, finished and foreign tables, forged fields, out-of-turn and repeated commands each get their code', { timeout: 120_000 }, async () => {
    const outsider = await member()
    const before = inMemory()
    // An unknown table: refused, and nothing of it stays in memory.
    expect(await ask(outsider.socket, 'mafia:game:command', { id: 1_999_999, command: { type: 'next' } })).toEqual({ error: 'errors.not_found' })
    expect(await ask(outsider.socket, 'mafia:game:sync', { id: 1_999_998 })).toEqual({ error: 'errors.not_found' })
    expect(await ask(outsider.socket, 'mafia:game:command', { id: 1_999_997, command: { type: 'start' } })).toEqual({ error: 'errors.not_found' })
    expect(inMemory()).toBe(before)

    const table = new SocketTable({ newMember: member })
    await table.seat()
    await table.judgeCommand({ type: 'start' })
    const day = await table.play((view) => view.phase === 'day_speech')
    const stored = await storedCount(table.lobbyId)
    const speaker = day.speaker as number
    const other = speaker === 10 ? 1 : speaker + 1
    // A forged field, someone else's turn, a judge's command from a player, an outsider.
    expect(await rawRequest(table.socketOf(speaker), 'mafia:game:command', { id: table.lobbyId, command: { type: 'end_speech', seat: other } })).toEqual({ error: 'errors.unknown_field', field: 'seat' })
    expect(await table.command(table.socketOf(other), { type: 'end_speech' })).toEqual({ error: 'errors.game.not_your_turn' })
    expect(await table.command(table.socketOf(other), { type: 'next' })).toEqual({ error: 'errors.game.judge_only' })
    expect(await ask(outsider.socket, 'mafia:game:command', { id: table.lobbyId, command: { type: 'end_speech' } })).toEqual({ error: 'errors.game.not_at_table' })
    // A foreign table: a player of this table at another one.
    const foreign = new SocketTable({ newMember: member })
    await foreign.seat()
    expect(await ask(table.socketOf(1), 'mafia:game:command', { id: foreign.lobbyId, command: { type: 'start' } })).toEqual({ error: 'errors.game.judge_only' })
    expect(await storedCount(foreign.lobbyId)).toBe(0)
    // A repeated nomination.
    await table.must(table.socketOf(speaker), { type: 'nominate', target: other })
    expect(await table.command(table.socketOf(speaker), { type: 'nominate', target: other })).toEqual({ error: 'errors.game.nomination_pending' })
    expect(await storedCount(table.lobbyId)).toBe(stored + 1)
    expect(table.viewers[other]?.reloads).toBe(1)

    // The game ends and its protocol closes: the table leaves memory, and a command for it brings nothing back.
    await table.judgeCommand({ type: 'confirm_nomination' })
    await table.must(table.socketOf(speaker), { type: 'end_speech' })
    await table.play()
    await table.judgeCommand({ type: 'finalise' })
    await expect.poll(() => inMemory()).toBe(before)
    const finished = await storedCount(table.lobbyId)
    expect(await table.command(table.judge.socket, { type: 'next' })).toEqual({ error: 'errors.game.game_over' })
    expect(await table.command(table.socketOf(1), { type: 'vote', target: 2 })).toEqual({ error: 'errors.game.game_over' })
    // A deal again, read from the table alone (it is no longer in memory): the game was dealt.
    expect(await table.command(table.judge.socket, { type: 'start' })).toEqual({ error: 'errors.game.phase' })
    expect(await storedCount(table.lobbyId)).toBe(finished)
    expect(inMemory()).toBe(before)
    // No client needed its view again during the whole game.
    for (const viewer of table.viewers) expect(viewer.reloads).toBe(1)
  })
})

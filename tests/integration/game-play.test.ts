import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import type { GameEvent } from '../../server/contract/game'
import type { TablePush } from '../../server/contract/socket/game'
import { ask, isBlack, SocketTable, type Member } from '../helpers/game-table'
import { closeOpenSockets, connectSocket, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer } from '../helpers/users'

let server: TestApp
let serverDatabase: TestDatabase

beforeAll(async () => {
  serverDatabase = await createTestDatabase()
  server = await startTestApp({ manualClock: true, database: serverDatabase })
})
afterEach(() => {
  closeOpenSockets()
})
afterAll(async () => {
  await server.close()
  await disposeQuietly(serverDatabase)
})

const member = (app: TestApp = server): Promise<Member> => connectPlayer(app)

async function reconnect(app: TestApp, who: Member): Promise<Member> {
  const socket = await connectSocket(app.url, who.token)
  return { ...who, socket }
}

/**
 * Closes the pool and lets its connections finish closing before the database is dropped: a drop
 * that overtakes a closing connection makes the server end it with an error nobody listens to.
 */
async function disposeQuietly(database: TestDatabase): Promise<void> {
  await database.db.destroy()
  await new Promise((resolve) => setTimeout(resolve, 300))
  await database.dispose()
}

/** A judged table of ten on this suite's server (or another), its members signed up as they sit down. */
const tableOn = (app: TestApp = server) => new SocketTable({ newMember: () => member(app) })

/** Records every push of a table's stream a socket receives. */
function record(socket: TestSocket): TablePush[] {
  const pushes: TablePush[] = []
  socket.on('mafia:game:updated', (push) => pushes.push(push))
  return pushes
}

/** The events a list of pushes carried, in order. */
const eventsOf = (pushes: readonly TablePush[]) => pushes.flatMap((push) => push.events as any[])

describe('a whole game over real sockets', () => {
  it('a judged table of ten plays to a red win; results and points are stored; spectators never see a living role', { timeout: 180_000 }, async () => {
    const table = tableOn()
    await table.seat()
    expect(table.created.as).toBe('judge')
    expect(table.joinedSeats).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    const spectator = await member()
    expect((await ask(spectator.socket, 'mafia:watch:lobby', { id: table.lobbyId })).as).toBe('spectator')
    const seen = record(spectator.socket)
    const seatOneSees = record(table.socketOf(1))
    const judgeSees = record(table.judge.socket)

    // Only the judge starts, and only once.
    expect(await table.command(table.socketOf(1), { type: 'start' })).toEqual({ error: 'errors.game.judge_only' })
    expect(await table.command(spectator.socket, { type: 'start' })).toEqual({ error: 'errors.game.judge_only' })
    await table.judgeCommand({ type: 'start' })
    expect(await table.command(table.judge.socket, { type: 'start' })).toEqual({ error: 'errors.game.phase' })
    const dealt = await table.view()
    expect(dealt.phase).toBe('zero_night')
    const roles = dealt.seats.map((seat) => seat.role)
    expect(roles.filter(isBlack)).toHaveLength(3)
    expect((await ask(table.socketOf(1), 'mafia:lobby:in')).lobby.status).toBe('running')

    // Each player sees their own role; the spectator sees none.
    const ownView = await table.view(table.players[0])
    expect(ownView.you?.role).toBe(roles[0])
    const spectatorView = await table.view(spectator)
    expect(spectatorView.seats.every((seat) => seat.role === null)).toBe(true)

    // Day 1 up to the first speech, then illegal moves change nothing.
    await table.judgeCommand({ type: 'next' })
    const day = await table.view()
    expect(day.phase).toBe('day_speech')
    const speaker = day.speaker as number
    const notSpeaker = speaker === 10 ? 1 : speaker + 1
    expect(await table.command(table.socketOf(notSpeaker), { type: 'end_speech' })).toEqual({ error: 'errors.game.not_your_turn' })
    expect(await table.command(spectator.socket, { type: 'vote', target: 1 })).toEqual({ error: 'errors.game.not_at_table' })
    expect(await table.command(table.socketOf(speaker), { type: 'next' })).toEqual({ error: 'errors.game.judge_only' })
    expect(await table.command(table.socketOf(speaker), { type: 'nominate', target: 11 })).toMatchObject({ error: 'errors.game.invalid_target' })
    expect(await table.command(table.socketOf(speaker), { type: 'fly' })).toMatchObject({ error: expect.stringMatching(/^errors\./) })
    const outsider = await member()
    expect(await ask(outsider.socket, 'mafia:game:command', { id: 2_000_000, command: { type: 'start' } })).toEqual({ error: 'errors.not_found' })
    expect(await ask(outsider.socket, 'mafia:game:command', { id: table.lobbyId, command: { type: 'next' } })).toEqual({ error: 'errors.game.judge_only' })
    expect(await ask(outsider.socket, 'mafia:game:sync', { id: table.lobbyId })).toEqual({ error: 'errors.lobby.not_member', field: 'id' })
    expect(await table.view()).toEqual(day)

    // Twice in a phase: a second nomination by the same speaker.
    const targets = day.seats.filter((seat) => seat.seat !== speaker).map((seat) => seat.seat)
    await table.must(table.socketOf(speaker), { type: 'nominate', target: targets[0] })
    await table.judgeCommand({ type: 'confirm_nomination' })
    expect(await table.command(table.socketOf(speaker), { type: 'nominate', target: targets[1] })).toEqual({ error: 'errors.game.nomination_used' })
    await table.must(table.socketOf(speaker), { type: 'end_speech' })

    // Twice in a vote.
    const voting = await table.play((view) => view.phase === 'voting')
    const current = voting.voting?.kind === 'vote' ? (voting.voting.current as number) : 0
    await table.must(table.socketOf(targets[2] as number), { type: 'vote', target: current })
    const before = await table.view()
    expect(await table.command(table.socketOf(targets[2] as number), { type: 'vote', target: current })).toEqual({ error: 'errors.game.already_voted' })
    expect(await table.view()).toEqual(before)

    const end = await table.play()
    expect(end.phase).toBe('ended')
    expect(end.result?.outcome).toBe('red')
    expect(end.result?.countsForRatings).toBe(true)

    // After the end: no more moves, but the judge closes the protocol.
    expect(await table.command(table.socketOf(1), { type: 'vote', target: 2 })).toEqual({ error: 'errors.game.game_over' })
    const db = server.database.db
    // Each seat's row as the end wrote it (`xmin`: the transaction that wrote the row's version).
    const seatRows = () => sql<{ seat: number; written: string }>`select seat, xmin::text as written from game_players where lobby_id = ${table.lobbyId} order by seat`.execute(db)
    const writtenAtEnd = (await seatRows()).rows
    expect(writtenAtEnd).toHaveLength(10)
    await table.judgeCommand({ type: 'finalise' })
    // The protocol closed without extra points: no seat changed, so no seat's row was written again.
    expect((await seatRows()).rows).toEqual(writtenAtEnd)

    const result = await db.selectFrom('game_results').selectAll().where('lobby_id', '=', table.lobbyId).executeTakeFirstOrThrow()
    expect(result).toMatchObject({ outcome: 'red', counts_for_ratings: true, finalised: true, judge_id: table.judge.id })
    const players = await db.selectFrom('game_players').selectAll().where('lobby_id', '=', table.lobbyId).orderBy('seat').execute()
    expect(players.map((row) => row.user_id)).toEqual(table.players.map((player) => player.id))
    expect(players.map((row) => row.role)).toEqual(roles)
    for (const row of players) {
      if (isBlack(row.role)) expect(row).toMatchObject({ team: 'black', won: false, points: 0 })
      else expect(row).toMatchObject({ team: 'red', won: true })
    }
    // The first night's victim named all three black seats: +0.4 on top of the win.
    const bestMove = end.bestMoves[0]
    expect(bestMove?.targets).toHaveLength(3)
    expect(players.find((row) => row.seat === bestMove?.seat)?.points).toBeCloseTo(1.4)
    expect(players.filter((row) => !isBlack(row.role) && row.seat !== bestMove?.seat).every((row) => row.points === 1)).toBe(true)
    const lobby = await db.selectFrom('lobbies').select('status').where('id', '=', table.lobbyId).executeTakeFirstOrThrow()
    expect(lobby.status).toBe('ended')

    // Table-mates of a finished game are suggested as friends.
    const suggestions = await ask(table.socketOf(1), 'friends:search:new')
    const mates = suggestions.items.filter((item: any) => item.reasons.includes('table_mate')).map((item: any) => item.id)
    expect(mates.sort()).toEqual(table.players.slice(1).map((player) => player.id).sort())

    // The record: every version stored once, in order. Each viewer's stream is gapless from 1; the
    // judge was told every event, in order; the others fewer pushes than the judge.
    const stored = await db.selectFrom('game_events').select(['version', 'type', 'event']).where('lobby_id', '=', table.lobbyId).orderBy('version').execute()
    expect(stored.map((row) => row.version)).toEqual(stored.map((_, index) => index + 1))
    await expect.poll(() => eventsOf(judgeSees).length).toBe(stored.length)
    for (const pushes of [seen, seatOneSees, judgeSees]) expect(pushes.map((push) => push.seq)).toEqual(pushes.map((_, index) => index + 1))
    expect(eventsOf(judgeSees)).toEqual(stored.map((row) => {
      const { version: _version, ...event } = row.event as GameEvent
      return event
    }))
    expect(seen.length).toBeLessThan(judgeSees.length)
    expect(stored.some((row) => row.type === 'night_action')).toBe(true)
    expect(stored.some((row) => row.type === 'vote_cast')).toBe(true)

    // Before the end the spectator saw no role and no night action, in no event and no view; seat 1
    // saw only their own role (and partners). Nothing anyone was sent carries the game's version.
    const endedPush = seen.findIndex((push) => push.events.some((event) => event.type === 'game_ended'))
    expect(endedPush).toBeGreaterThan(0)
    for (const push of seen.slice(0, endedPush)) {
      for (const event of push.events as any[]) {
        expect(event.type === 'roles_dealt' || event.type === 'night_action' || event.type === 'points_awarded').toBe(false)
      }
      for (const seat of push.changes.seats ?? []) expect(seat.role).toBeNull()
      expect(push.changes.nightActions ?? []).toEqual([])
    }
    for (const pushes of [seen, seatOneSees, judgeSees]) expect(JSON.stringify(pushes)).not.toContain('"version"')
    const ownDeal = eventsOf(seatOneSees).find((event) => event.type === 'roles_dealt')
    expect(ownDeal.roles[0]).toBe(roles[0])
    ownDeal.roles.forEach((role: string | null, index: number) => {
      if (index > 0 && !(isBlack(roles[0] as string) && isBlack(roles[index] as string))) expect(role).toBeNull()
    })
    expect(eventsOf(judgeSees).find((event) => event.type === 'roles_dealt').roles).toEqual(roles)
    expect(eventsOf(seen).find((event) => event.type === 'game_ended').roles).toEqual(roles)
  })
})

/** Resolves with the first game event of a push that matches. */
function gameEventWhere(socket: TestSocket, match: (event: any) => boolean, timeoutMs = 5000): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching game event')), timeoutMs)
    const listener = (push: TablePush) => {
      const event = push.events.find(match)
      if (!event) return
      clearTimeout(timer)
      socket.off('mafia:game:updated', listener)
      resolve(event)
    }
    socket.on('mafia:game:updated', listener)
  })
}

describe('connections', () => {
  it('a seated player who drops is shown as disconnected, and as connected again when back', { timeout: 60_000 }, async () => {
    const table = tableOn()
    await table.seat()
    await table.judgeCommand({ type: 'start' })
    const dropped = gameEventWhere(table.judge.socket, (event) => event.type === 'connection' && event.connected === false)
    table.socketOf(3).disconnect()
    expect((await dropped).seat).toBe(3)
    expect((await table.view()).seats[2]?.connected).toBe(false)
    const back = gameEventWhere(table.judge.socket, (event) => event.type === 'connection' && event.connected === true)
    await reconnect(server, table.players[2] as Member)
    expect((await back).seat).toBe(3)
    expect((await table.view()).seats[2]?.connected).toBe(true)
    // Neither the judge nor a player leaves a running game.
    table.judge.socket.emit('mafia:lobby:leave')
    table.socketOf(1).emit('mafia:lobby:leave')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await ask(table.judge.socket, 'mafia:lobby:in')).as).toBe('judge')
    expect((await ask(table.socketOf(1), 'mafia:lobby:in')).as).toBe('player')
  })
})

describe('a restart', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => disposeQuietly(database))

  it('resumes a running game where it stood: reconnecting clients get their view back and finish the game', { timeout: 180_000 }, async () => {
    const first = await startTestApp({ manualClock: true, database })
    const table = tableOn(first)
    await table.seat({ openUp: true })
    await table.judgeCommand({ type: 'start' })
    // Stop in a day-2 speech: its deadline is a minute away, so no timer fires across the restart.
    const before = await table.play((view) => view.phase === 'day_speech' && view.day === 2)
    expect(before.voteRecords.length).toBeGreaterThan(0)
    const judgeBefore = await table.view()
    const playerBefore = await table.view(table.players[2])
    await first.close()

    const second = await startTestApp({ manualClock: true, database })
    try {
      const judge = await reconnect(second, table.judge)
      const players: Member[] = []
      for (const player of table.players) players.push(await reconnect(second, player))
      const resumed = tableOn(second)
      resumed.judge = judge
      resumed.players = players
      resumed.lobbyId = table.lobbyId
      const lobbyIn = await ask(players[2]!.socket, 'mafia:lobby:in')
      expect(lobbyIn).toMatchObject({ id: table.lobbyId, as: 'player' })
      const reloaded = await ask(players[2]!.socket, 'mafia:load:lobby', { id: table.lobbyId })
      expect(reloaded.game!.view).toEqual(playerBefore)
      expect(await resumed.view()).toEqual(judgeBefore)
      expect(judgeBefore).toEqual(before)
      // A new server names new streams: a client holding the old one syncs and gets its view afresh.
      const oldStream = table.viewers[3]?.pushes.at(-1)?.stream
      expect(reloaded.game!.stream).not.toBe(oldStream)
      const synced = await ask(players[2]!.socket, 'mafia:game:sync', { id: table.lobbyId, stream: oldStream, seq: 5 })
      expect(synced).toEqual({ resumed: false, game: reloaded.game })

      const pushes = record(players[2]!.socket)
      const end = await resumed.play()
      expect(end.result?.outcome).toBe('red')
      expect(pushes.length).toBeGreaterThan(0)
      expect(pushes[0]?.seq).toBe(reloaded.game!.seq + 1)
      expect(pushes[0]?.stream).toBe(reloaded.game!.stream)
      const stored = await database.db.selectFrom('game_events').select('version').where('lobby_id', '=', table.lobbyId).orderBy('version').execute()
      expect(stored.map((row) => row.version)).toEqual(stored.map((_, index) => index + 1))
    } finally {
      await second.close()
    }
  })
})

describe('timers across a restart', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => disposeQuietly(database))

  /** Moves a stored deadline into the past, as if the server had been down past it. */
  async function expireZeroNight(lobbyId: number): Promise<void> {
    const row = await database.db.selectFrom('game_events').select(['version', 'event']).where('lobby_id', '=', lobbyId).where('type', '=', 'zero_night_started').executeTakeFirstOrThrow()
    const event = { ...(row.event as Record<string, unknown>), deadline: Date.now() - 1000 }
    await database.db.updateTable('game_events').set({ event: JSON.stringify(event) }).where('lobby_id', '=', lobbyId).where('version', '=', row.version).execute()
  }

  it('a deadline that passed while the server was down fires at once: a judged table marks the time up, a table without a judge moves on', { timeout: 120_000 }, async () => {
    const first = await startTestApp({ manualClock: true, database })
    const judged = tableOn(first)
    await judged.seat()
    await judged.judgeCommand({ type: 'start' })
    const storedBefore = async (lobbyId: number) => (await database.db.selectFrom('game_events').select('version').where('lobby_id', '=', lobbyId).execute()).length
    const judgedVersion = await storedBefore(judged.lobbyId)

    const ladder: Member[] = []
    for (let index = 0; index < 10; index++) ladder.push(await member(first))
    let seated: any
    for (const one of ladder) seated = await ask(one.socket, 'ladder:search:start')
    expect(seated.status).toBe('seated')
    const ladderId = seated.lobby.id as number
    expect(seated.lobby.game.view.phase).toBe('zero_night')
    await first.close()

    await expireZeroNight(judged.lobbyId)
    await expireZeroNight(ladderId)
    const second = await startTestApp({ manualClock: true, database })
    try {
      const types = async (lobbyId: number) =>
        (await database.db.selectFrom('game_events').select('type').where('lobby_id', '=', lobbyId).orderBy('version').execute()).map((row) => row.type)
      await expect.poll(() => types(judged.lobbyId), { timeout: 5000 }).toContain('time_up')
      expect((await types(judged.lobbyId)).length).toBe(judgedVersion + 1)
      await expect.poll(() => types(ladderId), { timeout: 5000 }).toContain('day_started')
      const player = await reconnect(second, ladder[0] as Member)
      const view = (await ask(player.socket, 'mafia:load:lobby', { id: ladderId })).game!.view
      expect(view.phase).toBe('day_speech')
      expect(view.deadline).toBeGreaterThan(second.clock!.now().getTime())
    } finally {
      await second.close()
    }
  })
})


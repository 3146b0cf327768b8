import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { GameView } from '../../server/contract/game'
import type { GameRecord } from '../../server/contract/socket/game'
import type { LobbyStage, LobbySummary } from '../../server/contract/socket/lobbies'
import { ask } from '../helpers/game-table'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { rawRequest } from '../helpers/requests'
import { closeOpenSockets, type TestSocket } from '../helpers/sockets'
import { relaxedRateLimits, startTestApp, type TestApp } from '../helpers/test-app'
import { connectPlayer } from '../helpers/users'

let server: TestApp
let database: TestDatabase

beforeAll(async () => {
  database = await createTestDatabase()
  // This table's judge reads the whole table again before every move, hundreds of times a game (a
  // player's page is pushed its view instead), so its reads get more than a person's allowance.
  const reads = { 'mafia:load:lobby': { max: 100_000, windowMs: 10_000 } }
  server = await startTestApp({ manualClock: true, database, rateLimits: { ...relaxedRateLimits, sockets: { ...relaxedRateLimits.sockets, requests: reads } } })
})
afterEach(() => {
  closeOpenSockets()
})
afterAll(async () => {
  await server.close()
  await database.db.destroy()
  // Let the pool's connections finish closing before the database is dropped.
  await new Promise((resolve) => setTimeout(resolve, 300))
  await database.dispose()
})

interface Member {
  id: number
  nickname: string
  socket: TestSocket
}

const member = (): Promise<Member> => connectPlayer(server)

const isBlack = (role: string | null) => role === 'Mafia' || role === 'Don'

/** A judged table of ten, played by a simple script from the judge's view: the town votes out black players. */
class Table {
  players: Member[] = []
  judge!: Member
  lobbyId = 0
  private nominated = new Set<string>()

  async seat(): Promise<void> {
    this.judge = await member()
    this.lobbyId = (await ask(this.judge.socket, 'mafia:create:lobby', { name: 'Record table', language: 'en', as: 'judge' })).id
    for (let seat = 1; seat <= 10; seat++) {
      const player = await member()
      expect((await ask(player.socket, 'mafia:join:lobby', { id: this.lobbyId })).as).toBe('player')
      this.players.push(player)
    }
  }

  async must(socket: TestSocket, command: Record<string, unknown>): Promise<void> {
    const answer = await rawRequest(socket, 'mafia:game:command', { id: this.lobbyId, command }) as { error?: string }
    if (answer.error) throw new Error(`${JSON.stringify(command)} refused: ${answer.error}`)
  }

  seatSocket(seat: number): TestSocket {
    return (this.players[seat - 1] as Member).socket
  }

  async view(): Promise<GameView> {
    const lobby = await ask(this.judge.socket, 'mafia:load:lobby', { id: this.lobbyId })
    if (!lobby.game) throw new Error(`no game at table ${this.lobbyId}`)
    return lobby.game.view
  }

  async step(view: GameView): Promise<void> {
    const alive = view.seats.filter((seat) => seat.atTable)
    const black = alive.filter((seat) => isBlack(seat.role))
    const speaker = view.speaker
    switch (view.phase) {
      case 'day_speech': {
        if (view.pendingNomination) return this.must(this.judge.socket, { type: 'confirm_nomination' })
        const key = `${view.day}:${speaker}`
        const target = black.find((seat) => seat.seat !== speaker && !view.nominations.some((nomination) => nomination.target === seat.seat))
        if (!this.nominated.has(key) && target && view.nominations.length === 0 && speaker !== null) {
          this.nominated.add(key)
          return this.must(this.seatSocket(speaker), { type: 'nominate', target: target.seat })
        }
        return this.must(this.seatSocket(speaker as number), { type: 'end_speech' })
      }
      case 'defence_speech':
      case 'last_words':
        return this.must(this.seatSocket(speaker as number), { type: 'end_speech' })
      case 'best_move':
        return this.must(this.seatSocket(speaker as number), { type: 'best_move', targets: black.map((seat) => seat.seat).slice(0, 3) })
      case 'voting': {
        const voting = view.voting
        if (voting?.kind === 'vote' && voting.current !== null && isBlack(view.seats[voting.current - 1]?.role ?? null)) {
          for (const seat of alive) if (!(voting.votes ?? []).some((vote) => vote.voter === seat.seat)) await this.must(this.seatSocket(seat.seat), { type: 'vote', target: voting.current })
        }
        return this.must(this.judge.socket, { type: 'next' })
      }
      case 'night_shooting': {
        const victim = alive.find((seat) => !isBlack(seat.role) && seat.role !== 'Sheriff')
        if (victim) for (const shooter of black) await this.must(this.seatSocket(shooter.seat), { type: 'night_action', target: victim.seat })
        return this.must(this.judge.socket, { type: 'next' })
      }
      case 'night_sheriff': {
        const sheriff = alive.find((seat) => seat.role === 'Sheriff')
        if (sheriff && black[0]) await this.must(this.seatSocket(sheriff.seat), { type: 'night_action', target: black[0].seat })
        return this.must(this.judge.socket, { type: 'next' })
      }
      default:
        return this.must(this.judge.socket, { type: 'next' })
    }
  }

  async play(stop: (view: GameView) => boolean = () => false): Promise<GameView> {
    for (let steps = 0; steps < 600; steps++) {
      const view = await this.view()
      if (view.phase === 'ended' || stop(view)) return view
      await this.step(view)
    }
    throw new Error('the game did not end')
  }
}

describe("a finished game's record", () => {
  it('is open to any signed-in user once the game is over, with players, roles, points and every event; refused before', { timeout: 120_000 }, async () => {
    const table = new Table()
    await table.seat()
    const outsider = await member()

    // Seats being taken: nothing to show yet.
    expect(await ask(outsider.socket, 'mafia:game:record', { id: table.lobbyId })).toEqual({ error: 'errors.game.not_finished' })

    await table.must(table.judge.socket, { type: 'start' })
    await table.play((view) => view.day === 1 && view.phase === 'day_speech')
    // A running game is refused to everyone, its players included, so no role leaks through it.
    expect(await ask(outsider.socket, 'mafia:game:record', { id: table.lobbyId })).toEqual({ error: 'errors.game.not_finished' })
    expect(await ask(table.seatSocket(1), 'mafia:game:record', { id: table.lobbyId })).toEqual({ error: 'errors.game.not_finished' })

    const final = await table.play()
    expect(final.phase).toBe('ended')
    const record = (await ask(outsider.socket, 'mafia:game:record', { id: table.lobbyId })) as GameRecord
    expect(record).toMatchObject({ id: table.lobbyId, name: 'Record table', language: 'en', deckId: 1, kind: 'custom' })
    expect(record.judge).toMatchObject({ id: table.judge.id, nickname: table.judge.nickname })
    expect(record.result.outcome).toBe(final.result?.outcome)
    expect(record.result.reason).toBe(final.result?.reason)
    expect(record.startedAt).not.toBeNull()
    expect(record.endedAt).not.toBeNull()

    // Every seat with its user card, role, team and points, as the judge's view has them.
    expect(record.players.map((player) => player.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    for (const player of record.players) {
      const seat = final.seats[player.seat - 1]
      const points = final.result?.seats.find((item) => item.seat === player.seat)
      expect(player.card).toMatchObject({ id: table.players[player.seat - 1]?.id, nickname: table.players[player.seat - 1]?.nickname })
      expect(player.role).toBe(seat?.role)
      expect(player.team).toBe(seat?.team)
      expect(player.points).toBe(points?.points)
      expect(player.left).toBe(seat?.left)
    }
    expect(record.players.filter((player) => isBlack(player.role))).toHaveLength(3)

    // The whole event list, in order, with the secrets of the game (the deal, the night actions).
    expect(record.events.map((event) => event.version)).toEqual(record.events.map((_, index) => index + 1))
    expect(record.events.at(0)?.type).toBe('game_created')
    expect(record.events.at(-1)?.type).toBe('game_ended')
    const deal = record.events.find((event) => event.type === 'roles_dealt')
    expect(deal && 'roles' in deal ? deal.roles : []).toEqual(record.players.map((player) => player.role))
    expect(record.events.some((event) => event.type === 'night_action')).toBe(true)
    expect(record.events.some((event) => event.type === 'nominated')).toBe(true)
    expect(record.events.some((event) => event.type === 'speech_started')).toBe(true)
  })

  it('refuses a table that does not exist and a forged id', async () => {
    const someone = await member()
    expect(await ask(someone.socket, 'mafia:game:record', { id: 999_999 })).toEqual({ error: 'errors.not_found' })
    expect(((await rawRequest(someone.socket, 'mafia:game:record', { id: 'one' })) as { error?: string }).error).toBe('errors.invalid_value')
    expect(((await rawRequest(someone.socket, 'mafia:game:record', {})) as { error?: string }).error).toBe('errors.required')
  })
})

describe('the list shows where a running game stands', () => {
  it('carries the phase, day and night of a running table, and tells the list each new phase on its own, not at every speech', { timeout: 120_000 }, async () => {
    const table = new Table()
    await table.seat()
    const watcher = await member()
    const listed = (await ask(watcher.socket, 'mafia:lobby:list')) as LobbySummary[]
    expect(listed.find((summary) => summary.id === table.lobbyId)?.stage).toBeNull()

    // The stages and the summaries the list hears while the game runs.
    const stages: LobbyStage[] = []
    watcher.socket.on('mafia:lobby:stage', (change) => {
      if (change.id === table.lobbyId) stages.push(change.stage)
    })
    const updates: LobbySummary[] = []
    watcher.socket.on('mafia:lobby:updated', (summary) => {
      if (summary.id === table.lobbyId && summary.stage !== null) updates.push(summary)
    })
    // A player at the table who does not look at the list: their game view holds the stage already.
    const atTable: unknown[] = []
    table.seatSocket(1).on('mafia:lobby:stage', (change) => atTable.push(change))
    await table.must(table.judge.socket, { type: 'start' })
    // The deal: the list hears the table running, as it sits, at the deal's stage.
    await expect.poll(() => updates.length).toBe(1)
    const dealt = updates[0] as LobbySummary
    const seated = listed.find((summary) => summary.id === table.lobbyId) as LobbySummary
    expect(dealt).toEqual({ ...seated, status: 'running', stage: { phase: (await table.view()).phase, day: 0, night: 0 } })
    expect(dealt.players.map((player) => player.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    await table.play((view) => view.day === 1 && view.phase === 'day_speech' && view.speaker !== null)
    // Three speakers of day one speak: the phase stays the same, so the list hears nothing of it.
    for (let speech = 0; speech < 3; speech++) {
      const view = await table.view()
      await table.must(table.seatSocket(view.speaker as number), { type: 'end_speech' })
    }
    // A spectator comes in: the list hears of that, after anything the speeches might have sent.
    const spectator = await member()
    await ask(spectator.socket, 'mafia:watch:lobby', { id: table.lobbyId })
    await expect.poll(() => updates.at(-1)?.spectators).toBe(1)
    // The day's start, once, as a stage alone (the deal's stage came with its status change).
    expect(stages).toEqual([{ phase: 'day_speech', day: 1, night: 0 }])
    // No whole summary went out for the new day: the only one of day one is the spectator's, which carries the stage.
    expect(updates.filter((summary) => summary.stage?.phase === 'day_speech')).toHaveLength(1)
    expect(updates.at(-1)?.stage).toEqual({ phase: 'day_speech', day: 1, night: 0 })

    // The list itself answers with the stage too.
    const again = (await ask(watcher.socket, 'mafia:lobby:list')) as LobbySummary[]
    expect(again.find((summary) => summary.id === table.lobbyId)?.stage).toEqual({ phase: 'day_speech', day: 1, night: 0 })

    // The night is a new phase: the list hears of it.
    await table.play((view) => view.phase === 'night_shooting')
    await expect.poll(() => stages.at(-1)).toEqual({ phase: 'night_shooting', day: 1, night: 1 })
    // An answer to the player goes out after anything sent to them before it: no stage of the table reached them.
    await ask(table.seatSocket(1), 'mafia:lobby:in')
    expect(atTable).toEqual([])
  })
})

import { sql } from 'kysely'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Tournament, TournamentDetail } from '../../server/contract/http/tournaments'
import { evennessOf } from '../../server/modules/tournaments'
import { request } from '../helpers/http'
import type { TournamentProgress } from '../../server/contract/socket/tournaments'
import { rawRequest, request as ask, requestResult } from '../helpers/requests'
import { arrives, closeOpenSockets, connectSocket, nextEvent, type TestSocket } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

interface Account {
  id: number
  token: string
}

let testApp: TestApp
let organiser: Account
let outsider: Account
let moderator: Account
let admin: Account
let judges: Account[]
let players: Account[]
let organizationId: number
let otherOrganizationId: number
let png: Buffer

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** Settings a valid tournament starts from: it starts in ten days, registration closes in five. */
function settings(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Autumn Cup',
    date_start: day(10),
    date_end: day(12),
    time_start: '18:00',
    timezone: 'Europe/Kyiv',
    registration_end_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
    organizationId,
    judges: judges.map((judge) => judge.id),
    ...overrides,
  }
}

function form(tournamentSettings: unknown, options: { lobbySettings?: unknown; images?: Buffer[]; raw?: string } = {}): FormData {
  const data = new FormData()
  data.set('tournamentSettings', options.raw ?? JSON.stringify(tournamentSettings))
  data.set('lobbySettings', JSON.stringify(options.lobbySettings ?? {}))
  for (const image of options.images ?? []) data.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'poster.png')
  return data
}

const save = (as: Account, data: FormData, id?: number) => request(testApp.url, 'POST', `/api/tournaments/save${id ? `/${id}` : ''}`, { token: as.token, form: data })
const get = (as: Account, path: string) => request(testApp.url, 'GET', path, { token: as.token })
const post = (as: Account, path: string, body: unknown = {}) => request(testApp.url, 'POST', path, { token: as.token, body })
const countTournaments = async () => Number((await sql<{ count: string }>`select count(*) as count from tournaments`.execute(testApp.database.db)).rows[0]?.count)

async function create(overrides: Record<string, unknown> = {}, lobbySettings: unknown = {}): Promise<Tournament> {
  const saved = await save(organiser, form(settings(overrides), { lobbySettings }))
  expect(saved.status).toBe(200)
  return saved.body.tournament as Tournament
}

/**
 * Ends a tournament table's game as the game host stores one: its result, every seat's points
 * (with the breakdown) and the first night's kills; the table is then finished, so its players are
 * free for the next round.
 */
async function finishTable(lobbyId: number, seats: { userId: number; won: boolean; points: number; bestMove?: number; extra?: number }[], firstNightKilled: number[] = []) {
  const db = testApp.database.db
  await db.updateTable('lobbies').set({ status: 'ended', ended_at: new Date() }).where('id', '=', lobbyId).execute()
  await db
    .insertInto('game_results')
    .values({ lobby_id: lobbyId, outcome: 'red', reason: 'all_black_out', losing_team: null, judge_id: null, counts_for_ratings: true, finalised: true })
    .execute()
  await db
    .insertInto('game_players')
    .values(
      seats.map((seat, index) => ({
        lobby_id: lobbyId,
        seat: index + 1,
        user_id: seat.userId,
        role: index < 7 ? 'Civil' : 'Mafia',
        team: index < 7 ? 'red' : 'black',
        won: seat.won,
        points: seat.points,
        breakdown: JSON.stringify({ win: seat.won ? 1 : 0, bestMove: seat.bestMove ?? 0, removal: 0, extra: seat.extra ?? 0 }),
      })),
    )
    .execute()
  const killed = firstNightKilled.map((userId) => seats.findIndex((seat) => seat.userId === userId) + 1)
  await sql`insert into game_events (lobby_id, version, type, event) values (${lobbyId}, 1, 'night_result', ${JSON.stringify({ type: 'night_result', night: 1, killed })}::json)`.execute(db)
}

/**
 * The first progress pushed to `socket` that shows what `shows` looks for. A step can reach the
 * watchers in more than one push (a round's table is created, then linked to the round), and the
 * page shows the latest; a step whose state never arrives fails after 10 s.
 */
const pushShowing = (socket: TestSocket, shows: (progress: TournamentProgress) => boolean) =>
  new Promise<TournamentProgress>((resolve, reject) => {
    const listener = (progress: TournamentProgress) => {
      if (!shows(progress)) return
      clearTimeout(timer)
      socket.off('tournaments:updated', listener)
      resolve(progress)
    }
    const timer = setTimeout(() => {
      socket.off('tournaments:updated', listener)
      reject(new Error('the watchers were never shown the new progress'))
    }, 10_000)
    socket.on('tournaments:updated', listener)
  })
const firstTable = (progress: TournamentProgress) => progress.rounds[0]?.tables[0]

describe('tournaments', () => {
  beforeAll(async () => {
    testApp = await startTestApp()
    const db = testApp.database.db
    const account = async (role_id = 1) => {
      const { user, token } = await createUserWithSession(db, { role_id })
      return { id: user.id, token }
    }
    organiser = await account()
    outsider = await account()
    moderator = await account(2)
    admin = await account(3)
    judges = [await account(), await account()]
    players = []
    for (let index = 0; index < 20; index++) players.push(await account())
    const organizations = await sql<{ id: number }>`insert into organizations (name) values ('Kyiv Mafia Club'), ('Berlin Mafia') returning id`.execute(db)
    organizationId = organizations.rows[0]?.id as number
    otherOrganizationId = organizations.rows[1]?.id as number
    await sql`insert into organization_members (organization_id, user_id) values (${organizationId}, ${organiser.id})`.execute(db)
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a01010' } }).png().toBuffer()
  })

  afterEach(closeOpenSockets)

  afterAll(async () => {
    await testApp?.close()
  })

  it('organisers: members of the organisation, moderators and admins; nobody else', async () => {
    expect((await get(organiser, '/api/tournaments/loadOrganizations')).body.items).toEqual([{ id: organizationId, name: 'Kyiv Mafia Club' }])
    expect((await get(outsider, '/api/tournaments/loadOrganizations')).body.items).toEqual([])
    expect((await get(moderator, '/api/tournaments/loadOrganizations')).body.items).toHaveLength(2)

    const before = await countTournaments()
    const refused = await save(outsider, form(settings()))
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('errors.tournaments.not_organizer')
    // A member of one organisation cannot organise for another.
    const elsewhere = await save(organiser, form(settings({ organizationId: otherOrganizationId })))
    expect(elsewhere.body.code).toBe('errors.tournaments.not_organizer')
    expect(await countTournaments()).toBe(before)

    const tournament = await create()
    expect(tournament.canOrganize).toBe(true)
    expect((await save(outsider, form(settings({ name: 'Taken over' })), tournament.id)).status).toBe(403)
    expect((await post(outsider, `/api/tournaments/${tournament.id}/rounds`)).body.code).toBe('errors.tournaments.not_organizer')
    const byModerator = await save(moderator, form(settings({ name: 'Autumn Cup (moderated)' })), tournament.id)
    expect(byModerator.status).toBe(200)
    expect(byModerator.body.tournament.name).toBe('Autumn Cup (moderated)')
    expect((await get(outsider, `/api/tournaments/${tournament.id}`)).body.tournament.canOrganize).toBe(false)
  })

  it('creates with the defaults of the settings, the organiser’s timezone and a poster checked by its bytes', async () => {
    const draft = await get(organiser, '/api/tournaments/add?timezone=Europe/Kyiv')
    expect(draft.body.tournamentSettings).toEqual({ count: 10, price: 0, currency: 'USD', deckId: 1, type: 0, timezone: 'Europe/Kyiv', language: [] })
    expect(draft.body.lobbySettings.judge).toBe(true)
    expect((await get(organiser, '/api/tournaments/loadDecks')).body.items).toEqual([
      { id: 1, seats: 10 },
      { id: 2, seats: 12 },
    ])

    const saved = await save(organiser, form(settings({ timezone: undefined, name: 'Poster Cup' }), { images: [png], lobbySettings: { openUp: true } }))
    expect(saved.status).toBe(200)
    const tournament = saved.body.tournament as Tournament
    expect(tournament).toMatchObject({ count: 10, price: 0, currency: 'USD', deckId: 1, type: 0, timezone: 'UTC', is_active: true, is_archive: false })
    expect(tournament.lobbySettings).toMatchObject({ openUp: true, judge: true, votingType: 0 })
    expect(tournament.registration_link).toMatch(new RegExp(`/tournaments\\?register=${tournament.id}$`))
    expect(tournament.image).toHaveLength(1)
    const poster = await fetch(`${testApp.url}${tournament.image[0]}`)
    expect(poster.status).toBe(200)
    expect((await sharp(Buffer.from(await poster.arrayBuffer())).metadata()).width).toBe(40)
    expect(tournament.judges.map((judge) => judge.id)).toEqual(judges.map((judge) => judge.id))

    // The schedule finds it by its filter; the Dota 2 discipline (type 1) does not.
    const schedule = await post(organiser, '/api/tournaments/schedule', { search: 'Poster', type: 0 })
    expect(schedule.body.items.map((item: Tournament) => item.id)).toEqual([tournament.id])
    expect((await post(organiser, '/api/tournaments/schedule', { search: 'Poster', type: 1 })).body.total).toBe(0)
    const dota = await create({ name: 'Dota Night', type: 1 })
    expect((await post(organiser, '/api/tournaments/schedule', { type: 1 })).body.items.map((item: Tournament) => item.id)).toContain(dota.id)
    expect((await post(organiser, '/api/tournaments/schedule', { search: '%' })).body.total).toBe(0)
  })

  it('refuses bad input with a translated error and writes nothing', async () => {
    const before = await countTournaments()
    const cases: [FormData, number, string][] = [
      [form(settings({ date_start: day(12), date_end: day(10) })), 400, 'errors.tournaments.end_before_start'],
      [form(settings({ registration_end_date: new Date(Date.now() + 20 * 86_400_000).toISOString() })), 400, 'errors.tournaments.registration_after_start'],
      [form(settings(), { images: [Buffer.from('<?php echo "not an image"; ?>')] }), 415, 'errors.file_type'],
      [form(settings(), { images: [Buffer.concat([png.subarray(0, 40)])] }), 415, 'errors.file_type'],
      [form(settings({ judges: [2_000_000_000] })), 400, 'errors.tournaments.unknown_user'],
      [form(settings({ viewers: [2_000_000_001] })), 400, 'errors.tournaments.unknown_user'],
      [form(settings({ organizationId: 2_000_000_000 })), 404, 'errors.tournaments.unknown_organization'],
      [form(settings(), { raw: '{not json' }), 400, 'errors.tournaments.bad_settings'],
      [form(settings({ count: 0 })), 400, 'errors.tournaments.bad_settings'],
      [form(settings(), { lobbySettings: { votingType: 7 } }), 400, 'errors.tournaments.bad_settings'],
      [form(settings({ timezone: 'Mars/Olympus' })), 400, 'errors.invalid_value'],
    ]
    for (const [data, status, code] of cases) {
      const answer = await save(organiser, data)
      expect([answer.status, answer.body.code]).toEqual([status, code])
    }
    expect(await countTournaments()).toBe(before)
    expect((await save(organiser, form(settings()), 2_000_000_000)).status).toBe(404)
    expect((await get(organiser, '/api/tournaments/2000000000')).status).toBe(404)
    expect((await post(organiser, '/api/tournaments/2000000000/register')).status).toBe(404)
    expect((await post(organiser, '/api/tournaments/2000000000/rounds')).status).toBe(404)
  })

  it('registers once, until registration closes; a round needs a table’s worth of players and a judge per table', async () => {
    const closed = await create({ registration_end_date: new Date(Date.now() - 60_000).toISOString() })
    const late = await post(players[0] as Account, `/api/tournaments/${closed.id}/register`)
    expect([late.status, late.body.code]).toEqual([409, 'errors.tournaments.registration_closed'])

    const small = await create()
    for (const player of players.slice(0, 9)) expect((await post(player, `/api/tournaments/${small.id}/register`)).status).toBe(200)
    const twice = await post(players[0] as Account, `/api/tournaments/${small.id}/register`)
    expect([twice.status, twice.body.code]).toEqual([409, 'errors.tournaments.already_registered'])
    const tooFew = await post(organiser, `/api/tournaments/${small.id}/rounds`)
    expect([tooFew.status, tooFew.body.code]).toEqual([409, 'errors.tournaments.too_few_players'])
    expect((await get(organiser, `/api/tournaments/${small.id}`)).body.rounds).toEqual([])

    // Count 10 is the places: the eleventh finds registration closed.
    expect((await post(players[9] as Account, `/api/tournaments/${small.id}/register`)).status).toBe(200)
    expect((await post(players[10] as Account, `/api/tournaments/${small.id}/register`)).body.code).toBe('errors.tournaments.registration_closed')

    const judgeless = await save(organiser, form(settings({ judges: [] })), small.id)
    expect(judgeless.status).toBe(200)
    const noJudge = await post(organiser, `/api/tournaments/${small.id}/rounds`)
    expect([noJudge.status, noJudge.body.code]).toEqual([409, 'errors.tournaments.not_enough_judges'])
    expect((await get(organiser, `/api/tournaments/${small.id}`)).body.rounds).toEqual([])
  })

  it('seats 20 players over 4 rounds evenly at judged tables, takes them there, and ranks them with the tie-breaks', async () => {
    const cup = await create({ name: 'Grand Cup', count: 20 })
    for (const player of players) expect((await post(player, `/api/tournaments/${cup.id}/register`)).status).toBe(200)
    const watcher = await connectSocket(testApp.url, (players[0] as Account).token)
    const judgeSocket = await connectSocket(testApp.url, (judges[0] as Account).token)
    const seatedPlayer = nextEvent(watcher, 'tournaments:seated', 15_000)
    const seatedJudge = nextEvent(judgeSocket, 'tournaments:seated', 15_000)

    const tables: number[][] = []
    const playerIds = players.map((player) => player.id)
    for (let round = 1; round <= 4; round++) {
      const started = await post(organiser, `/api/tournaments/${cup.id}/rounds`)
      expect(started.status).toBe(200)
      const seated = started.body.round as TournamentDetail['rounds'][number]
      expect(seated.number).toBe(round)
      expect(seated.tables).toHaveLength(2)
      expect(seated.resting).toEqual([])
      expect(seated.tables.flatMap((table) => table.players.map((seat) => seat.player.id)).sort((a, b) => a - b)).toEqual([...playerIds].sort((a, b) => a - b))
      for (const table of seated.tables) {
        expect(table.players.map((seat) => seat.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
        expect(judges.map((judge) => judge.id)).toContain(table.judge?.id)
        // The table is a lobby with the tournament's settings, its players in their seats and the judge in the chair.
        const members = await testApp.database.db.selectFrom('lobby_members').select(['user_id', 'role', 'seat']).where('lobby_id', '=', table.lobbyId).execute()
        expect(members.filter((member) => member.role === 'player').sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0)).map((member) => member.user_id)).toEqual(table.players.map((seat) => seat.player.id))
        expect(members.find((member) => member.role === 'judge')?.user_id).toBe(table.judge?.id)
        tables.push(table.players.map((seat) => seat.player.id))
      }
      expect(new Set(seated.tables.map((table) => table.judge?.id)).size).toBe(2)
      if (round === 1) {
        const event = await seatedPlayer
        const mine = seated.tables.find((table) => table.players.some((seat) => seat.player.id === players[0]?.id))
        expect(event).toEqual({ tournamentId: cup.id, round: 1, table: mine?.table, lobbyId: mine?.lobbyId, as: 'player' })
        expect((await seatedJudge).as).toBe('judge')
        // Players still at their live tables: the next round waits for them.
        const busy = await post(organiser, `/api/tournaments/${cup.id}/rounds`)
        expect([busy.status, busy.body.code]).toEqual([409, 'errors.tournaments.player_busy'])
      }
      for (const table of seated.tables) {
        const seats = table.players.map((seat) => seat.player.id)
        if (round === 1 && table.table === 1) {
          // Seat 1 and 2 tie on points and wins; seat 1 has the judge's extra points. Seats 3 and 4
          // tie on those too; seat 3 was shot on the first night. Seat 5 wins once, seat 8 has one extra point.
          await finishTable(
            table.lobbyId,
            seats.map((userId, index) => {
              if (index === 0) return { userId, won: true, points: 1.4, extra: 0.4 }
              if (index === 1) return { userId, won: true, points: 1.4, bestMove: 0.4 }
              if (index === 2 || index === 3 || index === 4) return { userId, won: true, points: 1 }
              if (index === 7) return { userId, won: false, points: 1, extra: 1 }
              return { userId, won: false, points: 0 }
            }),
            [seats[2] as number],
          )
        } else await finishTable(table.lobbyId, seats.map((userId) => ({ userId, won: false, points: 0 })))
      }
    }

    const evenness = evennessOf(playerIds, { tables, resting: [] })
    console.info('[tournament] 20 players, 4 rounds:', JSON.stringify(evenness))
    const squared = Object.entries(evenness.pairMeetings.histogram).reduce((sum, [times, pairs]) => sum + Number(times) ** 2 * pairs, 0)
    // The least any four two-table splits of twenty allow (see the seating's unit test).
    expect(squared).toBe(840)
    expect(evenness.seats.maxSameSeat).toBe(1)

    const detail = (await get(players[5] as Account, `/api/tournaments/${cup.id}`)).body as TournamentDetail
    expect(detail.rounds).toHaveLength(4)
    expect(detail.tournament).toMatchObject({ rounds: 4, registered: 20, isRegistered: true })
    const firstTable = detail.rounds[0]?.tables.find((table) => table.table === 1)?.players.map((seat) => seat.player.id) as number[]
    const top = detail.standings.slice(0, 6).map((standing) => [standing.player.id, standing.rank, standing.points, standing.wins, standing.extra, standing.firstNightKills])
    // Seats 4 and 5 are equal on everything: they share fourth place (in the order of their ids).
    const equal = [firstTable[3], firstTable[4]].sort((a, b) => (a as number) - (b as number))
    expect(top).toEqual([
      [firstTable[0], 1, 1.4, 1, 0.4, 0],
      [firstTable[1], 2, 1.4, 1, 0, 0],
      [firstTable[2], 3, 1, 1, 0, 1],
      [equal[0], 4, 1, 1, 0, 0],
      [equal[1], 4, 1, 1, 0, 0],
      [firstTable[7], 6, 1, 0, 1, 0],
    ])
    expect(detail.standings).toHaveLength(20)
    expect(detail.standings.every((standing) => standing.games === 4)).toBe(true)

    // The tournament's own ladder rates its games.
    await testApp.app.ratings.service.rateWaiting()
    const ladder = await sql<{ games: number }>`select games from rating_entries where ladder_id = ${detail.ladderId}`.execute(testApp.database.db)
    expect(ladder.rows.map((row) => row.games)).toEqual(Array.from({ length: 20 }, () => 4))
    expect((await get(organiser, `/api/ratings/${detail.ladderId}`)).status).toBe(200)
  })

  it('pushes the progress to the page’s watchers as a round is seated, its game starts and ends, and points change', async () => {
    const cup = await create({ name: 'Live Cup' })
    for (const player of players.slice(0, 10)) expect((await post(player, `/api/tournaments/${cup.id}/register`)).status).toBe(200)
    const watcher = await connectSocket(testApp.url, outsider.token)
    const other = await connectSocket(testApp.url, moderator.token)

    // Bad input is refused, and an unknown tournament is watched by nobody.
    expect(await rawRequest(watcher, 'tournaments:watch', { id: 2_000_000_000 })).toEqual({ error: 'errors.not_found' })
    expect(await rawRequest(watcher, 'tournaments:watch', { id: 'one' })).toMatchObject({ error: 'errors.invalid_value', field: 'id' })
    expect(await rawRequest(watcher, 'tournaments:watch', {})).toMatchObject({ error: 'errors.required', field: 'id' })
    expect(await rawRequest(watcher, 'tournaments:watch', { id: cup.id, extra: 1 })).toMatchObject({ error: 'errors.unknown_field' })
    const anonymous = await connectSocket(testApp.url)
    expect(await rawRequest(anonymous, 'tournaments:watch', { id: cup.id })).toEqual({ error: 'errors.unauthorized' })

    // Watching answers the progress now: ten players, no round, everyone at nought.
    const now = await requestResult(watcher, 'tournaments:watch', { id: cup.id })
    expect(now.players).toHaveLength(10)
    expect(now.rounds).toEqual([])
    expect(now.standings.map((standing) => standing.points)).toEqual(Array.from({ length: 10 }, () => 0))
    await requestResult(other, 'tournaments:watch', { id: cup.id })

    const next = (socket: TestSocket) => nextEvent(socket, 'tournaments:updated', 10_000) as Promise<TournamentProgress>
    const seatedPush = pushShowing(watcher, (progress) => firstTable(progress) !== undefined)
    const started = await post(organiser, `/api/tournaments/${cup.id}/rounds`)
    expect(started.status).toBe(200)
    const seated = await seatedPush
    expect(seated.tournamentId).toBe(cup.id)
    expect(seated.rounds).toHaveLength(1)
    const table = seated.rounds[0]?.tables[0] as TournamentDetail['rounds'][number]['tables'][number]
    expect(table.status).toBe('open')
    expect(table.players.map((seat) => seat.player.id).sort((a, b) => a - b)).toEqual(players.slice(0, 10).map((player) => player.id).sort((a, b) => a - b))

    // The table's judge runs its game: each step reaches the watchers with the table and the standings as they now stand.
    const judge = judges.find((account) => account.id === table.judge?.id) as Account
    const judgeSocket = await connectSocket(testApp.url, judge.token)
    const command = async (body: Record<string, unknown>) => expect(await ask(judgeSocket, 'mafia:game:command', { id: table.lobbyId, command: body as never })).toMatchObject({ seq: expect.any(Number) })

    let push = pushShowing(watcher, (progress) => firstTable(progress)?.status === 'running')
    await command({ type: 'start' })
    await push

    push = pushShowing(watcher, (progress) => firstTable(progress)?.status === 'ended')
    await command({ type: 'end_game', outcome: 'red' })
    const ended = await push
    const winners = ended.standings.filter((standing) => standing.wins === 1)
    expect(winners.length).toBeGreaterThan(0)
    expect(winners.every((standing) => standing.points > 0 && standing.games === 1)).toBe(true)

    // The judge's extra points move the first seat's standing.
    const firstSeat = table.players.find((seat) => seat.seat === 1)?.player.id
    const before = ended.standings.find((standing) => standing.player.id === firstSeat)
    push = pushShowing(watcher, (progress) => progress.standings.some((standing) => standing.player.id === firstSeat && standing.extra !== 0))
    await command({ type: 'award_points', seat: 1, points: 0.5, reason: 'Led the table' })
    const awarded = (await push).standings.find((standing) => standing.player.id === firstSeat)
    expect(awarded?.extra).toBe(0.5)
    expect(awarded?.points).toBeCloseTo((before?.points ?? 0) + 0.5, 5)

    // A page that closed hears nothing more; one still open does.
    expect(await ask(watcher, 'tournaments:unwatch', { id: cup.id })).toEqual({ ok: true })
    const stillOpen = next(other)
    const unwatched = arrives(watcher, 'tournaments:updated', 1500)
    await command({ type: 'finalise' })
    expect((await stillOpen).tournamentId).toBe(cup.id)
    expect(await unwatched).toBe(false)
  })

  /** A cup of players 11–20 with its first round seated, watched by an outsider who has seen the round's open table. */
  async function firstRoundWatched(name: string) {
    const cup = await create({ name })
    for (const player of players.slice(10, 20)) expect((await post(player, `/api/tournaments/${cup.id}/register`)).status).toBe(200)
    const watcher = await connectSocket(testApp.url, outsider.token)
    await requestResult(watcher, 'tournaments:watch', { id: cup.id })
    const seatedPush = pushShowing(watcher, (progress) => firstTable(progress)?.status === 'open')
    expect((await post(organiser, `/api/tournaments/${cup.id}/rounds`)).status).toBe(200)
    const table = firstTable(await seatedPush) as TournamentDetail['rounds'][number]['tables'][number]
    return { cup, watcher, table }
  }

  it('pushes a round’s table that an admin disbands to the page’s watchers', async () => {
    const { cup, watcher, table } = await firstRoundWatched('Disbanded Cup')

    // No game event marks a disband: the watchers hear of it all the same, without a reload.
    const disbandedPush = pushShowing(watcher, (progress) => firstTable(progress)?.status === 'disbanded')
    expect((await post(admin, '/api/admin/lobby/disband', { id: table.lobbyId, reason: 'The judge fell ill' })).status).toBe(200)
    const disbanded = await disbandedPush
    expect(disbanded.tournamentId).toBe(cup.id)
    expect(disbanded.rounds[0]?.tables).toHaveLength(1)
  })

  it('pushes a round’s table that its last player leaves before the deal to the page’s watchers', async () => {
    const { cup, watcher, table } = await firstRoundWatched('Walked-out Cup')

    // Everyone at the table leaves before the deal: the table closes, and the watchers hear of it.
    const members = await sql<{ user_id: number }>`select user_id from lobby_members where lobby_id = ${table.lobbyId} and role <> 'spectator'`.execute(testApp.database.db)
    const accounts = [...players, ...judges, organiser]
    const closedPush = pushShowing(watcher, (progress) => firstTable(progress)?.status === 'disbanded')
    for (const member of members.rows) {
      const socket = await connectSocket(testApp.url, (accounts.find((one) => one.id === member.user_id) as Account).token)
      expect((await requestResult(socket, 'mafia:lobby:in'))?.id).toBe(table.lobbyId)
      socket.emit('mafia:lobby:leave')
    }
    expect((await closedPush).tournamentId).toBe(cup.id)
  })

  it('admins list, edit and delete tournaments on the same model, with the audit trail', async () => {
    expect((await get(organiser, '/api/admin/tournaments')).status).toBe(403)
    const page = await get(admin, '/api/admin/tournaments?page=1&limit=2')
    expect(page.status).toBe(200)
    expect(page.body.items).toHaveLength(2)
    const total = page.body.total as number
    expect(total).toBe(await countTournaments())

    const created = await request(testApp.url, 'POST', '/api/admin/tournaments', { token: admin.token, form: form(settings({ name: 'Admin Open', organizationId: otherOrganizationId })) })
    expect(created.status).toBe(200)
    const id = created.body.tournament.id as number
    const patched = await request(testApp.url, 'PATCH', `/api/admin/tournaments/${id}`, { token: admin.token, form: form(settings({ name: 'Admin Open II', organizationId: otherOrganizationId, is_archive: true })) })
    expect(patched.body.tournament).toMatchObject({ name: 'Admin Open II', is_archive: true })
    // Archived ones leave the public schedule, and show when asked for.
    expect((await post(organiser, '/api/tournaments/schedule', { search: 'Admin Open' })).body.total).toBe(0)
    expect((await post(organiser, '/api/tournaments/schedule', { search: 'Admin Open', archived: true })).body.total).toBe(1)
    const badPatch = await request(testApp.url, 'PATCH', `/api/admin/tournaments/${id}`, { token: admin.token, form: form(settings({ date_end: day(1) })) })
    expect(badPatch.body.code).toBe('errors.tournaments.end_before_start')
    expect((await request(testApp.url, 'DELETE', `/api/admin/tournaments/${id}`, { token: organiser.token })).status).toBe(403)
    expect((await request(testApp.url, 'DELETE', `/api/admin/tournaments/${id}`, { token: admin.token })).status).toBe(200)
    expect((await get(admin, `/api/tournaments/${id}`)).status).toBe(404)
    expect((await request(testApp.url, 'DELETE', `/api/admin/tournaments/${id}`, { token: admin.token })).status).toBe(404)
    const audit = await sql<{ action: string }>`select action from admin_audit where target_type = 'tournament' and target_id = ${String(id)} order by id`.execute(testApp.database.db)
    expect(audit.rows.map((row) => row.action)).toEqual(['tournament.create', 'tournament.update', 'tournament.delete'])
  })
})

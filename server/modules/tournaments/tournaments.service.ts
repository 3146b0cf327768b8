import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { LRUCache } from 'lru-cache'
import { Compile } from 'typebox/compile'
import { Role } from '../../contract/http/auth'
import {
  TournamentLobbySettingsInput,
  TournamentSettingsInput,
  tournamentLimits,
  type ScheduleFilter,
  type Tournament,
  type TournamentDetail,
  type TournamentDraft,
  type TournamentPerson,
  type TournamentRound,
} from '../../contract/http/tournaments'
import type { TournamentProgress, TournamentSeated } from '../../contract/socket/tournaments'
import { defaultLobbySettings, type DeckId, type LobbySettings } from '../../contract/game'
import { AppError, badRequest, notFound } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import { randomToken } from '../../lib/ids'
import type { Viewer } from '../../plugins/auth'
import { detectImageType, reencodeImage } from '../auth'
import { deckLayout } from '../game'
import type { LobbiesModule } from '../lobbies'
import { seatRound } from './seating'
import { standingsOf } from './standings'
import type { PersonRow, TournamentRow, TournamentsRepository, TournamentWrite } from './tournaments.repository'
import { isTimeZone, zonedInstant } from './zoned-time'

/** The settings' defaults of spec section 3 (the timezone is the organiser's). */
export const tournamentDefaults = { count: 10, price: 0, currency: 'USD', deckId: 1, type: 0 } as const

const checkSettings = Compile(TournamentSettingsInput)
const checkLobbySettings = Compile(TournamentLobbySettingsInput)

/** What an organiser sends: the two JSON fields and the image files, not yet checked. */
export interface TournamentForm {
  tournamentSettings: unknown
  lobbySettings: unknown
  images: Buffer[]
}

const decks = (): { id: number; seats: number }[] =>
  ([1, 2] as DeckId[]).map((id) => {
    for (let seats = 1; seats <= 12; seats++) if (deckLayout(id, seats)) return { id, seats }
    return { id, seats: 10 }
  })

const tableSizeOf = (deckId: number) => decks().find((deck) => deck.id === deckId)?.seats ?? 10

const isStaff = (viewer: Viewer) => viewer.user.role_id === Role.admin || viewer.user.role_id === Role.moderator

const tournamentError = (status: number, code: Extract<AppError['code'], `errors.tournaments.${string}`>, field?: string) => new AppError(status, code, field ? { field } : {})

/** Tournament images on disk under `DATA_DIR/uploads/tournaments`, random names, served at `/uploads/tournaments/`. */
function createTournamentImages(uploadsDir: string) {
  const directory = join(uploadsDir, 'tournaments')
  const prefix = '/uploads/tournaments/'
  const own = /^\/uploads\/tournaments\/([A-Za-z0-9_-]{16,64}\.(?:png|jpg|webp))$/
  return {
    /** Checks every file by its bytes and re-encodes it; throws before writing anything when one is refused. */
    async prepare(files: readonly Buffer[]): Promise<{ bytes: Buffer; extension: string }[]> {
      const prepared: { bytes: Buffer; extension: string }[] = []
      for (const file of files) {
        const type = detectImageType(file)
        if (!type) throw new AppError(415, 'errors.file_type', { field: 'images' })
        prepared.push({ bytes: await reencodeImage(file, type), extension: type.extension })
      }
      return prepared
    },
    async write(prepared: readonly { bytes: Buffer; extension: string }[]): Promise<string[]> {
      if (prepared.length === 0) return []
      await mkdir(directory, { recursive: true })
      const paths: string[] = []
      for (const image of prepared) {
        const name = `${randomToken(18)}.${image.extension}`
        await writeFile(join(directory, name), image.bytes, { flag: 'wx' })
        paths.push(`${prefix}${name}`)
      }
      return paths
    },
    async remove(paths: readonly string[]): Promise<void> {
      for (const path of paths) {
        const name = own.exec(path)?.[1]
        if (name) await rm(join(directory, name), { force: true })
      }
    },
  }
}

export interface TournamentsServiceOptions {
  repository: TournamentsRepository
  lobbies: Pick<LobbiesModule, 'seatTournamentTable' | 'membershipOf'>
  clock: Clock
  publicUrl: string
  uploadsDir: string
  /** Tells a seated user to go to their table (a socket event to their sockets on every server). */
  notifySeated(userId: number, payload: TournamentSeated): void
  /** The tournament's players, rounds or standings changed: its watchers hear of it. */
  progressChanged(tournamentId: number): void
  /** Seeds of the seating (tests fix them); by default random. */
  seed?: () => number
}

/**
 * The rules of tournaments: who organises, what a tournament's settings may be, registration,
 * rounds and their seating, and the standings. Every check comes before any write, so a refused
 * call changes nothing.
 */
export function createTournamentsService(options: TournamentsServiceOptions) {
  const { repository, lobbies, clock, publicUrl } = options
  const images = createTournamentImages(options.uploadsDir)
  const seed = options.seed ?? (() => Math.floor(Math.random() * 2 ** 31))

  const person = (people: Map<number, PersonRow>, id: number): TournamentPerson[] => {
    const row = people.get(id)
    return row ? [{ id: row.id, nickname: row.nickname, avatar: row.avatar }] : []
  }

  /** Registration is open: active, not archived, before its end, places left. */
  const registrationOpen = (row: TournamentRow) => row.is_active && !row.is_archive && clock.now() < row.registration_end_date && row.registered < row.count

  async function canOrganize(viewer: Viewer, organizationId: number | null): Promise<boolean> {
    if (isStaff(viewer)) return true
    return organizationId !== null && (await repository.isMember(viewer.user.id, organizationId))
  }

  async function present(rows: TournamentRow[], viewer: Viewer): Promise<Tournament[]> {
    const people = await repository.people(rows.flatMap((row) => [...row.judges, ...row.viewers]))
    const registered = await repository.registeredAmong(
      rows.map((row) => row.id),
      viewer.user.id,
    )
    const organizations = isStaff(viewer) ? null : new Set((await repository.organizationsOf(viewer.user.id)).map((organization) => organization.id))
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      date_start: row.date_start,
      date_end: row.date_end,
      time_start: row.time_start,
      timezone: row.timezone,
      registration_end_date: row.registration_end_date.toISOString(),
      type: row.type,
      language: row.language,
      deckId: row.deck_id,
      organizationId: row.organization_id,
      organization: row.organization,
      registration_link: row.registration_link || `${publicUrl}/tournaments?register=${row.id}`,
      count: row.count,
      price: Number(row.price),
      currency: row.currency,
      image: row.image,
      judges: row.judges.flatMap((id) => person(people, id)),
      viewers: row.viewers.flatMap((id) => person(people, id)),
      is_archive: row.is_archive,
      is_active: row.is_active,
      lobbySettings: { ...defaultLobbySettings, ...(row.lobby_settings as Partial<LobbySettings>) },
      registered: row.registered,
      registrationOpen: registrationOpen(row),
      isRegistered: registered.has(row.id),
      canOrganize: organizations === null || (row.organization_id !== null && organizations.has(row.organization_id)),
      rounds: row.rounds,
    }))
  }

  async function existing(id: number): Promise<TournamentRow> {
    const row = await repository.find(id)
    if (!row) throw notFound()
    return row
  }

  /**
   * The settings checked and completed with their defaults, or a refusal naming the field: the
   * shapes, the dates' order, the organisation, and that every judge and viewer exists.
   */
  async function checkedWrite(viewer: Viewer, form: TournamentForm, previous: TournamentRow | null): Promise<{ values: Omit<TournamentWrite, 'image'>; keep: string[] }> {
    if (!checkSettings.Check(form.tournamentSettings)) throw badRequest('errors.tournaments.bad_settings', fieldOf(checkSettings, form.tournamentSettings, 'tournamentSettings'))
    if (!checkLobbySettings.Check(form.lobbySettings)) throw badRequest('errors.tournaments.bad_settings', fieldOf(checkLobbySettings, form.lobbySettings, 'lobbySettings'))
    const input = form.tournamentSettings
    const name = input.name.trim()
    if (name === '' || name.includes('\u0000')) throw badRequest('errors.required', 'name')
    const timezone = input.timezone ?? previous?.timezone ?? 'UTC'
    if (!isTimeZone(timezone)) throw badRequest('errors.invalid_value', 'timezone')
    if (input.date_end < input.date_start) throw badRequest('errors.tournaments.end_before_start', 'date_end')
    const registrationEnd = new Date(input.registration_end_date)
    if (Number.isNaN(registrationEnd.getTime())) throw badRequest('errors.invalid_value', 'registration_end_date')
    if (registrationEnd > zonedInstant(input.date_start, input.time_start, timezone)) throw badRequest('errors.tournaments.registration_after_start', 'registration_end_date')
    const organizationId = input.organizationId === undefined ? (previous?.organization_id ?? null) : input.organizationId
    if (organizationId !== null && !(await repository.organizationExists(organizationId))) throw tournamentError(404, 'errors.tournaments.unknown_organization', 'organizationId')
    if (organizationId !== (previous?.organization_id ?? null) && !(await canOrganize(viewer, organizationId))) throw tournamentError(403, 'errors.tournaments.not_organizer', 'organizationId')
    const judges = input.judges ?? previous?.judges ?? []
    const viewersList = input.viewers ?? previous?.viewers ?? []
    const known = await repository.existingUsers([...judges, ...viewersList])
    if (judges.some((id) => !known.has(id))) throw tournamentError(400, 'errors.tournaments.unknown_user', 'judges')
    if (viewersList.some((id) => !known.has(id))) throw tournamentError(400, 'errors.tournaments.unknown_user', 'viewers')
    const keep = input.image ?? previous?.image ?? []
    if (keep.some((path) => !(previous?.image ?? []).includes(path))) throw badRequest('errors.invalid_value', 'image')
    const link = (input.registration_link ?? previous?.registration_link ?? '').trim()
    if (link !== '' && !/^https?:\/\/[^\s]+$/.test(link)) throw badRequest('errors.invalid_value', 'registration_link')
    const values: Omit<TournamentWrite, 'image'> = {
      name,
      date_start: input.date_start,
      date_end: input.date_end,
      time_start: input.time_start,
      timezone,
      registration_end_date: registrationEnd,
      type: input.type ?? previous?.type ?? tournamentDefaults.type,
      language: input.language ?? previous?.language ?? [],
      deck_id: input.deckId ?? previous?.deck_id ?? tournamentDefaults.deckId,
      organization_id: organizationId,
      registration_link: link,
      count: input.count ?? previous?.count ?? tournamentDefaults.count,
      price: input.price ?? previous?.price ?? tournamentDefaults.price,
      currency: input.currency ?? previous?.currency ?? tournamentDefaults.currency,
      judges,
      viewers: viewersList,
      is_archive: input.is_archive ?? previous?.is_archive ?? false,
      is_active: input.is_active ?? previous?.is_active ?? true,
      lobby_settings: { ...defaultLobbySettings, ...((previous?.lobby_settings as Partial<LobbySettings> | undefined) ?? {}), ...form.lobbySettings },
    }
    return { values, keep }
  }

  /** Creates (id null) or updates a tournament; `admin` skips the organiser check (the admin routes check the role). */
  async function save(viewer: Viewer, id: number | null, form: TournamentForm): Promise<{ tournament: Tournament; before: TournamentRow | null }> {
    const previous = id === null ? null : await existing(id)
    if (previous ? !(await canOrganize(viewer, previous.organization_id)) : false) throw tournamentError(403, 'errors.tournaments.not_organizer')
    const { values, keep } = await checkedWrite(viewer, form, previous)
    if (!previous && !(await canOrganize(viewer, values.organization_id))) throw tournamentError(403, 'errors.tournaments.not_organizer', 'organizationId')
    if (keep.length + form.images.length > tournamentLimits.imagesMax) throw tournamentError(400, 'errors.tournaments.too_many_images', 'images')
    const prepared = await images.prepare(form.images)
    const written = await images.write(prepared)
    const write: TournamentWrite = { ...values, image: [...keep, ...written] }
    let savedId: number
    try {
      if (previous) {
        await repository.update(previous.id, write)
        savedId = previous.id
      } else savedId = await repository.insert(write, viewer.user.id)
    } catch (error) {
      await images.remove(written)
      throw error
    }
    if (previous) await images.remove(previous.image.filter((path) => !keep.includes(path)))
    const [tournament] = await present([await existing(savedId)], viewer)
    return { tournament: tournament as Tournament, before: previous }
  }

  async function roundsOf(row: TournamentRow): Promise<TournamentRound[]> {
    const [rounds, tables] = await Promise.all([repository.rounds(row.id), repository.tables(row.id)])
    const people = await repository.people([...tables.flatMap((table) => [...table.players, ...(table.judge_id === null ? [] : [table.judge_id])]), ...rounds.flatMap((round) => round.resting)])
    return rounds.map((round) => ({
      number: round.number,
      startedAt: new Date(round.started_at).toISOString(),
      resting: round.resting.flatMap((id) => person(people, id)),
      tables: tables
        .filter((table) => table.round === round.number)
        .map((table) => ({
          lobbyId: table.lobby_id,
          table: table.table_number,
          status: table.status,
          judge: table.judge_id === null ? null : (person(people, table.judge_id)[0] ?? null),
          players: table.players.flatMap((id, index) => person(people, id).map((player) => ({ seat: index + 1, player }))),
        })),
    }))
  }

  async function progressOf(row: TournamentRow): Promise<TournamentProgress> {
    const [playerIds, rounds, results] = await Promise.all([repository.players(row.id), roundsOf(row), repository.results(row.id)])
    const standings = standingsOf(
      results.map((result) => ({ userId: result.user_id, won: result.won, points: result.points, extra: result.extra, firstNightKilled: result.first_night_killed })),
      playerIds,
    )
    const people = await repository.people([...playerIds, ...standings.map((standing) => standing.userId)])
    return {
      tournamentId: row.id,
      players: playerIds.flatMap((userId) => person(people, userId)),
      rounds,
      standings: standings.flatMap((standing) =>
        person(people, standing.userId).map((player) => ({ rank: standing.rank, player, games: standing.games, points: standing.points, wins: standing.wins, extra: standing.extra, firstNightKills: standing.firstNightKills })),
      ),
    }
  }

  /**
   * Which tournament seated a table: asked for every game that starts or ends anywhere, so the
   * answer is kept (tables never change tournament); a round's own tables are known at once.
   */
  const tableTournaments = new LRUCache<number, { id: number | null }>({ max: 10_000 })
  async function tournamentOfTable(lobbyId: number): Promise<number | null> {
    const known = tableTournaments.get(lobbyId)
    if (known) return known.id
    const id = await repository.tournamentOfTable(lobbyId)
    tableTournaments.set(lobbyId, { id })
    return id
  }

  return {
    decks: () => ({ items: decks() }),

    /** The organisations the caller may organise for: all of them for moderators and admins, else their own. */
    async organizations(viewer: Viewer) {
      return { items: isStaff(viewer) ? await repository.organizations() : await repository.organizationsOf(viewer.user.id) }
    },

    /** What the create form starts from. */
    async draft(viewer: Viewer, timezone: string | undefined): Promise<TournamentDraft> {
      return {
        tournamentSettings: {
          count: tournamentDefaults.count,
          price: tournamentDefaults.price,
          currency: tournamentDefaults.currency,
          deckId: tournamentDefaults.deckId,
          type: tournamentDefaults.type,
          timezone: timezone && isTimeZone(timezone) ? timezone : 'UTC',
          language: [],
        },
        lobbySettings: defaultLobbySettings,
        decks: decks(),
        organizations: (await this.organizations(viewer)).items,
      }
    },

    /** The coming tournaments (active, not archived), soonest first. */
    async list(viewer: Viewer) {
      const today = clock.now().toISOString().slice(0, 10)
      const page = await repository.list({ archived: false, activeOnly: true, from: today, offset: 0, limit: tournamentLimits.itemsPerPageMax })
      return { items: await present(page.items, viewer), total: page.total }
    },

    /** The schedule with its filter. */
    async schedule(viewer: Viewer, filter: ScheduleFilter) {
      const limit = filter.itemsPerPage ?? tournamentLimits.itemsPerPageDefault
      const search = filter.search?.trim()
      const page = await repository.list({
        ...(filter.type === undefined ? {} : { type: filter.type }),
        ...(filter.language === undefined ? {} : { language: filter.language }),
        ...(filter.from === undefined ? {} : { from: filter.from }),
        ...(filter.to === undefined ? {} : { to: filter.to }),
        ...(search ? { search } : {}),
        ...(filter.organizationId === undefined ? {} : { organizationId: filter.organizationId }),
        archived: filter.archived ?? false,
        activeOnly: true,
        offset: ((filter.page ?? 1) - 1) * limit,
        limit,
      })
      return { items: await present(page.items, viewer), total: page.total }
    },

    /** The admin panel's page of every tournament (archived and inactive ones too). */
    async adminPage(viewer: Viewer, query: { page?: number; limit?: number; search?: string }) {
      const limit = query.limit ?? tournamentLimits.itemsPerPageDefault
      const search = query.search?.trim()
      const page = await repository.list({ ...(search ? { search } : {}), activeOnly: false, offset: ((query.page ?? 1) - 1) * limit, limit })
      return { items: await present(page.items, viewer), total: page.total }
    },

    save,

    async remove(id: number): Promise<TournamentRow> {
      const row = await existing(id)
      await repository.remove(id)
      await images.remove(row.image)
      return row
    },

    async detail(viewer: Viewer, id: number): Promise<TournamentDetail> {
      const row = await existing(id)
      const [[tournament], now] = await Promise.all([present([row], viewer), progressOf(row)])
      return { tournament: tournament as Tournament, players: now.players, rounds: now.rounds, standings: now.standings, ladderId: `tournament-${id}` }
    },

    /** What every watcher of the tournament sees: players, rounds and standings (an unknown id is refused). */
    async progress(id: number): Promise<TournamentProgress> {
      return progressOf(await existing(id))
    },

    /** The tournament whose round seated this table, or null for any other table. */
    tournamentOfTable,

    /** Registers the caller: once, while registration is open and places are left. */
    async register(viewer: Viewer, id: number): Promise<Tournament> {
      const row = await existing(id)
      if (await repository.isRegistered(id, viewer.user.id)) throw tournamentError(409, 'errors.tournaments.already_registered')
      if (!registrationOpen(row)) throw tournamentError(409, 'errors.tournaments.registration_closed')
      if (!(await repository.register(id, viewer.user.id))) throw tournamentError(409, 'errors.tournaments.already_registered')
      options.progressChanged(id)
      const [tournament] = await present([await existing(id)], viewer)
      return tournament as Tournament
    },

    /**
     * Starts the next round: the registered players seated so they meet as evenly as possible and
     * change seats, each table created with the tournament's lobby settings and a judge from its
     * list, and every seated player (and judge) sent to their table.
     */
    async startRound(viewer: Viewer, id: number): Promise<TournamentRound> {
      const row = await existing(id)
      if (!(await canOrganize(viewer, row.organization_id))) throw tournamentError(403, 'errors.tournaments.not_organizer')
      const settings: LobbySettings = { ...defaultLobbySettings, ...(row.lobby_settings as Partial<LobbySettings>) }
      const tableSize = tableSizeOf(row.deck_id)
      const players = await repository.players(id)
      if (players.length < tableSize) throw tournamentError(409, 'errors.tournaments.too_few_players')
      const tableCount = Math.floor(players.length / tableSize)
      const playing = new Set(players)
      const judges = settings.judge ? row.judges.filter((judge) => !playing.has(judge)) : []
      if (settings.judge && judges.length < tableCount) throw tournamentError(409, 'errors.tournaments.not_enough_judges')
      const [rounds, tables] = await Promise.all([repository.rounds(id), repository.tables(id)])
      const seating = seatRound(players, tableSize, { tables: tables.map((table) => table.players), resting: rounds.map((round) => round.resting) }, seed())
      const number = rounds.length + 1
      // Judges take turns: each round starts one further down the list.
      const judgeOf = (table: number) => (settings.judge ? (judges[(number - 1 + table) % judges.length] as number) : null)
      const seatedUsers = [...seating.tables.flat(), ...seating.tables.map((_, index) => judgeOf(index)).filter((judge): judge is number => judge !== null)]
      for (const userId of seatedUsers) {
        const membership = await lobbies.membershipOf(userId)
        if (membership && (membership.lobby.status === 'open' || membership.lobby.status === 'running') && membership.role !== 'spectator') throw tournamentError(409, 'errors.tournaments.player_busy')
      }
      try {
        await repository.addRound(id, number, seating.resting)
      } catch (error) {
        // Another start of the same round got there first.
        if ((error as { code?: unknown }).code === '23505') throw tournamentError(409, 'errors.tournaments.player_busy')
        throw error
      }
      const language = row.language[0] ?? 'en'
      let created = 0
      try {
        for (const [index, table] of seating.tables.entries()) {
          const judge = judgeOf(index)
          const lobbyId = await lobbies.seatTournamentTable({ name: `${row.name} · ${number}.${index + 1}`, language, deckId: row.deck_id as DeckId, settings, players: table, judge })
          created += 1
          await repository.addTable({ lobby_id: lobbyId, tournament_id: id, round: number, table_number: index + 1, players: table, judge_id: judge })
          tableTournaments.set(lobbyId, { id })
          const at = { tournamentId: id, round: number, table: index + 1, lobbyId }
          for (const userId of table) options.notifySeated(userId, { ...at, as: 'player' })
          if (judge !== null) options.notifySeated(judge, { ...at, as: 'judge' })
        }
      } catch (error) {
        // Nobody was seated yet (someone sat down elsewhere meanwhile): the round is not started.
        if (created === 0) await repository.removeRound(id, number)
        else options.progressChanged(id)
        if (error instanceof AppError && error.code === 'errors.lobby.already_in_lobby') throw tournamentError(409, 'errors.tournaments.player_busy')
        throw error
      }
      options.progressChanged(id)
      const round = (await roundsOf(row)).find((item) => item.number === number)
      return round as TournamentRound
    },
  }
}

/** The field a refused JSON field names: its first error's path, under the multipart field's name. */
function fieldOf(check: { Errors(value: unknown): Iterable<{ instancePath?: string; path?: string }> }, value: unknown, field: string): string {
  for (const error of check.Errors(value)) {
    const path = (error.instancePath ?? error.path ?? '').replace(/^\//, '').split('/')[0]
    return path ? path : field
  }
  return field
}

export type TournamentsService = ReturnType<typeof createTournamentsService>

import { Type, type Static } from 'typebox'
import { DeckId, LobbySettings, phases } from '../game'
import type { Phase } from '../game'
import { TableSnapshotSchema } from './game'
import { Done, Id, NoPayload, UserCard, type RequestEvents, type RequestMap } from './common'

/** Where a table stands: seats being taken, the game on, the game over, closed by an admin. */
export const LobbyStatus = Type.Union([Type.Literal('open'), Type.Literal('running'), Type.Literal('ended'), Type.Literal('disbanded')])
export type LobbyStatus = Static<typeof LobbyStatus>

/** How a user is at a table. */
export const LobbyRole = Type.Union([Type.Literal('player'), Type.Literal('judge'), Type.Literal('spectator')])
export type LobbyRole = Static<typeof LobbyRole>

/** A seated player as the lobby shows them. */
export const LobbySeat = Type.Object({ seat: Type.Integer({ minimum: 1 }), user: UserCard })
export type LobbySeat = Static<typeof LobbySeat>

/**
 * Where a running game stands, as anyone may know it (the list and /watch show it): the phase,
 * which is public (night steps too: every viewer sees which role is awake), the day and the night.
 */
export const LobbyStage = Type.Object({
  phase: Type.Unsafe<Phase>(Type.Union(phases.map((phase) => Type.Literal(phase)))),
  day: Type.Integer({ minimum: 0 }),
  night: Type.Integer({ minimum: 0 }),
})
export type LobbyStage = Static<typeof LobbyStage>

/** A table as the list shows it: its settings, who sits, the judge and how many watch. */
export const LobbySummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  language: Type.String(),
  deckId: DeckId,
  settings: LobbySettings,
  /** custom: created by a user; ladder: seated by the matchmaking queue (no judge). */
  kind: Type.Union([Type.Literal('custom'), Type.Literal('ladder')]),
  status: LobbyStatus,
  /** Seats of the table (the deck's table size). */
  seatCount: Type.Integer(),
  players: Type.Array(LobbySeat),
  judge: Type.Union([UserCard, Type.Null()]),
  spectators: Type.Integer({ minimum: 0 }),
  /** Where the game stands while it runs; null before the deal and after the end. */
  stage: Type.Union([LobbyStage, Type.Null()]),
  createdAt: Type.String(),
})
export type LobbySummary = Static<typeof LobbySummary>

/**
 * The viewer's current lobby: the table, how the viewer is at it, and the game as this viewer may
 * see it (null before the deal is started). `member` is true for everyone at the table.
 */
export const Lobby = Type.Object({
  id: Type.Integer(),
  member: Type.Boolean(),
  as: LobbyRole,
  lobby: LobbySummary,
  /** The game as this viewer may see it, at a position of their stream; null while seats are being taken. */
  game: Type.Union([TableSnapshotSchema, Type.Null()]),
})
export type Lobby = Static<typeof Lobby>

/** A new table. Settings not given take the spec's defaults (judge true, everything else false, votingType 0). */
export const LobbyCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 60 }),
    language: Type.String({ minLength: 2, maxLength: 8 }),
    deckId: Type.Optional(DeckId),
    settings: Type.Optional(Type.Partial(LobbySettings, { additionalProperties: false })),
    /** How the creator sits down: as a player (default) or, at a judged table, as its judge. */
    as: Type.Optional(Type.Union([Type.Literal('player'), Type.Literal('judge')])),
  },
  { additionalProperties: false },
)
export type LobbyCreate = Static<typeof LobbyCreate>

export const LobbyTarget = Type.Object({ id: Id }, { additionalProperties: false })
export type LobbyTarget = Static<typeof LobbyTarget>

/** The ladder queue: how many wait, or the table the search found. */
export const LadderSearch = Type.Union([
  Type.Object({ status: Type.Literal('searching'), waiting: Type.Integer({ minimum: 1 }), needed: Type.Integer({ minimum: 1 }) }),
  Type.Object({ status: Type.Literal('seated'), lobby: Lobby }),
])
export type LadderSearch = Static<typeof LadderSearch>

/** The lobby requests. Each answers through its ack; `mafia:lobby:leave` has none. */
export const lobbiesRequests = {
  /** Is the viewer at a table? The lobby, or null. */
  'mafia:lobby:in': { payload: NoPayload, result: Type.Union([Lobby, Type.Null()]) },
  /** Open and running tables; the socket also joins the `lobbies` room for live updates. */
  'mafia:lobby:list': { payload: NoPayload, result: Type.Array(LobbySummary) },
  'mafia:create:lobby': { payload: LobbyCreate, result: Lobby },
  /** Take a seat (admins may always come in: at a full or running table they watch). */
  'mafia:join:lobby': { payload: LobbyTarget, result: Lobby },
  'mafia:watch:lobby': { payload: LobbyTarget, result: Lobby },
  /** The viewer's current view of a table they are at. */
  'mafia:load:lobby': { payload: LobbyTarget, result: Lobby },
  /** Take the judge's seat. */
  'mafia:moderate:lobby': { payload: LobbyTarget, result: Lobby },
  /** Admins only: closes a table for everyone. */
  'mafia:disband:lobby': { payload: LobbyTarget, result: Done },
  /** Joins the ladder queue; ten waiting players are seated at a new table without a judge. */
  'ladder:search:start': { payload: NoPayload, result: LadderSearch },
  'ladder:search:cancel': { payload: NoPayload, result: Done },
} as const satisfies RequestMap

export type LobbiesRequestEvents = RequestEvents<typeof lobbiesRequests>

export interface LobbiesClientEvents extends LobbiesRequestEvents {
  /** Leaves the current table (no ack). A seated player cannot leave a running game; spectators and the finished always can. */
  'mafia:lobby:leave': () => void
}

/** Lobby events the server pushes. */
export interface LobbiesServerEvents {
  /** To the `lobbies` room (sockets that asked for the list): a new table. */
  'mafia:lobby:listed': (payload: LobbySummary) => void
  /** To the `lobbies` room and to everyone at the table: a table changed (seats, judge, spectators, status). */
  'mafia:lobby:updated': (payload: LobbySummary) => void
  /**
   * To the `lobbies` room: a running table's game reached a new phase, day or night (never for each
   * speech or vote). Only the stage: the rest of the summary the list holds has not changed.
   */
  'mafia:lobby:stage': (payload: { id: number; stage: LobbyStage }) => void
  /** To the `lobbies` room and to everyone at the table: a table is gone from the list (ended or disbanded). */
  'mafia:lobby:removed': (payload: { id: number; status: LobbyStatus }) => void
  /** To each of the ten: the ladder queue seated them at this table. */
  'ladder:matched': (payload: Lobby) => void
}

import type { GameActions, GameView, JudgeActions, PlayerActions, RoleName, SeatView } from '../../../../server/contract/game'
import { defaultLobbySettings } from '../../../../server/contract/game'
import type { TableSnapshot } from '../../../../server/contract/socket/game'
import type { Lobby, LobbySummary } from '../../../../server/contract/socket/lobbies'

export const card = (id: number) => ({ id, nickname: `Player ${id}`, officialNickname: null, avatar: null, isPremium: false })

export function summary(id: number, overrides: Partial<LobbySummary> = {}): LobbySummary {
  return {
    id,
    name: `Table ${id}`,
    language: 'en',
    deckId: 1,
    settings: { ...defaultLobbySettings },
    kind: 'custom',
    status: 'open',
    seatCount: 10,
    players: [{ seat: 1, user: card(100 + id) }],
    judge: null,
    spectators: 0,
    stage: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

const deal: RoleName[] = ['Civil', 'Don', 'Civil', 'Mafia', 'Sheriff', 'Civil', 'Mafia', 'Civil', 'Civil', 'Civil']

export function seats(roles: (RoleName | null)[] = deal.map(() => null)): SeatView[] {
  return roles.map((role, index) => ({
    seat: index + 1,
    user: 200 + index,
    atTable: true,
    left: null,
    fouls: 0,
    losesNextSpeech: false,
    connected: true,
    role,
    team: role === null ? null : role === 'Don' || role === 'Mafia' ? 'black' : 'red',
  }))
}

/** A player who may do nothing now; override what the test needs. */
export function playerActions(overrides: Partial<PlayerActions> = {}): PlayerActions {
  return { endSpeech: false, nominate: [], vote: [], liftVote: false, night: null, bestMove: [], ...overrides }
}

/** A judge who may do nothing now; override what the test needs. */
export function judgeActions(overrides: Partial<JudgeActions> = {}): JudgeActions {
  return {
    next: false,
    confirmNomination: false,
    rejectNomination: false,
    pause: false,
    resume: false,
    extendTimer: false,
    resetTimer: false,
    upcoming: null,
    foul: [],
    disqualify: [],
    microphone: [],
    awardPoints: [],
    teamLoss: false,
    endGame: false,
    finalise: false,
    ...overrides,
  }
}

/**
 * A day-1 view from seat `seat` (0 for the judge, -1 for a spectator). Its actions are whatever the
 * test gives: the renderer draws them and works none out.
 */
export function view(overrides: Partial<GameView> = {}, seat = 1): GameView {
  const viewer: GameView['viewer'] = seat > 0 ? { kind: 'player', seat } : seat === 0 ? { kind: 'judge' } : { kind: 'spectator' }
  const roles = seat === 0 ? deal : deal.map((role, index) => (index + 1 === seat ? role : null))
  const own = seat > 0 ? (deal[seat - 1] as RoleName) : null
  return {
    viewer,
    deckId: 1,
    settings: { ...defaultLobbySettings },
    judge: 1,
    phase: 'day_speech',
    day: 1,
    night: 0,
    deadline: Date.now() + 60_000,
    paused: false,
    remaining: null,
    timeUp: false,
    speaker: 1,
    speech: 'day',
    nightStep: null,
    seats: seats(roles),
    nominations: [],
    pendingNomination: null,
    tie: null,
    voting: null,
    voteRecords: [],
    nightResults: [],
    bestMoves: [],
    microphones: [1],
    cameras: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    you: seat > 0 ? { seat, role: own, team: own === 'Don' || own === 'Mafia' ? 'black' : 'red', partners: [] } : null,
    nightActions: [],
    awards: seat === 0 ? [] : null,
    result: null,
    actions: { player: seat > 0 ? playerActions() : null, judge: seat === 0 ? judgeActions() : null } satisfies GameActions,
    ...overrides,
  }
}

/** A view at a position of a stream (`s1` unless told). */
export function snapshot(game: GameView, seq = 10, stream = 's1'): TableSnapshot {
  return { stream, seq, view: game, log: [] }
}

export function lobby(id: number, game: GameView | TableSnapshot | null = null, as: Lobby['as'] = 'player', member = true): Lobby {
  const held = game === null ? null : 'view' in game ? game : snapshot(game)
  return { id, member, as, lobby: summary(id, { status: held ? 'running' : 'open' }), game: held }
}

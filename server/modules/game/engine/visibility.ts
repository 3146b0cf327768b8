import type {
  GameEvent,
  GameView,
  NightActionView,
  RoleName,
  SeatView,
  Viewer,
  VisibleGameEvent,
  VoteRecordView,
  VotingView,
  YouView,
} from '../../../contract/game'
import { mapPacked } from './arrays'
import { actionsFor } from './actions'
import { teamOf } from './decks'
import { camerasFor, openMicrophones } from './media'
import { gameResult } from './points'
import { isBlackSeat, type GameState, type NightActionRecord, type VoteRecord } from './state'
import { liftVotesNeeded, liftYesVotes } from './voting'

/*
 * Who sees what. A player: their own role, black players also their partners, their own night
 * actions and check answers (black players see their partners' shots too). The judge: everything.
 * Spectators: what is public. Votes show who voted for whom only with `openUp`. When the game
 * ends everyone sees everything. Nothing here ever hands a viewer a secret to filter later.
 */

/** The judge, and everyone once the game has ended. */
function seesEverything(state: GameState, viewer: Viewer): boolean {
  return viewer.kind === 'judge' || state.phase === 'ended'
}

function playerSeat(state: GameState, viewer: Viewer): number | null {
  return viewer.kind === 'player' && viewer.seat >= 1 && viewer.seat <= state.seats.length ? viewer.seat : null
}

/** Whether this viewer may know the role at this seat. */
export function seesRole(state: GameState, viewer: Viewer, seat: number): boolean {
  if (seesEverything(state, viewer)) return true
  const own = playerSeat(state, viewer)
  if (own === null) return false
  return own === seat || (isBlackSeat(state, own) && isBlackSeat(state, seat))
}

function seesNightAction(state: GameState, viewer: Viewer, action: Pick<NightActionRecord, 'seat' | 'step'>): boolean {
  if (seesEverything(state, viewer)) return true
  const own = playerSeat(state, viewer)
  if (own === null) return false
  return action.seat === own || (action.step === 'shooting' && isBlackSeat(state, own))
}

/** Whether this viewer may see who cast this vote. */
function seesVoter(state: GameState, viewer: Viewer, voter: number): boolean {
  return state.settings.openUp || seesEverything(state, viewer) || playerSeat(state, viewer) === voter
}

function seesAllVoters(state: GameState, viewer: Viewer): boolean {
  return state.settings.openUp || seesEverything(state, viewer)
}

/** What one viewer may know, worked out once per view. */
interface Sight {
  readonly everything: boolean
  readonly own: number | null
  readonly ownIsBlack: boolean
  readonly allVoters: boolean
}

/** Every sight there is, made once each (a few dozen): views are built for every viewer after every move. */
const sights: Sight[] = []

function sightOf(state: GameState, viewer: Viewer): Sight {
  const own = playerSeat(state, viewer)
  const everything = seesEverything(state, viewer)
  const ownIsBlack = own !== null && isBlackSeat(state, own)
  const allVoters = seesAllVoters(state, viewer)
  const code = ((own ?? 0) << 3) | (everything ? 1 : 0) | (ownIsBlack ? 2 : 0) | (allVoters ? 4 : 0)
  return (sights[code] ??= Object.freeze({ everything, own, ownIsBlack, allVoters }))
}

/**
 * Views share one public part per immutable piece of state (the seats array, a vote stage), worked
 * out once and kept in weak maps: every viewer of every version asks for the same public facts, and
 * only their own details differ. The cache never changes an answer, so viewFor stays pure.
 */
const publicSeatsCache = new WeakMap<GameState['seats'], readonly SeatView[]>()

function publicSeatOf(player: GameState['seats'][number]): SeatView {
  return {
    seat: player.seat,
    user: player.user,
    atTable: player.left === null,
    left: player.left,
    fouls: player.fouls,
    losesNextSpeech: player.losesNextSpeech,
    connected: player.connected,
    role: null,
    team: null,
  }
}

function publicSeats(state: GameState): readonly SeatView[] {
  let seats = publicSeatsCache.get(state.seats)
  if (!seats) {
    seats = mapPacked(state.seats, publicSeatOf)
    publicSeatsCache.set(state.seats, seats)
  }
  return seats
}

function withRole(seat: SeatView, role: RoleName): SeatView {
  return {
    seat: seat.seat,
    user: seat.user,
    atTable: seat.atTable,
    left: seat.left,
    fouls: seat.fouls,
    losesNextSpeech: seat.losesNextSpeech,
    connected: seat.connected,
    role,
    team: teamOf(role),
  }
}

/**
 * A viewer's answers that depend on one immutable piece of state and on who they are (their seat,
 * whether they see everything), kept per piece: the same piece asked again after a move that did not
 * change it gives the very same object, so a view's unchanged fields are found unchanged by identity
 * instead of field by field, and nothing is built again for every viewer after every move. `build`
 * is one function for every call (no closure made per viewer and move).
 */
function perViewer<Piece extends object, Answer>(build: (state: GameState, sight: Sight) => Answer): (piece: Piece, key: number, state: GameState, sight: Sight) => Answer {
  const cache = new WeakMap<Piece, Map<number, Answer>>()
  return (piece, key, state, sight) => {
    let answers = cache.get(piece)
    if (!answers) {
      answers = new Map()
      cache.set(piece, answers)
    }
    let found = answers.get(key)
    if (found === undefined) {
      found = build(state, sight)
      answers.set(key, found)
    }
    return found
  }
}

/** Who a viewer is, as far as the answers kept per piece of state differ: everything, a seat (black or not), or nobody's seat. */
const sightKey = (sight: Sight): number => (sight.everything ? -1 : sight.own === null ? 0 : sight.own * 2 + (sight.ownIsBlack ? 1 : 0))

const seatViewsOf = perViewer<GameState['seats'], readonly SeatView[]>((state, sight) => {
  const shared = publicSeats(state)
  if (sight.everything) return mapPacked(state.seats, (player, index) => (player.role === null ? (shared[index] as SeatView) : withRole(shared[index] as SeatView, player.role)))
  const seats = shared.slice()
  for (const player of state.seats) {
    const role = player.role
    if (role !== null && (player.seat === sight.own || (sight.ownIsBlack && teamOf(role) === 'black'))) {
      seats[player.seat - 1] = withRole(shared[player.seat - 1] as SeatView, role)
    }
  }
  return seats
})

function seatViews(state: GameState, sight: Sight): readonly SeatView[] {
  if (!sight.everything && sight.own === null) return publicSeats(state)
  return seatViewsOf(state.seats, sightKey(sight), state, sight)
}

const publicVotingCache = new WeakMap<object, VotingView>()

/** The vote as the table sees it: counts, and voters only where `openUp` shows them. */
function publicVoting(state: GameState): VotingView | null {
  const stage = state.vote ?? state.lift
  if (!stage) return null
  const cached = publicVotingCache.get(stage)
  if (cached) return cached
  let voting: VotingView
  if (state.vote) {
    const vote = state.vote
    voting = {
      kind: 'vote',
      round: vote.round,
      votingType: vote.votingType,
      candidates: vote.candidates,
      current: vote.votingType === 0 ? (vote.candidates[vote.current] ?? null) : null,
      counts: mapPacked(vote.candidates, (candidate) => ({ candidate, votes: vote.votes.filter((cast) => cast.candidate === candidate).length })),
      votes: state.settings.openUp ? vote.votes : null,
      voted: vote.votes.length,
      yourVote: null,
    }
  } else {
    const lift = state.lift as NonNullable<GameState['lift']>
    voting = {
      kind: 'lift',
      candidates: lift.candidates,
      yes: liftYesVotes(lift),
      needed: liftVotesNeeded(state),
      votes: state.settings.openUp ? lift.votes : null,
      voted: lift.votes.length,
      yourVote: null,
    }
  }
  publicVotingCache.set(stage, voting)
  return voting
}

/**
 * A voter's own vote, and the voters where they may see them, on top of the public vote. Made afresh
 * at each call: a vote stage lasts one move (every vote cast makes the next), so answers kept per
 * stage and viewer were never asked for again, only kept alive for as long as the table keeps its
 * latest states. A stream keeps the view's field it already holds when the new one is the same.
 */
function votingView(state: GameState, sight: Sight): VotingView | null {
  const shared = publicVoting(state)
  if (!shared || (sight.own === null && !sight.allVoters)) return shared
  const own = sight.own
  const vote = state.vote
  if (shared.kind === 'vote' && vote) {
    const votes = sight.allVoters ? vote.votes : null
    const yourVote = vote.votes.find((cast) => cast.voter === own)?.candidate ?? null
    // A player who has not voted yet sees the public vote itself (most voters of most votes).
    return votes === shared.votes && yourVote === null ? shared : { ...shared, votes, yourVote }
  }
  const lift = state.lift
  if (shared.kind === 'lift' && lift) {
    const votes = sight.allVoters ? lift.votes : null
    const yourVote = lift.votes.find((cast) => cast.voter === own)?.leave ?? null
    return votes === shared.votes && yourVote === null ? shared : { ...shared, votes, yourVote }
  }
  return shared
}

/** The record without voters, worked out once per record list (lists are immutable and shared between states). */
const recordsWithoutVoters = new WeakMap<readonly VoteRecord[], readonly VoteRecordView[]>()

function voteRecordViews(state: GameState, sight: Sight): readonly VoteRecordView[] {
  if (sight.allVoters) return state.voteRecords
  let hidden = recordsWithoutVoters.get(state.voteRecords)
  if (!hidden) {
    hidden = mapPacked(state.voteRecords, (record) => ({ ...record, votes: null }))
    recordsWithoutVoters.set(state.voteRecords, hidden)
  }
  return hidden
}

const none: readonly never[] = []

const nightActionViewsOf = perViewer<readonly NightActionRecord[], readonly NightActionView[]>((state, sight) => {
  const seen = state.nightActions.filter((action) => action.seat === sight.own || (action.step === 'shooting' && sight.ownIsBlack))
  return seen.length === 0 ? none : seen
})

function nightActionViews(state: GameState, sight: Sight): readonly NightActionView[] {
  if (sight.everything) return state.nightActions
  if (sight.own === null || state.nightActions.length === 0) return none
  return nightActionViewsOf(state.nightActions, sightKey(sight), state, sight)
}

const youViewOf = perViewer<GameState['seats'], YouView>((state, sight) => {
  const own = sight.own as number
  const role = state.seats[own - 1]?.role ?? null
  const partners: { seat: number; role: RoleName }[] = []
  if (sight.ownIsBlack) {
    for (const player of state.seats) {
      if (player.seat !== own && player.role !== null && teamOf(player.role) === 'black') partners.push({ seat: player.seat, role: player.role })
    }
  }
  return { seat: own, role, team: role === null ? null : teamOf(role), partners }
})

function youView(state: GameState, sight: Sight): YouView | null {
  const own = sight.own
  if (own === null) return null
  return youViewOf(state.seats, own, state, sight)
}

/**
 * The fields of a view that are the same for every viewer of a state: a host works them out, and
 * finds what changed in them, once per move for the whole table. Every viewer gets them, spectators
 * included, so no field here may ever hold a secret (the result names roles only once the game has
 * ended, when everyone sees everything).
 */
export type SharedView = Pick<
  GameView,
  | 'deckId'
  | 'settings'
  | 'judge'
  | 'phase'
  | 'day'
  | 'night'
  | 'deadline'
  | 'paused'
  | 'remaining'
  | 'timeUp'
  | 'speaker'
  | 'speech'
  | 'nightStep'
  | 'nominations'
  | 'pendingNomination'
  | 'tie'
  | 'nightResults'
  | 'bestMoves'
  | 'microphones'
  | 'result'
>

/** The fields of a view that depend on who looks: their seat's secrets, their vote, their cameras, what they may do. */
export type OwnView = Omit<GameView, keyof SharedView>

/** What every viewer of this state sees alike. */
export function sharedViewOf(state: GameState): SharedView {
  return {
    deckId: state.deckId,
    settings: state.settings,
    judge: state.judge,
    phase: state.phase,
    day: state.day,
    night: state.night,
    deadline: state.deadline,
    paused: state.paused,
    remaining: state.pausedRemaining,
    timeUp: state.timeUp,
    speaker: state.speaker,
    speech: state.speech,
    nightStep: state.nightStep,
    nominations: state.nominations,
    pendingNomination: state.pendingNomination,
    tie: state.tie,
    nightResults: state.nightResults,
    bestMoves: state.bestMoves,
    microphones: openMicrophones(state),
    result: gameResult(state),
  }
}

/** What only this viewer sees of this state (or sees their own way). */
export function ownViewOf(state: GameState, viewer: Viewer): OwnView {
  const sight = sightOf(state, viewer)
  return {
    viewer,
    seats: seatViews(state, sight),
    voting: votingView(state, sight),
    voteRecords: voteRecordViews(state, sight),
    cameras: camerasFor(state, viewer),
    you: youView(state, sight),
    nightActions: nightActionViews(state, sight),
    awards: sight.everything ? state.awards : null,
    actions: actionsFor(state, viewer),
  }
}

/** The game as this viewer may see it: the shared fields, then their own. */
export function viewFor(state: GameState, viewer: Viewer): GameView {
  // Object.assign: a literal spreading both is many times slower (only a first spread is copied fast).
  return Object.assign(sharedViewOf(state), ownViewOf(state, viewer))
}

/**
 * One event as this viewer may see it: the whole event, the event with its secrets taken out, or
 * null when this viewer may see nothing of it (then it leaves no trace on their stream). Pass the
 * state from after the event (or later): once the game has ended, every event is shown in full.
 */
export function projectEvent(event: GameEvent, viewer: Viewer, state: GameState): VisibleGameEvent | null {
  switch (event.type) {
    case 'roles_dealt':
      if (seesEverything(state, viewer)) return event
      if (playerSeat(state, viewer) === null) return null
      return { ...event, roles: mapPacked(event.roles, (role, index) => (seesRole(state, viewer, index + 1) ? role : null)) }
    case 'night_action':
      return seesNightAction(state, viewer, event) ? event : null
    case 'points_awarded':
      return seesEverything(state, viewer) ? event : null
    case 'vote_cast':
    case 'lift_vote_cast':
      return seesVoter(state, viewer, event.voter) ? event : { ...event, voter: null }
    case 'voting_closed':
    case 'lift_vote_closed':
      return seesAllVoters(state, viewer) ? event : { ...event, votes: null }
    default:
      return event
  }
}

/** How a user looks at this game: from their seat, from the judge's seat, or as a spectator. */
export function viewerOf(state: GameState, user: number): Viewer {
  if (state.judge !== null && state.judge === user) return { kind: 'judge' }
  const player = state.seats.find((seat) => seat.user === user)
  return player ? { kind: 'player', seat: player.seat } : { kind: 'spectator' }
}

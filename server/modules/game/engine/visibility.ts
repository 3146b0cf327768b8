import type {
  GameEvent,
  GameView,
  NightActionView,
  ProjectedGameEvent,
  SeatView,
  Viewer,
  VoteRecordView,
  VotingView,
} from '../../../contract/game'
import { teamOf } from './decks'
import { openMicrophones } from './microphones'
import { gameResult } from './points'
import { isBlackSeat, type GameState, type NightActionRecord } from './state'
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

function seatViews(state: GameState, viewer: Viewer): SeatView[] {
  return state.seats.map((player) => {
    const visible = player.role !== null && seesRole(state, viewer, player.seat)
    return {
      seat: player.seat,
      user: player.user,
      atTable: player.left === null,
      left: player.left,
      fouls: player.fouls,
      losesNextSpeech: player.losesNextSpeech,
      connected: player.connected,
      role: visible ? player.role : null,
      team: visible && player.role !== null ? teamOf(player.role) : null,
    }
  })
}

function votingView(state: GameState, viewer: Viewer): VotingView | null {
  const own = playerSeat(state, viewer)
  if (state.vote) {
    const stage = state.vote
    return {
      kind: 'vote',
      round: stage.round,
      votingType: stage.votingType,
      candidates: [...stage.candidates],
      current: stage.votingType === 0 ? (stage.candidates[stage.current] ?? null) : null,
      counts: stage.candidates.map((candidate) => ({ candidate, votes: stage.votes.filter((cast) => cast.candidate === candidate).length })),
      votes: seesAllVoters(state, viewer) ? stage.votes.map((cast) => ({ ...cast })) : null,
      voted: stage.votes.length,
      yourVote: stage.votes.find((cast) => cast.voter === own)?.candidate ?? null,
    }
  }
  if (state.lift) {
    const stage = state.lift
    return {
      kind: 'lift',
      candidates: [...stage.candidates],
      yes: liftYesVotes(stage),
      needed: liftVotesNeeded(state),
      votes: seesAllVoters(state, viewer) ? stage.votes.map((cast) => ({ ...cast })) : null,
      voted: stage.votes.length,
      yourVote: stage.votes.find((cast) => cast.voter === own)?.leave ?? null,
    }
  }
  return null
}

function voteRecordViews(state: GameState, viewer: Viewer): VoteRecordView[] {
  const allVoters = seesAllVoters(state, viewer)
  return state.voteRecords.map((record) =>
    record.kind === 'vote'
      ? {
          kind: 'vote',
          day: record.day,
          round: record.round,
          candidates: [...record.candidates],
          counts: record.counts.map((count) => ({ ...count })),
          votes: allVoters ? record.votes.map((cast) => ({ ...cast })) : null,
        }
      : {
          kind: 'lift',
          day: record.day,
          candidates: [...record.candidates],
          yes: record.yes,
          needed: record.needed,
          passed: record.passed,
          votes: allVoters ? record.votes.map((cast) => ({ ...cast })) : null,
        },
  )
}

function nightActionViews(state: GameState, viewer: Viewer): NightActionView[] {
  return state.nightActions.filter((action) => seesNightAction(state, viewer, action)).map((action) => ({ ...action }))
}

/** The game as this viewer may see it. */
export function viewFor(state: GameState, viewer: Viewer): GameView {
  const own = playerSeat(state, viewer)
  const ownRole = own === null ? null : (state.seats[own - 1]?.role ?? null)
  const everything = seesEverything(state, viewer)
  return {
    version: state.version,
    viewer,
    deckId: state.deckId,
    settings: { ...state.settings },
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
    seats: seatViews(state, viewer),
    nominations: state.nominations.map((nomination) => ({ ...nomination })),
    pendingNomination: state.pendingNomination ? { ...state.pendingNomination } : null,
    tie: state.tie ? [...state.tie] : null,
    voting: votingView(state, viewer),
    voteRecords: voteRecordViews(state, viewer),
    nightResults: state.nightResults.map((result) => ({ night: result.night, killed: [...result.killed] })),
    bestMoves: state.bestMoves.map((bestMove) => ({ seat: bestMove.seat, targets: [...bestMove.targets] })),
    microphones: openMicrophones(state),
    you:
      own === null
        ? null
        : {
            seat: own,
            role: ownRole,
            team: ownRole === null ? null : teamOf(ownRole),
            partners:
              ownRole !== null && teamOf(ownRole) === 'black'
                ? state.seats.flatMap((player) =>
                    player.seat !== own && player.role !== null && teamOf(player.role) === 'black' ? [{ seat: player.seat, role: player.role }] : [],
                  )
                : [],
          },
    nightActions: nightActionViews(state, viewer),
    awards: everything ? state.awards.map((award) => ({ ...award })) : null,
    result: gameResult(state),
  }
}

/**
 * One event as this viewer may see it: the whole event, the event with its secrets taken out, or
 * only its version (so the viewer sees no gap and no secret). Pass the state from after the event
 * (or later): once the game has ended, every event is shown in full.
 */
export function projectEvent(event: GameEvent, viewer: Viewer, state: GameState): ProjectedGameEvent {
  switch (event.type) {
    case 'roles_dealt':
      if (seesEverything(state, viewer)) return event
      if (playerSeat(state, viewer) === null) return { version: event.version }
      return { ...event, roles: event.roles.map((role, index) => (seesRole(state, viewer, index + 1) ? role : null)) }
    case 'night_action':
      return seesNightAction(state, viewer, event) ? event : { version: event.version }
    case 'points_awarded':
      return seesEverything(state, viewer) ? event : { version: event.version }
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

import type { CastVote, EndReason, GameEvent, LeaveReason, NightStep, NoEliminationReason, Outcome, SpeechKind, VoteCount } from '../../../server/contract/game'

/*
 * A finished game's day-by-day timeline, built from its whole event list (the record of
 * `mafia:game:record`: nothing is secret once the game is over). Pure: events in, periods of
 * entries out; the screen translates each entry. Events that only steer the table (timers,
 * microphones, pauses, connections, each single vote before its round closes) are left out.
 */

/** One thing that happened, with what the screen needs to say it. */
export type TimelineEntry =
  | { kind: 'speech'; seat: number; speech: SpeechKind; shortened: boolean }
  | { kind: 'speech_skipped'; seat: number; speech: 'day' | 'defence' }
  | { kind: 'nomination'; by: number; target: number }
  | { kind: 'nomination_rejected'; by: number; target: number }
  | { kind: 'vote'; round: number; counts: readonly VoteCount[]; votes: readonly CastVote[] }
  | { kind: 'tie'; seats: readonly number[] }
  | { kind: 'lift'; yes: number; needed: number; passed: boolean }
  | { kind: 'no_elimination'; reason: NoEliminationReason }
  | { kind: 'left'; seat: number; reason: LeaveReason }
  | { kind: 'best_move'; seat: number; targets: readonly number[] }
  | { kind: 'night_action'; step: NightStep; seat: number; target: number; result: 'sheriff' | 'not_sheriff' | 'red' | 'black' | null }
  | { kind: 'night_result'; killed: readonly number[] }
  | { kind: 'foul'; seat: number; fouls: number }
  | { kind: 'award'; seat: number; points: number; reason: string }
  | { kind: 'ended'; outcome: Outcome; reason: EndReason }

/** A day or a night (night 0 is the zero night) with what happened in it, in order. */
export interface TimelinePeriod {
  kind: 'day' | 'night'
  number: number
  entries: TimelineEntry[]
}

/** The entry an event adds to the timeline, or null for events that only steer the table. */
function entryOf(event: GameEvent): TimelineEntry | null {
  switch (event.type) {
    case 'speech_started':
      return { kind: 'speech', seat: event.seat, speech: event.speech, shortened: event.shortened }
    case 'speech_skipped':
      return { kind: 'speech_skipped', seat: event.seat, speech: event.speech }
    case 'nominated':
      return { kind: 'nomination', by: event.by, target: event.target }
    case 'nomination_rejected':
      return { kind: 'nomination_rejected', by: event.by, target: event.target }
    case 'voting_closed':
      return { kind: 'vote', round: event.round, counts: event.counts, votes: event.votes }
    case 'tie':
      return { kind: 'tie', seats: event.seats }
    case 'lift_vote_closed':
      return { kind: 'lift', yes: event.yes, needed: event.needed, passed: event.passed }
    case 'no_elimination':
      return { kind: 'no_elimination', reason: event.reason }
    case 'player_left':
      return { kind: 'left', seat: event.seat, reason: event.reason }
    case 'best_move_named':
      return { kind: 'best_move', seat: event.seat, targets: event.targets }
    case 'night_action':
      return { kind: 'night_action', step: event.step, seat: event.seat, target: event.target, result: event.result }
    case 'night_result':
      return { kind: 'night_result', killed: event.killed }
    case 'foul':
      return { kind: 'foul', seat: event.seat, fouls: event.fouls }
    case 'points_awarded':
      return { kind: 'award', seat: event.seat, points: event.points, reason: event.reason }
    case 'game_ended':
      return { kind: 'ended', outcome: event.outcome, reason: event.reason }
    default:
      return null
  }
}

/**
 * The game's periods in order, each with its entries. A period begins with its event (the zero
 * night, `day_started`, `night_started`); anything before the first one (the deal) is not shown,
 * and what happens after the end (the judge's extra points) joins the last period.
 */
export function buildTimeline(events: readonly GameEvent[]): TimelinePeriod[] {
  const periods: TimelinePeriod[] = []
  let current: TimelinePeriod | null = null
  const begin = (kind: TimelinePeriod['kind'], number: number) => {
    current = { kind, number, entries: [] }
    periods.push(current)
  }
  for (const event of events) {
    if (event.type === 'zero_night_started') begin('night', 0)
    else if (event.type === 'day_started') begin('day', event.day)
    else if (event.type === 'night_started') begin('night', event.night)
    const entry = entryOf(event)
    if (entry && current) (current as TimelinePeriod).entries.push(entry)
  }
  return periods
}

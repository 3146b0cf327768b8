import type { TableEvent } from '../../../../server/contract/game'

/*
 * What the table's host says about one event, as a club's host would announce it. Presentation
 * only: every outcome here was decided by the server and arrives as an event; this words it. Pure:
 * the screen translates `key` with `params` (see `announcementText`).
 */

/** The kinds of announcement (also the log entries' `data-kind`). */
export const announcementKinds = [
  'nomination',
  'vote',
  'leaves',
  'no_elimination',
  'kill',
  'miss',
  'best_move',
  'foul',
  'removal',
  'pause',
  'resume',
  'time_up',
  'timer',
  'end',
] as const
export type AnnouncementKind = (typeof announcementKinds)[number]

/** A parameter that is itself a text to translate (an outcome, a reason). */
export interface TranslatedParam {
  key: string
}

export type AnnouncementParam = string | number | TranslatedParam

/** One announcement: its kind, the translation key that words it, and the key's parameters. */
export interface Announcement {
  kind: AnnouncementKind
  key: string
  params: Record<string, AnnouncementParam>
}

/** A seat's card as the lobby holds it (only the nickname is used). */
export interface SeatCard {
  seat: number
  user: { nickname: string }
}

/** What came before the event that its wording needs (whose speech was running, the timer). */
export interface AnnouncementContext {
  /** The seat speaking (or naming a best move) when the event came; null outside speeches. */
  speaker: number | null
  /** When the running timer was to run out; null when paused or untimed. */
  deadline: number | null
  /** The time left on a paused timer. */
  remaining: number | null
}

export const startContext: AnnouncementContext = { speaker: null, deadline: null, remaining: null }

/** A duration as m:ss, the way the table's clock shows it. */
export function clock(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** The judge's extension of a timer adds exactly this (anything else restarted it). */
const extension = 30_000

/** "#4 Marta": the seat's number with its player's nickname (the number alone for an empty seat). */
export function seatName(seat: number, cards: readonly SeatCard[]): string {
  const card = cards.find((item) => item.seat === seat)
  return card ? `#${seat} ${card.user.nickname}` : `#${seat}`
}

/** Seats as "#3, #5, #8" (numbers only, where a list would grow too long with names). */
const seatNumbers = (seats: readonly number[]): string => seats.map((seat) => `#${seat}`).join(', ')

const say = (kind: AnnouncementKind, key: string, params: Record<string, AnnouncementParam> = {}): Announcement => ({ kind, key, params })

/** The announcement of one event, or null for an event the host does not announce. */
export function announcementOf(event: TableEvent, cards: readonly SeatCard[], context: AnnouncementContext = startContext): Announcement | null {
  const name = (seat: number) => seatName(seat, cards)
  switch (event.type) {
    case 'nominated':
      return say('nomination', 'game.announce.nomination', { target: name(event.target), by: name(event.by) })
    case 'voting_closed':
      return say('vote', 'game.announce.vote', { counts: event.counts.map((count) => `${name(count.candidate)}: ${count.votes}`).join(' · ') })
    case 'tie':
      return say('vote', 'game.announce.tie', { seats: seatNumbers(event.seats) })
    case 'lift_vote_closed':
      return say('vote', event.passed ? 'game.announce.liftPassed' : 'game.announce.liftFailed', { yes: event.yes, needed: event.needed })
    case 'no_elimination':
      return say('no_elimination', `game.announce.noElimination.${event.reason}`)
    case 'player_left':
      // A night kill is announced by the morning's result; a removal says why.
      if (event.reason === 'night') return null
      if (event.reason === 'vote') return say('leaves', 'game.announce.leaves', { seat: name(event.seat) })
      return say('removal', `game.announce.removal.${event.reason}`, { seat: name(event.seat) })
    case 'night_result':
      return event.killed.length > 0
        ? say('kill', 'game.announce.kill', { night: event.night, seats: event.killed.map(name).join(', ') })
        : say('miss', 'game.announce.miss', { night: event.night })
    case 'best_move_named':
      return event.targets.length > 0
        ? say('best_move', 'game.announce.bestMove', { seat: name(event.seat), seats: seatNumbers(event.targets) })
        : say('best_move', 'game.announce.bestMoveNone', { seat: name(event.seat) })
    case 'foul':
      return say('foul', 'game.announce.foul', { seat: name(event.seat), fouls: event.fouls })
    case 'paused':
      return say('pause', 'game.announce.pause')
    case 'resumed':
      return say('resume', 'game.announce.resume')
    case 'time_up':
      return context.speaker !== null ? say('time_up', 'game.announce.timeUpSeat', { seat: name(context.speaker) }) : say('time_up', 'game.announce.timeUp')
    case 'timer_changed': {
      const left = event.deadline !== null ? event.deadline - event.at : (event.remaining ?? 0)
      const before = event.deadline !== null ? (context.deadline === null ? null : context.deadline - event.at) : context.remaining
      const extended = before !== null && Math.abs(left - before - extension) < 1_000
      return say('timer', extended ? 'game.announce.timerExtended' : 'game.announce.timerReset', { time: clock(left) })
    }
    case 'game_ended':
      return say('end', event.losingTeam ? 'game.announce.endTeamLoss' : 'game.announce.end', {
        outcome: { key: `game.outcome.${event.outcome}` },
        reason: { key: `game.reason.${event.reason}` },
        team: { key: `game.announce.team.${event.losingTeam ?? event.outcome}` },
      })
    default:
      return null
  }
}

/** Whose speech an event starts or ends, and the timer it sets: the context the next events are worded in. */
export function nextContext(context: AnnouncementContext, event: TableEvent): AnnouncementContext {
  switch (event.type) {
    case 'speech_started':
    case 'best_move_started':
      return { speaker: event.seat, deadline: event.deadline, remaining: null }
    case 'voting_started':
    case 'candidate_called':
    case 'lift_vote_started':
    case 'night_step_started':
    case 'zero_night_started':
      return { speaker: null, deadline: event.deadline, remaining: null }
    case 'night_started':
    case 'day_started':
    case 'game_ended':
      return startContext
    case 'paused':
      return { ...context, deadline: null, remaining: event.remaining }
    case 'resumed':
      return { ...context, deadline: event.deadline, remaining: null }
    case 'timer_changed':
      return { ...context, deadline: event.deadline, remaining: event.remaining }
    default:
      return context
  }
}

/** One announcement of the log, with the position of its event in the log. */
export interface LoggedAnnouncement {
  index: number
  announcement: Announcement
}

/** Every announcement of a log, in order, each worded in the context of the events before it. */
export function announcementsOf(log: readonly TableEvent[], cards: readonly SeatCard[]): LoggedAnnouncement[] {
  const found: LoggedAnnouncement[] = []
  let context = startContext
  log.forEach((event, index) => {
    const announcement = announcementOf(event, cards, context)
    if (announcement) found.push({ index, announcement })
    context = nextContext(context, event)
  })
  return found
}

/** The words of an announcement in the viewer's language (parameters that are keys translated too). */
export function announcementText(t: (key: string, params?: Record<string, unknown>) => string, announcement: Pick<Announcement, 'key' | 'params'>): string {
  const params: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(announcement.params)) params[name] = typeof value === 'object' ? t(value.key) : value
  return t(announcement.key, params)
}

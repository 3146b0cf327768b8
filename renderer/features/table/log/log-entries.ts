import type { TableEvent } from '../../../../server/contract/game'
import { announcementOf, nextContext, seatName, startContext, type AnnouncementKind, type AnnouncementParam, type SeatCard } from '../announcements/announcement-of'

/*
 * The game log as the viewer may read it: every event their stream brought, worded. The
 * announcements' wording is reused; the log also records what the host does not call out (the
 * speeches, the night actions this viewer may see, the judge's extra points). Pure.
 */

/** What a log entry is about: an announcement's kind, or one of the log's own. */
export type LogEntryKind = AnnouncementKind | 'deal' | 'speech' | 'voting' | 'night_action' | 'award'

export type LogItem =
  | { type: 'header'; id: number; period: 'zero_night' | 'day' | 'night'; number: number }
  | { type: 'entry'; id: number; kind: LogEntryKind; key: string; params: Record<string, AnnouncementParam> }

/** The entry an event adds beyond the announcements, or null. */
function ownEntry(event: TableEvent, cards: readonly SeatCard[]): { kind: LogEntryKind; key: string; params: Record<string, AnnouncementParam> } | null {
  const name = (seat: number) => seatName(seat, cards)
  switch (event.type) {
    case 'roles_dealt':
      return { kind: 'deal', key: 'game.gameLog.deal', params: {} }
    case 'speech_started':
      return { kind: 'speech', key: event.speech === 'day' ? 'game.gameLog.speech' : event.speech === 'defence' ? 'game.gameLog.defence' : 'game.gameLog.lastWords', params: { seat: name(event.seat) } }
    case 'speech_skipped':
      return { kind: 'speech', key: 'game.gameLog.skipped', params: { seat: name(event.seat) } }
    case 'voting_started':
      return { kind: 'voting', key: 'game.gameLog.voting', params: { seats: event.candidates.map((seat) => `#${seat}`).join(', ') } }
    case 'night_action':
      return event.result === null
        ? { kind: 'night_action', key: `game.gameLog.action.${event.step}`, params: { seat: name(event.seat), target: name(event.target) } }
        : { kind: 'night_action', key: `game.gameLog.result.${event.result}`, params: { target: name(event.target) } }
    case 'points_awarded':
      return { kind: 'award', key: 'game.gameLog.award', params: { seat: name(event.seat), points: event.points, reason: event.reason } }
    default:
      return null
  }
}

/** The period an event opens (a header of the log), or null. */
function headerOf(event: TableEvent): { period: 'zero_night' | 'day' | 'night'; number: number } | null {
  if (event.type === 'zero_night_started') return { period: 'zero_night', number: 0 }
  if (event.type === 'day_started') return { period: 'day', number: event.day }
  if (event.type === 'night_started') return { period: 'night', number: event.night }
  return null
}

/**
 * The log's items in order: a header where a day or a night begins, then an entry per worded
 * event. Each item's id is its event's position in the log (a header's negative), so a list keyed
 * by it stays stable as events are appended.
 */
export function logItemsOf(log: readonly TableEvent[], cards: readonly SeatCard[]): LogItem[] {
  const items: LogItem[] = []
  let context = startContext
  log.forEach((event, index) => {
    const header = headerOf(event)
    if (header) items.push({ type: 'header', id: -(index + 1), ...header })
    const entry = announcementOf(event, cards, context) ?? ownEntry(event, cards)
    if (entry) items.push({ type: 'entry', id: index, kind: entry.kind, key: entry.key, params: entry.params })
    context = nextContext(context, event)
  })
  return items
}

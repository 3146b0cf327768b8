import type { UpcomingStep } from '../../../../server/contract/game'
import { seatName, type SeatCard } from '../announcements/announcement-of'

/** A text to translate with its parameters. */
export interface Label {
  key: string
  params: Record<string, string | number>
}

/**
 * What the judge's Next button says it leads to ("Next: Day 2, #3 Olena speaks"), from the
 * engine's dry run of `next` (`actions.judge.upcoming`). Pure wording: the step is the server's.
 */
export function nextLabel(upcoming: UpcomingStep | null, cards: readonly SeatCard[]): Label {
  if (upcoming === null) return { key: 'game.cockpit.next.plain', params: {} }
  if (upcoming.ends || upcoming.phase === 'ended') return { key: 'game.cockpit.next.end', params: {} }
  const seat = upcoming.speaker !== null ? seatName(upcoming.speaker, cards) : null
  switch (upcoming.phase) {
    case 'zero_night':
      return { key: 'game.cockpit.next.zeroNight', params: {} }
    case 'day_speech':
      return seat ? { key: 'game.cockpit.next.speech', params: { day: upcoming.day, seat } } : { key: 'game.cockpit.next.day', params: { day: upcoming.day } }
    case 'defence_speech':
      return seat ? { key: 'game.cockpit.next.defence', params: { seat } } : { key: 'game.cockpit.next.plain', params: {} }
    case 'last_words':
      return seat ? { key: 'game.cockpit.next.lastWords', params: { seat } } : { key: 'game.cockpit.next.plain', params: {} }
    case 'best_move':
      return seat ? { key: 'game.cockpit.next.bestMove', params: { seat } } : { key: 'game.cockpit.next.plain', params: {} }
    case 'voting':
      return upcoming.candidate !== null ? { key: 'game.cockpit.next.candidate', params: { seat: seatName(upcoming.candidate, cards) } } : { key: 'game.cockpit.next.voting', params: {} }
    case 'lift_vote':
      return { key: 'game.cockpit.next.liftVote', params: {} }
    case 'night_shooting':
    case 'night_maniac':
    case 'night_doctor':
    case 'night_don':
    case 'night_sheriff':
      return { key: `game.cockpit.next.${upcoming.nightStep ?? upcoming.phase.slice('night_'.length)}`, params: { night: upcoming.night } }
    default:
      return { key: 'game.cockpit.next.plain', params: {} }
  }
}

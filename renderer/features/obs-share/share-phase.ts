import type { TFunction } from 'i18next'
import type { GameView } from '../../../server/contract/game'

/** The phase line of the page: "Day 2 · Speech · seat 4", "Night 1 · The Don checks", "Game over". */
export function sharePhaseText(t: TFunction, view: Pick<GameView, 'phase' | 'day' | 'night' | 'speaker'>): string {
  const phase = t(`game.phase.${view.phase}`)
  if (view.phase === 'created' || view.phase === 'zero_night' || view.phase === 'ended') return phase
  if (view.phase.startsWith('night_')) return `${t('game.night', { night: view.night })} · ${phase}`
  const speaker = view.speaker !== null ? ` · ${t('game.seat.number', { seat: view.speaker })}` : ''
  return `${t('game.day', { day: view.day })} · ${phase}${speaker}`
}

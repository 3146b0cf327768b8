import type { GameView, NightStep, RoleName } from '../../../../server/contract/game'

const black = (role: RoleName | null | undefined) => role === 'Don' || role === 'Mafia'

const actsAt: Record<NightStep, (role: RoleName | null | undefined) => boolean> = {
  shooting: black,
  maniac: (role) => role === 'Maniac',
  doctor: (role) => role === 'Doctor',
  don: (role) => role === 'Don',
  sheriff: (role) => role === 'Sheriff',
}

/** The phases in which the table sleeps: the zero night (black players meet) and every night step. */
export const isNight = (view: Pick<GameView, 'phase'>): boolean => view.phase === 'zero_night' || view.phase.startsWith('night_')

/**
 * Whether a seat's camera is dimmed for this viewer: at night everyone's is, except the players this
 * viewer knows to be acting now (their own seat, black partners whose step it is, every actor for the
 * judge). Dimming never tells a viewer who is awake: a spectator or a sleeping player sees every
 * camera dimmed. The judge's own tile is never dimmed.
 */
export function cameraDimmed(view: GameView | null, seat: number | 'judge'): boolean {
  if (!view || !isNight(view) || seat === 'judge') return false
  const acting = view.phase === 'zero_night' ? black : view.nightStep ? actsAt[view.nightStep] : () => false
  if (view.viewer.kind === 'judge') return !acting(view.seats[seat - 1]?.role)
  const you = view.you
  if (view.viewer.kind !== 'player' || !you) return true
  if (seat === you.seat) return !acting(you.role)
  const partner = you.partners.find((item) => item.seat === seat)
  return !(partner && acting(partner.role))
}

/** The user whose tile is shown large: the pinned one, else the seat that speaks now (null: none). */
export function stageUser(view: GameView | null, pinned: number | null): number | null {
  if (pinned !== null) return pinned
  if (!view || view.speaker === null || view.phase === 'ended') return null
  return view.seats[view.speaker - 1]?.user ?? null
}

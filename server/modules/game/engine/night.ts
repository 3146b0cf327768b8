import type { GameErrorCode, NightStep, RoleName } from '../../../contract/game'
import { mapPacked } from './arrays'
import { teamOf } from './decks'
import { isAtTable, isSeat, seatOf, type GameState, type NightActionRecord } from './state'

/** Whether a role acts in a night step. Every black player shoots; each other step has one role. */
export function actsInStep(role: RoleName, step: NightStep): boolean {
  switch (step) {
    case 'shooting':
      return teamOf(role) === 'black'
    case 'maniac':
      return role === 'Maniac'
    case 'doctor':
      return role === 'Doctor'
    case 'don':
      return role === 'Don'
    case 'sheriff':
      return role === 'Sheriff'
  }
}

/**
 * What a check answers. The Don asks "is this the Sheriff?"; the Sheriff asks "red or black?",
 * and the Maniac, who is not of the mafia, looks red to him.
 */
export function checkResult(step: NightStep, targetRole: RoleName): NightActionRecord['result'] {
  if (step === 'don') return targetRole === 'Sheriff' ? 'sheriff' : 'not_sheriff'
  if (step === 'sheriff') return teamOf(targetRole) === 'black' ? 'black' : 'red'
  return null
}

function actionsOfNight(state: GameState, night: number): NightActionRecord[] {
  return state.nightActions.filter((action) => action.night === night)
}

/**
 * Whom a night action may target. Everyone at the table can be shot (black players too); the
 * Maniac, the Don and the Sheriff act on someone else; the Doctor may not heal the same player
 * two nights running, and himself only once a game.
 */
export function nightTargetError(state: GameState, seat: number, step: NightStep, target: number): GameErrorCode | undefined {
  if (!isSeat(state, target) || !isAtTable(state, target)) return 'errors.game.invalid_target'
  if ((step === 'maniac' || step === 'don' || step === 'sheriff') && target === seat) return 'errors.game.invalid_target'
  if (step === 'doctor') {
    for (const action of state.nightActions) {
      if (action.step !== 'doctor' || action.seat !== seat) continue
      if (action.night === state.night - 1 && action.target === target) return 'errors.game.invalid_target'
      if (target === seat && action.target === seat) return 'errors.game.invalid_target'
    }
  }
  return undefined
}

export function hasActed(state: GameState, seat: number, step: NightStep): boolean {
  const actions = state.nightActions
  // The night's actions are the last ones recorded, so the search runs backwards and stops early.
  for (let index = actions.length - 1; index >= 0; index--) {
    const action = actions[index] as NightActionRecord
    if (action.night !== state.night) return false
    if (action.step === step && action.seat === seat) return true
  }
  return false
}

/**
 * The night's kills, announced in the morning. The mafia's shot kills only when every black
 * player still at the table picked the same seat; the Maniac kills whom he picked; the Doctor's
 * heal saves from both. An action counts only if its player is still at the table at dawn.
 */
export function resolveNight(state: GameState): number[] {
  const actions = actionsOfNight(state, state.night).filter((action) => isAtTable(state, action.seat))
  const black = state.seats.filter((player) => player.left === null && player.role !== null && teamOf(player.role) === 'black')
  let mafiaTarget: number | null = null
  if (black.length > 0) {
    const shots = mapPacked(black, (player) => actions.find((action) => action.step === 'shooting' && action.seat === player.seat)?.target)
    const first = shots[0]
    if (first !== undefined && shots.every((shot) => shot === first)) mafiaTarget = first
  }
  const maniacTarget = actions.find((action) => action.step === 'maniac')?.target ?? null
  const healed = actions.find((action) => action.step === 'doctor')?.target ?? null
  const killed = new Set<number>()
  for (const target of [mafiaTarget, maniacTarget]) {
    if (target !== null && target !== healed && isAtTable(state, target)) killed.add(target)
  }
  return [...killed].sort((left, right) => left - right)
}

/** The role at a seat, for a night action's answer. */
export function roleAt(state: GameState, seat: number): RoleName | null {
  return seatOf(state, seat)?.role ?? null
}

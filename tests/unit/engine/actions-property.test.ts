import { describe, expect, it } from 'vitest'
import type { GameActions, GameCommand, GameEvent, JudgeActions, NightStep, Outcome, Viewer } from '../../../server/contract/game'
import { actionsFor, camerasFor, execute, teamOf, viewFor, type GameState } from '../../../server/modules/game/engine'
import { judgeUser, outsiderUser, playRandomGame } from './support/random-game'

/*
 * Plays random games (both decks, every setting, with and without a judge) and asks, at every state
 * and for every viewer, every command the viewer could send: each action a view lists must be
 * accepted, and each command it leaves out (over every target, invalid ones included) refused.
 *
 * Also, after every hidden event (a night click, the judge's extra points), the actions and cameras
 * of everyone who may not see it stay exactly as they were: nothing a viewer may do or see tells
 * them that it happened.
 */

const games = 200
type Payload = Record<string, unknown> & { type: GameCommand['type'] }

class Mismatch extends Error {}

/** Sends a fresh payload, stamped in place (spreading it would cost more than the engine's answer). */
function accepted(state: GameState, by: number, payload: Payload): boolean {
  payload.by = by
  payload.at = state.clock
  return execute(state, payload as unknown as GameCommand).ok
}

function agree(state: GameState, by: number, payload: Payload, listed: boolean, who: string): void {
  if (accepted(state, by, payload) === listed) return
  throw new Mismatch(`${who}: ${JSON.stringify(payload)} is ${listed ? 'listed but refused' : 'accepted but not listed'} in ${state.phase}`)
}

const targetLists = new Map<number, readonly number[]>()

/** Every seat of the table, and one invalid seat on each side. */
function targetsOf(state: GameState): readonly number[] {
  let targets = targetLists.get(state.seats.length)
  if (!targets) {
    targets = Array.from({ length: state.seats.length + 2 }, (_, index) => index)
    targetLists.set(state.seats.length, targets)
  }
  return targets
}

const outcomes: Outcome[] = ['red', 'black', 'maniac', 'draw']

function checkPlayerCommands(state: GameState, by: number, actions: GameActions, who: string): void {
  const player = actions.player
  agree(state, by, { type: 'end_speech' }, player?.endSpeech ?? false, who)
  agree(state, by, { type: 'lift_vote', leave: true }, player?.liftVote ?? false, who)
  agree(state, by, { type: 'lift_vote', leave: false }, player?.liftVote ?? false, who)
  agree(state, by, { type: 'best_move', targets: [] }, (player?.bestMove.length ?? 0) > 0, who)
  for (const target of targetsOf(state)) {
    agree(state, by, { type: 'nominate', target }, player?.nominate.includes(target) ?? false, who)
    agree(state, by, { type: 'vote', target }, player?.vote.includes(target) ?? false, who)
    agree(state, by, { type: 'night_action', target }, player?.night?.targets.includes(target) ?? false, who)
    agree(state, by, { type: 'best_move', targets: [target] }, player?.bestMove.includes(target) ?? false, who)
  }
  if (player?.night) {
    if (player.night.step !== state.nightStep) throw new Mismatch(`${who}: acts in ${player.night.step} during ${String(state.nightStep)}`)
    if (player.night.targets.length === 0) throw new Mismatch(`${who}: a night step without targets`)
    checkNightTargets(state, actorSeat(state, by), player.night.step, player.night.targets, who)
  }
  // A best move names up to three seats: any three of those listed go together.
  if (player && player.bestMove.length >= 3) agree(state, by, { type: 'best_move', targets: player.bestMove.slice(0, 3) }, true, who)
}

const actorSeat = (state: GameState, by: number): number => (state.seats.find((player) => player.user === by) as GameState['seats'][number]).seat

/**
 * The night's targets as GAME-RULES.md has them, written apart from the engine: seats at the table
 * only; the Don, the Sheriff and the Maniac act on someone else (black players may shoot anyone,
 * themselves too); the Doctor never heals the seat he healed the night before, and himself once.
 */
function ruleRefusal(state: GameState, seat: number, step: NightStep, target: number): keyof typeof ruleRefusals | null {
  if (state.seats[target - 1]?.left !== null) return 'left'
  if ((step === 'don' || step === 'sheriff' || step === 'maniac') && target === seat) return 'ownSeat'
  if (step === 'doctor') {
    const heals = state.nightActions.filter((action) => action.step === 'doctor' && action.seat === seat)
    if (heals.some((heal) => heal.night === state.night - 1 && heal.target === target)) return 'repeatHeal'
    if (target === seat && heals.some((heal) => heal.target === seat)) return 'secondSelfHeal'
  }
  return null
}

/** How often each rule left a seat out of the offered targets. */
const ruleRefusals = { left: 0, ownSeat: 0, repeatHeal: 0, secondSelfHeal: 0 }

/** The offered targets are exactly those the rules allow. */
function checkNightTargets(state: GameState, seat: number, step: NightStep, targets: readonly number[], who: string): void {
  for (const player of state.seats) {
    const refusal = ruleRefusal(state, seat, step, player.seat)
    if (refusal !== null) ruleRefusals[refusal]++
    if (targets.includes(player.seat) !== (refusal === null)) {
      throw new Mismatch(`${who}: seat ${player.seat} is ${targets.includes(player.seat) ? 'offered against' : 'not offered though'} the rules for the ${step} step`)
    }
  }
}

function checkJudgeCommands(state: GameState, by: number, actions: GameActions, who: string): void {
  const judge = actions.judge
  agree(state, by, { type: 'next' }, judge?.next ?? false, who)
  agree(state, by, { type: 'confirm_nomination' }, judge?.confirmNomination ?? false, who)
  agree(state, by, { type: 'reject_nomination' }, judge?.rejectNomination ?? false, who)
  agree(state, by, { type: 'pause' }, judge?.pause ?? false, who)
  agree(state, by, { type: 'resume' }, judge?.resume ?? false, who)
  agree(state, by, { type: 'extend_timer' }, judge?.extendTimer ?? false, who)
  agree(state, by, { type: 'reset_timer' }, judge?.resetTimer ?? false, who)
  checkUpcoming(state, by, judge, who)
  agree(state, by, { type: 'team_loss', team: 'red' }, judge?.teamLoss ?? false, who)
  agree(state, by, { type: 'team_loss', team: 'black' }, judge?.teamLoss ?? false, who)
  agree(state, by, { type: 'finalise' }, judge?.finalise ?? false, who)
  // The Maniac's win exists only where the deck deals him (the city deck).
  for (const outcome of outcomes) {
    agree(state, by, { type: 'end_game', outcome }, (judge?.endGame ?? false) && (outcome !== 'maniac' || state.deckId === 2), who)
  }
  for (const seat of targetsOf(state)) {
    agree(state, by, { type: 'foul', seat }, judge?.foul.includes(seat) ?? false, who)
    agree(state, by, { type: 'disqualify', seat }, judge?.disqualify.includes(seat) ?? false, who)
    agree(state, by, { type: 'microphone', seat, open: true }, judge?.microphone.includes(seat) ?? false, who)
    agree(state, by, { type: 'microphone', seat, open: false }, judge?.microphone.includes(seat) ?? false, who)
    const award = accepted(state, by, { type: 'award_points', seat, points: 0.05, reason: 'r' }) || accepted(state, by, { type: 'award_points', seat, points: -0.05, reason: 'r' })
    if (award !== (judge?.awardPoints.includes(seat) ?? false)) throw new Mismatch(`${who}: extra points for seat ${seat} ${award ? 'accepted but not listed' : 'listed but refused'}`)
  }
}

/** `upcoming` is there exactly when `next` is allowed, and says where `next` then leads. */
function checkUpcoming(state: GameState, by: number, judge: JudgeActions | null, who: string): void {
  const upcoming = judge?.upcoming ?? null
  if ((upcoming !== null) !== (judge?.next ?? false)) throw new Mismatch(`${who}: upcoming ${JSON.stringify(upcoming)} while next is ${String(judge?.next)}`)
  if (upcoming === null) return
  const result = execute(state, { type: 'next', by, at: state.clock })
  if (!result.ok) throw new Mismatch(`${who}: next refused though upcoming`)
  const after = result.state
  const candidate = after.vote?.votingType === 0 && after.phase === 'voting' ? (after.vote.candidates[after.vote.current] ?? null) : null
  const expected = { phase: after.phase, day: after.day, night: after.night, speaker: after.speaker, nightStep: after.nightStep, candidate, ends: after.phase === 'ended' }
  if (JSON.stringify(upcoming) !== JSON.stringify(expected)) throw new Mismatch(`${who}: upcoming ${JSON.stringify(upcoming)}, but next leads to ${JSON.stringify(expected)}`)
}

interface Looker {
  viewer: Viewer
  by: number
  name: string
}

function lookersOf(state: GameState): Looker[] {
  const lookers: Looker[] = state.seats.map((player) => ({ viewer: { kind: 'player', seat: player.seat }, by: player.user, name: `seat ${player.seat}` }))
  lookers.push({ viewer: { kind: 'spectator' }, by: outsiderUser, name: 'a spectator' })
  if (state.judge !== null) lookers.push({ viewer: { kind: 'judge' }, by: judgeUser, name: 'the judge' })
  return lookers
}

/**
 * Every viewer's every command. The judge's commands from anyone else are all refused by the same
 * first check, so they are asked of one other viewer per state, in turn.
 */
function checkEveryCommand(state: GameState, lookers: readonly Looker[], turn: number): void {
  lookers.forEach((looker, index) => {
    const actions = viewFor(state, looker.viewer).actions
    if (looker.viewer.kind === 'spectator' && (actions.player !== null || actions.judge !== null)) throw new Mismatch('a spectator may act')
    if (looker.viewer.kind === 'judge' && actions.player !== null) throw new Mismatch('the judge may act as a player')
    if (looker.viewer.kind === 'player' && actions.judge !== null) throw new Mismatch(`${looker.name} may act as the judge`)
    checkPlayerCommands(state, looker.by, actions, looker.name)
    if (looker.viewer.kind === 'judge' || index === turn % lookers.length) checkJudgeCommands(state, looker.by, actions, looker.name)
  })
}

function isNight(state: GameState): boolean {
  return state.phase === 'zero_night' || state.phase.startsWith('night_')
}

/** The cameras' rules that hold at every moment. */
function checkCameras(state: GameState, lookers: readonly Looker[]): void {
  const every = state.seats.map((player) => player.seat)
  for (const looker of lookers) {
    const cameras = camerasFor(state, looker.viewer)
    const viewer = looker.viewer
    if (viewer.kind === 'judge' || !isNight(state)) {
      if (cameras.join() !== every.join()) throw new Mismatch(`${looker.name} does not see every seat in ${state.phase}`)
      continue
    }
    if (viewer.kind === 'spectator') {
      if (cameras.length > 0) throw new Mismatch(`a spectator sees seats at night`)
      continue
    }
    if (!cameras.includes(viewer.seat)) throw new Mismatch(`${looker.name} does not see themself`)
    const player = state.seats[viewer.seat - 1] as GameState['seats'][number]
    const black = player.role !== null && teamOf(player.role) === 'black'
    for (const seat of cameras) {
      if (seat === viewer.seat) continue
      const other = state.seats[seat - 1] as GameState['seats'][number]
      const together = (state.phase === 'zero_night' || state.phase === 'night_shooting') && black && player.left === null
      if (!together || other.left !== null || other.role === null || teamOf(other.role) !== 'black') throw new Mismatch(`${looker.name} sees seat ${seat} in ${state.phase}`)
    }
  }
}

/** Whether this viewer may not know of this event while the game runs. */
function hiddenFrom(event: GameEvent, looker: Looker): boolean {
  if (looker.viewer.kind === 'judge') return false
  if (event.type === 'points_awarded') return true
  if (event.type === 'night_action') return looker.viewer.kind !== 'player' || looker.viewer.seat !== event.seat
  return false
}

function checkHiddenEvent(before: GameState, after: GameState, event: GameEvent, lookers: readonly Looker[]): void {
  for (const looker of lookers) {
    if (!hiddenFrom(event, looker)) continue
    const same =
      JSON.stringify(actionsFor(before, looker.viewer)) === JSON.stringify(actionsFor(after, looker.viewer)) &&
      camerasFor(before, looker.viewer).join() === camerasFor(after, looker.viewer).join()
    if (!same) throw new Mismatch(`${looker.name}'s actions or cameras change with a hidden ${event.type}`)
  }
}

describe('the legal actions of every viewer', () => {
  const batches = 4
  const perBatch = games / batches
  let played = 0
  let states = 0
  let listedTargets = 0

  for (let batch = 0; batch < batches; batch++) {
    const first = batch * perBatch + 1
    const last = first + perBatch - 1
    it(`games ${first} to ${last}: what is listed is accepted, what is left out is refused, and hidden events change nothing`, () => {
      for (let seed = first; seed <= last; seed++) {
        let previous: GameState | null = null
        let lookers: Looker[] = []
        try {
          playRandomGame(seed, (state, event) => {
            if (lookers.length === 0) lookers = lookersOf(state)
            checkEveryCommand(state, lookers, states)
            checkCameras(state, lookers)
            if (previous !== null && state.phase !== 'ended') checkHiddenEvent(previous, state, event, lookers)
            for (const looker of lookers) {
              const player = actionsFor(state, looker.viewer).player
              listedTargets += (player?.night?.targets.length ?? 0) + (player?.vote.length ?? 0) + (player?.nominate.length ?? 0)
            }
            previous = state
            states++
          })
        } catch (error) {
          throw new Error(`seed ${seed}: ${(error as Error).message}`)
        }
        played++
      }
    })
  }

  it('asked them in many states, with many targets listed', () => {
    expect(played).toBe(games)
    // Every rule that leaves a night target out was met many times.
    for (const [rule, count] of Object.entries(ruleRefusals)) expect(count, rule).toBeGreaterThan(5)
    expect(states).toBeGreaterThan(games * 50)
    expect(listedTargets).toBeGreaterThan(states)
  })
})

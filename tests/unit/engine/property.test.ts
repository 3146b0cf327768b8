import { describe, expect, it } from 'vitest'
import type { GameEvent, GameView, RoleName, Team, Viewer, VisibleGameEvent } from '../../../server/contract/game'
import { deckLayout, gameResult, isQuietDraw, projectEvent, replay, teamOf, viewFor, type GameState } from '../../../server/modules/game/engine'
import { playRandomGame, type RandomGame } from './support/random-game'
import { autoTable, classicRoles } from './support/table'

/*
 * Plays many random games (a seeded PRNG, both decks, every setting, with and without a judge) and
 * checks after every event that no view and no projected event shows anyone a secret, and at the
 * end that the game has a valid result and its record replays to the same state.
 *
 * Roles can only appear where the view types put them (seats, `you`, night actions, awards and the
 * result), so those are checked in every view after every event. Every 100th game the whole JSON of
 * every view and event is also searched for role and team names the viewer may not know, in case a
 * role ever slips into some other field.
 */

const games = 5_000
const fullTextEvery = 100
const replayEvery = 10

class Leak extends Error {}

function fail(message: string): never {
  throw new Leak(message)
}

/** What one viewer may know while the game runs. */
interface Knowledge {
  viewer: Viewer
  seat: number | null
  black: boolean
  /** Role and team names this viewer may not meet anywhere (for the full-text check). */
  forbidden: RegExp
}

function knowledgeOf(roles: readonly RoleName[], seat: number | null): Knowledge {
  // "maniac" is also the public name of the Maniac's night step, so only the structural checks
  // cover his team's name.
  const teams: Team[] = ['red', 'black']
  const allowed = new Set<string>()
  const own = seat === null ? null : (roles[seat - 1] as RoleName)
  const black = own !== null && teamOf(own) === 'black'
  if (own !== null) {
    allowed.add(own)
    allowed.add(teamOf(own))
    if (black) for (const role of roles) if (teamOf(role) === 'black') allowed.add(role)
    // The Sheriff's answers are red or black.
    if (own === 'Sheriff') allowed.add('black')
  }
  const words = [...new Set<string>([...roles, ...teams])].filter((word) => !allowed.has(word))
  return {
    viewer: seat === null ? { kind: 'spectator' } : { kind: 'player', seat },
    seat,
    black,
    forbidden: new RegExp(`"(${words.join('|')})"`),
  }
}

function mayKnowRole(roles: readonly RoleName[], who: Knowledge, seat: number): boolean {
  return who.seat === seat || (who.black && teamOf(roles[seat - 1] as RoleName) === 'black')
}

function checkView(roles: readonly RoleName[], who: Knowledge, view: GameView): void {
  for (const seat of view.seats) {
    if (seat.role === null && seat.team === null) continue
    if (!mayKnowRole(roles, who, seat.seat)) fail(`${JSON.stringify(who.viewer)} sees the role of seat ${seat.seat}`)
    if (seat.role !== roles[seat.seat - 1]) fail(`seat ${seat.seat} shows a wrong role`)
  }
  if (who.seat === null) {
    if (view.you !== null || view.nightActions.length > 0) fail('a spectator sees a player\'s secrets')
  } else {
    const you = view.you
    if (you === null || you.role !== roles[who.seat - 1]) fail(`seat ${who.seat} does not see its own role`)
    for (const partner of you.partners) if (!who.black || !mayKnowRole(roles, who, partner.seat)) fail(`seat ${who.seat} sees a partner it has not`)
    for (const action of view.nightActions) {
      if (action.seat !== who.seat && !(who.black && action.step === 'shooting')) fail(`seat ${who.seat} sees seat ${action.seat}'s ${action.step}`)
    }
  }
  if (view.awards !== null || view.result !== null) fail('extra points or the result show before the end')
}

function checkProjection(roles: readonly RoleName[], who: Knowledge, event: GameEvent, projected: VisibleGameEvent | null): void {
  // Nothing at all for an event this viewer may not see (the streams then push nothing).
  if (projected === null) return
  if (projected.version !== event.version || projected.type !== event.type) fail('a projected event is another event')
  switch (projected.type) {
    case 'roles_dealt':
      projected.roles.forEach((role, index) => {
        if (role !== null && !mayKnowRole(roles, who, index + 1)) fail(`${JSON.stringify(who.viewer)} is dealt seat ${index + 1}'s role`)
      })
      return
    case 'night_action':
      if (projected.seat !== who.seat && !(who.black && projected.step === 'shooting')) fail(`${JSON.stringify(who.viewer)} sees a ${projected.step}`)
      return
    case 'points_awarded':
    case 'game_ended':
      fail(`${JSON.stringify(who.viewer)} sees ${projected.type} while the game runs`)
  }
}

function checkEveryViewer(roles: readonly RoleName[], viewers: readonly Knowledge[], state: GameState, event: GameEvent, fullText: boolean): void {
  // After the end everyone sees everything; only a running game has secrets.
  if (state.phase === 'ended') return
  for (const who of viewers) {
    const view = viewFor(state, who.viewer)
    checkView(roles, who, view)
    const projected = projectEvent(event, who.viewer, state)
    checkProjection(roles, who, event, projected)
    if (fullText && (who.forbidden.test(JSON.stringify(view)) || who.forbidden.test(JSON.stringify(projected)))) {
      fail(`${JSON.stringify(who.viewer)} meets a hidden role or team name after ${event.type}`)
    }
  }
}

function checkResult(game: RandomGame): void {
  const { state, roles, settings } = game
  const check = (condition: boolean, message: string) => {
    if (!condition) throw new Error(message)
  }
  check(state.phase === 'ended' && state.finalised, 'the game did not end')
  check([...roles].sort().join() === [...(deckLayout(game.deckId, roles.length) ?? [])].sort().join(), 'the deal is not the deck')
  const result = gameResult(state)
  if (!result) throw new Error('no result')
  check(['red', 'black', 'maniac', 'draw'].includes(result.outcome), 'unknown outcome')
  check(result.countsForRatings === !settings.newbie, 'countsForRatings')
  result.seats.forEach((seat, index) => {
    check(seat.role === roles[index], 'result role')
    check(seat.won === (seat.team === result.outcome), 'winner flag')
    const sum = seat.breakdown.win + seat.breakdown.bestMove + seat.breakdown.removal + seat.breakdown.extra
    check(Number.isFinite(seat.points) && Math.abs(seat.points - sum) < 1e-9, 'points add up')
    check(Math.abs(seat.breakdown.extra) <= 1 + 1e-9, 'extra points within ±1')
  })
  const atTable = state.seats.filter((seat) => seat.left === null).map((seat) => teamOf(seat.role as RoleName))
  const count = (team: Team) => atTable.filter((candidate) => candidate === team).length
  switch (result.reason) {
    case 'all_black_left':
      check(count('black') + count('maniac') === 0, 'red won with black or the Maniac at the table')
      break
    case 'black_parity':
      check(count('black') >= count('red') && count('black') > 0, 'black won without parity')
      break
    case 'maniac_last_two':
      check(count('maniac') === 1 && atTable.length <= 2, 'the Maniac won too early')
      break
    case 'draw_quiet_rounds':
      check(isQuietDraw(state), 'a draw that is not one')
      break
    default:
      check((result.reason === 'team_loss' || result.reason === 'judge') && settings.judge, 'a verdict without a judge')
  }
}

describe('random games', () => {
  const batches = 10
  const perBatch = games / batches
  const reasons = new Map<string, number>()
  const variety = { deck1: 0, deck2: 0, judge: 0, auto: 0, peaceful: 0, votingType1: 0, openUp: 0, fourthFoul: 0, split3In9: 0, voteIn0: 0, newbie: 0 }
  let played = 0
  let events = 0

  for (let batch = 0; batch < batches; batch++) {
    const first = batch * perBatch + 1
    const last = first + perBatch - 1
    it(`games ${first} to ${last} end with a valid result, replay exactly, and never leak a hidden role`, () => {
      for (let seed = first; seed <= last; seed++) {
        let roles: RoleName[] = []
        let viewers: Knowledge[] = []
        const fullText = seed % fullTextEvery === 0
        let game: RandomGame
        try {
          game = playRandomGame(seed, (state, event) => {
            if (event.type === 'roles_dealt') {
              roles = event.roles
              viewers = [knowledgeOf(roles, null), ...roles.map((_, index) => knowledgeOf(roles, index + 1))]
            }
            if (roles.length > 0) checkEveryViewer(roles, viewers, state, event, fullText)
          })
          checkResult(game)
          if (seed % replayEvery === 0 && JSON.stringify(replay(game.events)) !== JSON.stringify(game.state)) throw new Error('the record does not replay')
        } catch (error) {
          throw new Error(`seed ${seed}: ${(error as Error).message}`)
        }
        played++
        events += game.events.length
        const reason = game.state.outcome?.reason ?? 'none'
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
        const { settings } = game
        variety[game.deckId === 1 ? 'deck1' : 'deck2']++
        variety[settings.judge ? 'judge' : 'auto']++
        for (const flag of ['openUp', 'fourthFoul', 'split3In9', 'voteIn0', 'newbie'] as const) if (settings[flag]) variety[flag]++
        if (game.peaceful) variety.peaceful++
        if (settings.votingType === 1) variety.votingType1++
      }
    })
  }

  it(`played ${games} games that explore every ending, deck and setting`, () => {
    expect(played).toBe(games)
    for (const reason of ['all_black_left', 'black_parity', 'maniac_last_two', 'draw_quiet_rounds', 'team_loss', 'judge']) {
      expect(reasons.get(reason) ?? 0, reason).toBeGreaterThan(10)
    }
    for (const [name, count] of Object.entries(variety)) expect(count, name).toBeGreaterThan(games / 20)
    expect(events).toBeGreaterThan(games * 50)
  })

  it('the leak checks catch a leak', () => {
    const table = autoTable()
    table.toFirstDay()
    const roles = classicRoles
    const civil = knowledgeOf(roles, 1)
    const don = knowledgeOf(roles, 6)
    const view = viewFor(table.state, civil.viewer)
    expect(() => checkView(roles, civil, view)).not.toThrow()
    expect(() => checkView(roles, don, viewFor(table.state, don.viewer))).not.toThrow()
    const leaked = { ...view, seats: view.seats.map((seat) => (seat.seat === 3 ? { ...seat, role: 'Sheriff' as const } : seat)) }
    expect(() => checkView(roles, civil, leaked)).toThrow(Leak)
    const partner = { ...view, seats: view.seats.map((seat) => (seat.seat === 4 ? { ...seat, role: 'Mafia' as const } : seat)) }
    expect(() => checkView(roles, civil, partner)).toThrow(Leak)
    expect(civil.forbidden.test(JSON.stringify({ note: 'Sheriff' }))).toBe(true)
    expect(don.forbidden.test(JSON.stringify({ partner: 'Mafia' }))).toBe(false)
    expect(() => checkProjection(roles, civil, { type: 'time_up', version: 5, at: 0 }, { type: 'night_action', step: 'don', seat: 6, target: 3, result: 'sheriff', version: 5, at: 0 })).toThrow(Leak)
  })
})

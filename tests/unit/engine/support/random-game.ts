import type { DeckId, GameCommand, GameEvent, LobbySettings, RoleName } from '../../../../server/contract/game'
import {
  createGame,
  dealRoles,
  decks,
  execute,
  nextDeadline,
  replay,
  shuffleBounds,
  teamOf,
  type GameState,
} from '../../../../server/modules/game/engine'

/** A small, fast, seeded PRNG (mulberry32): the same seed plays the same game. */
export function seededRandom(seed: number): () => number {
  let value = seed >>> 0
  return () => {
    value = (value + 0x6d2b79f5) >>> 0
    let mixed = value
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1)
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61)
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296
  }
}

export const judgeUser = 1
export const outsiderUser = 999
const userOf = (seat: number) => 100 + seat

export interface RandomGame {
  seed: number
  peaceful: boolean
  deckId: DeckId
  settings: LobbySettings
  roles: RoleName[]
  state: GameState
  events: GameEvent[]
  commands: number
  refusals: number
}

/** Called after every event with the state it produced. */
export type Inspect = (state: GameState, event: GameEvent) => void

/**
 * Plays one random game: mostly legal moves for the phase at hand, with the judge's powers,
 * connection drops, timers running out and random (often illegal) commands mixed in.
 */
export function playRandomGame(seed: number, inspect: Inspect): RandomGame {
  const random = seededRandom(seed)
  const below = (count: number) => Math.floor(random() * count)
  const chance = (probability: number) => random() < probability
  const pick = <T>(list: readonly T[]): T | undefined => list[below(list.length)]

  const deckId: DeckId = chance(0.5) ? 1 : 2
  const settings: LobbySettings = {
    split3In9: chance(0.5),
    voteIn0: chance(0.5),
    judge: chance(0.5),
    newbie: chance(0.2),
    fourthFoul: chance(0.5),
    openUp: chance(0.5),
    votingType: chance(0.5) ? 0 : 1,
  }
  // Some tables hardly ever nominate and the mafia rarely agrees: they end in draws.
  const peaceful = chance(0.12)
  const seatCount = deckId === 1 ? 10 : 12
  const seats = Array.from({ length: seatCount }, (_, index) => userOf(index + 1))
  const judge = settings.judge ? judgeUser : null
  let now = 1_000_000
  const created = createGame({ deckId, settings, seats, judge }, now)
  if (!created.ok) throw new Error(created.error)
  const events: GameEvent[] = [...created.events]
  let state = replay(events)
  const roles = dealRoles(decks[deckId], seatCount, shuffleBounds(seatCount).map(() => below(2 ** 32)))
  let commands = 0
  let refusals = 0

  const run = (command: GameCommand): boolean => {
    commands++
    const result = execute(state, command)
    if (!result.ok) {
      refusals++
      return false
    }
    result.events.forEach((event, index) => {
      if (event.version !== state.version + index + 1) throw new Error('version gap')
      events.push(event)
      inspect(result.states[index] as GameState, event)
    })
    state = result.state
    return true
  }

  /** Adds the envelope to a fresh payload (in place: copying it is the driver's slowest step). */
  const send = (payload: Record<string, unknown>, by: number | 'host') => {
    payload.by = by
    payload.at = now
    return run(payload as unknown as GameCommand)
  }
  const judgeSends = (payload: Record<string, unknown>) => send(payload, judgeUser)
  const seatSends = (seat: number, payload: Record<string, unknown>) => send(payload, userOf(seat))
  const atTable = () => state.seats.filter((seat) => seat.left === null).map((seat) => seat.seat)

  /** Lets the phase's time run out (or the judge move on). */
  const advance = () => {
    if (state.paused) return judgeSends({ type: 'resume' })
    if (judge !== null && (state.timeUp || chance(0.6))) return judgeSends({ type: 'next' })
    const deadline = nextDeadline(state)
    if (deadline === null) return judge !== null ? judgeSends({ type: 'next' }) : false
    now = Math.max(now, deadline)
    return run({ type: 'tick', by: 'host', at: now })
  }

  const chaos = (): boolean => {
    const roll = random()
    if (peaceful) return roll < 0.02 ? randomCommand() : false
    if (roll < 0.012) {
      const seat = pick(state.seats)
      if (seat) send({ type: 'connection', user: seat.user, connected: !seat.connected || chance(0.2) }, 'host')
      return true
    }
    if (judge === null) return roll < 0.05 ? randomCommand() : false
    if (roll < 0.025) return judgeSends({ type: 'foul', seat: pick(atTable()) ?? 1 })
    if (roll < 0.027) return judgeSends({ type: 'disqualify', seat: pick(atTable()) ?? 1 })
    if (roll < 0.031) return judgeSends({ type: state.paused ? 'resume' : 'pause' })
    if (roll < 0.036) return judgeSends({ type: 'award_points', seat: 1 + below(seatCount), points: (below(41) - 20) / 20, reason: 'r' })
    if (roll < 0.04) return judgeSends({ type: 'microphone', seat: 1 + below(seatCount), open: chance(0.5) })
    if (roll < 0.0405) return judgeSends({ type: 'team_loss', team: chance(0.5) ? 'red' : 'black' })
    if (roll < 0.041) return judgeSends({ type: 'end_game', outcome: pick(['red', 'black', 'maniac', 'draw'] as const) })
    if (roll < 0.046) return judgeSends({ type: chance(0.5) ? 'extend_timer' : 'reset_timer' })
    if (roll < 0.07) return randomCommand()
    return false
  }

  /** Any command from anyone, most of them illegal right now. */
  const randomCommand = (): boolean => {
    const senders: (number | 'host')[] = [judgeUser, outsiderUser, 'host', ...seats]
    const by = pick(senders) ?? 'host'
    const target = 1 + below(seatCount + 1)
    const payloads: Record<string, unknown>[] = [
      { type: 'nominate', target },
      { type: 'end_speech' },
      { type: 'vote', target },
      { type: 'lift_vote', leave: chance(0.5) },
      { type: 'night_action', target },
      { type: 'best_move', targets: [target] },
      { type: 'next' },
      { type: 'confirm_nomination' },
      { type: 'foul', seat: target },
      { type: 'tick' },
    ]
    const before = commands % 64 === 0 ? JSON.stringify(state) : null
    const accepted = send(pick(payloads) ?? { type: 'tick' }, by)
    if (!accepted && before !== null && JSON.stringify(state) !== before) throw new Error('a refused command changed the state')
    return true
  }

  const playPhase = () => {
    const speaker = state.speaker
    switch (state.phase) {
      case 'zero_night':
        return advance()
      case 'day_speech': {
        if (speaker === null) return advance()
        if (state.pendingNomination) return judgeSends({ type: chance(0.8) ? 'confirm_nomination' : 'reject_nomination' })
        const nominated = state.nominations.some((nomination) => nomination.by === speaker)
        if (!nominated && chance(peaceful ? 0.03 : 0.45)) {
          const free = atTable().filter((seat) => !state.nominations.some((nomination) => nomination.target === seat))
          const target = pick(free)
          if (target !== undefined) return seatSends(speaker, { type: 'nominate', target })
        }
        return chance(0.6) ? seatSends(speaker, { type: 'end_speech' }) : advance()
      }
      case 'defence_speech':
      case 'last_words':
        return speaker !== null && chance(0.6) ? seatSends(speaker, { type: 'end_speech' }) : advance()
      case 'best_move': {
        if (speaker === null || !chance(0.7)) return advance()
        const others = state.seats.map((seat) => seat.seat).filter((seat) => seat !== speaker)
        const targets = [...new Set(Array.from({ length: below(4) }, () => pick(others) as number))]
        return seatSends(speaker, { type: 'best_move', targets })
      }
      case 'voting': {
        const stage = state.vote
        if (!stage) return advance()
        const waiting = atTable().filter((seat) => !stage.votes.some((vote) => vote.voter === seat))
        const voter = pick(waiting)
        if (voter === undefined || chance(0.25)) return advance()
        const candidate = stage.votingType === 0 ? stage.candidates[stage.current] : pick(stage.candidates)
        return seatSends(voter, { type: 'vote', target: candidate })
      }
      case 'lift_vote': {
        const stage = state.lift
        const waiting = atTable().filter((seat) => !stage?.votes.some((vote) => vote.voter === seat))
        const voter = pick(waiting)
        if (voter === undefined || chance(0.3)) return advance()
        return seatSends(voter, { type: 'lift_vote', leave: chance(0.6) })
      }
      case 'night_shooting':
      case 'night_maniac':
      case 'night_doctor':
      case 'night_don':
      case 'night_sheriff': {
        const step = state.nightStep
        const actors = state.seats.filter((seat) => {
          if (seat.left !== null || seat.role === null) return false
          if (state.nightActions.some((action) => action.night === state.night && action.step === step && action.seat === seat.seat)) return false
          if (step === 'shooting') return teamOf(seat.role) === 'black'
          return (step === 'maniac' && seat.role === 'Maniac') || (step === 'doctor' && seat.role === 'Doctor') || (step === 'don' && seat.role === 'Don') || (step === 'sheriff' && seat.role === 'Sheriff')
        })
        const actor = pick(actors)
        if (actor === undefined || chance(0.2)) return advance()
        // Black players agree on a shot more often than not, so games have kills and misses.
        const agreed = state.nightActions.find((action) => action.night === state.night && action.step === 'shooting')?.target
        const target = step === 'shooting' && agreed !== undefined && chance(peaceful ? 0.1 : 0.75) ? agreed : pick(atTable())
        return seatSends(actor.seat, { type: 'night_action', target })
      }
      default:
        return advance()
    }
  }

  if (!run({ type: 'start', roles, by: judge ?? 'host', at: now })) throw new Error('the deal was refused')
  for (let step = 0; step < 20_000; step++) {
    if (state.phase === 'ended') {
      if (state.finalised) break
      if (chance(0.3)) judgeSends({ type: 'award_points', seat: 1 + below(seatCount), points: (below(41) - 20) / 20, reason: 'r' })
      else judgeSends({ type: 'finalise' })
      continue
    }
    now += below(4_000)
    if (!chaos()) playPhase()
  }
  return { seed, peaceful, deckId, settings, roles, state, events, commands, refusals }
}

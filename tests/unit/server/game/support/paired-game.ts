import type { DeckId, GameCommand, GameEvent, LobbySettings, Viewer } from '../../../../../server/contract/game'
import type { TablePush } from '../../../../../server/contract/socket/game'
import { createGame, dealRoles, decks, execute, nextDeadline, replay, shuffleBounds, teamOf, type GameState } from '../../../../../server/modules/game/engine'
import { TableStreams } from '../../../../../server/modules/game/streams'
import { seededRandom } from '../../../engine/support/random-game'

/*
 * A random game whose choices come from two sources: the public script (a PRNG seeded by the game's
 * seed) makes every choice the table may know of, from public facts only; the hidden script (a PRNG
 * seeded apart) makes the choices only some viewers are entitled to:
 *   - the black players' shots: who shoots when, in which order, and how a planned miss misses;
 *   - the Don's, the Sheriff's and the Doctor's targets (or no action);
 *   - while `openUp` is off, which players cast the votes the public script counts.
 * Everything public a hidden choice decides stays fixed by the public script: a planned kill is
 * shot by every black player at the table, a planned miss stays a miss, the Doctor never heals the
 * night's planned victims, the Maniac's kill is public. So two runs with one public seed and two
 * hidden seeds must look the same to everyone not entitled to the hidden choices.
 */

/** One push as the test compares them: at which step of the script, and its content. */
export interface Received {
  step: number
  push: TablePush
}

export interface PairedRun {
  deckId: DeckId
  settings: LobbySettings
  /** Every event of the game. */
  events: GameEvent[]
  /** Each viewer's pushes, by viewer key (`seat:3`, `judge`, `spectator`), up to the end. */
  received: Map<string, Received[]>
  /** Each seat's hidden choices, in order (what entitles a viewer). */
  hidden: Map<number, string[]>
  /** Every shot, in the order made (black players see their partners' shots, so the order entitles them too). */
  shots: string[]
  /** The seats of black players. */
  black: number[]
  state: GameState
}

export const viewerKey = (viewer: Viewer) => (viewer.kind === 'player' ? `seat:${viewer.seat}` : viewer.kind)

const judgeUser = 1
const userOf = (seat: number) => 100 + seat

export interface PairedOptions {
  /** Called after each command with the deliveries it made, the state after it, every event so far and the table's streams. */
  onAdvance?: (deliveries: { viewer: Viewer; push: TablePush }[], state: GameState, events: readonly GameEvent[], streams: TableStreams) => void
}

/** Plays one game from a public seed and a hidden seed; see the file's comment. */
export function playPairedGame(publicSeed: number, hiddenSeed: number, options: PairedOptions = {}): PairedRun {
  const random = seededRandom(publicSeed)
  const hiddenRandom = seededRandom(hiddenSeed)
  const below = (count: number) => Math.floor(random() * count)
  const chance = (probability: number) => random() < probability
  const pick = <T>(list: readonly T[]): T | undefined => list[below(list.length)]
  const hiddenBelow = (count: number) => Math.floor(hiddenRandom() * count)
  const hiddenChance = (probability: number) => hiddenRandom() < probability
  const hiddenPick = <T>(list: readonly T[]): T | undefined => list[hiddenBelow(list.length)]

  const deckId: DeckId = chance(0.5) ? 1 : 2
  const settings: LobbySettings = {
    split3In9: chance(0.5),
    voteIn0: chance(0.5),
    judge: chance(0.5),
    newbie: false,
    fourthFoul: chance(0.5),
    openUp: chance(0.5),
    votingType: chance(0.5) ? 0 : 1,
  }
  const seatCount = deckId === 1 ? 10 : 12
  const seats = Array.from({ length: seatCount }, (_, index) => userOf(index + 1))
  const judge = settings.judge ? judgeUser : null
  let now = 1_000_000
  const created = createGame({ deckId, settings, seats, judge }, now)
  if (!created.ok) throw new Error(created.error)
  const events: GameEvent[] = [...created.events]
  let state = replay(events)
  const roles = dealRoles(decks[deckId], seatCount, shuffleBounds(seatCount).map(() => below(2 ** 32)))
  const black = roles.flatMap((role, index) => (teamOf(role) === 'black' ? [index + 1] : []))
  // As on the server: nothing is stored before the deal, so the streams start with the start command.
  const streams = new TableStreams('stream', 7, null)
  const received = new Map<string, Received[]>()
  const hidden = new Map<number, string[]>()
  const shots: string[] = []
  let step = 0
  let ended = false

  const run = (command: GameCommand): boolean => {
    const result = execute(state, command)
    if (!result.ok) return false
    events.push(...result.events)
    state = result.state
    // As on the server, the start's push carries the game's first event too (both are stored together).
    const deliveries = streams.advance(command.type === 'start' ? [...created.events, ...result.events] : result.events, state)
    options.onAdvance?.(deliveries, state, events, streams)
    // The end reveals everything to everyone: pushes are compared up to it.
    if (!ended) {
      for (const { viewer, push } of deliveries) {
        if (push.changes.phase === 'ended') continue
        const key = viewerKey(viewer)
        let list = received.get(key)
        if (!list) received.set(key, (list = []))
        list.push({ step, push })
      }
    }
    if (state.phase === 'ended') ended = true
    return true
  }
  const send = (payload: Record<string, unknown>, by: number | 'host') => run({ ...payload, by, at: now } as unknown as GameCommand)
  const judgeSends = (payload: Record<string, unknown>) => send(payload, judgeUser)
  const seatSends = (seat: number, payload: Record<string, unknown>) => send(payload, userOf(seat))
  /** A hidden choice, recorded against the seat that makes it. */
  const hiddenSends = (seat: number, payload: Record<string, unknown>) => {
    const accepted = seatSends(seat, payload)
    let list = hidden.get(seat)
    if (!list) hidden.set(seat, (list = []))
    list.push(`${step}:${JSON.stringify(payload)}:${accepted}`)
    if (payload.type === 'night_action' && state.nightStep === 'shooting') shots.push(`${step}:${seat}:${JSON.stringify(payload)}:${accepted}`)
    return accepted
  }
  const atTable = () => state.seats.filter((seat) => seat.left === null).map((seat) => seat.seat)
  const roleAt = (seat: number) => roles[seat - 1]

  /** The night's public plan: the mafia's kill (or a miss) and the Maniac's target. */
  let plannedNight = -1
  let mafiaTarget: number | null = null
  let maniacTarget: number | null = null
  /** Hidden actions still to make in this night step, in the hidden script's order. */
  let pending: { seat: number; target: number }[] = []
  let pendingStep: string | null = null

  const planNight = () => {
    if (plannedNight === state.night) return
    plannedNight = state.night
    mafiaTarget = chance(0.6) ? (pick(atTable()) ?? null) : null
    maniacTarget = chance(0.7) ? (pick(atTable()) ?? null) : null
  }

  /** The hidden actions of a night step, planned when the step starts. */
  const planStep = () => {
    const stepName = `${state.night}:${state.nightStep}`
    if (pendingStep === stepName) return
    pendingStep = stepName
    pending = []
    const table = atTable()
    const actors = table.filter((seat) => {
      const role = roleAt(seat)
      if (!role) return false
      switch (state.nightStep) {
        case 'shooting':
          return teamOf(role) === 'black'
        case 'doctor':
          return role === 'Doctor'
        case 'don':
          return role === 'Don'
        case 'sheriff':
          return role === 'Sheriff'
        default:
          return false
      }
    })
    if (state.nightStep === 'shooting') {
      const order = [...actors].sort(() => hiddenRandom() - 0.5)
      if (mafiaTarget !== null) pending = order.map((seat) => ({ seat, target: mafiaTarget as number }))
      else {
        // A miss: some shooters abstain, or they pick different seats (never all the same one).
        const picks = order.map((seat) => ({ seat, target: hiddenChance(0.25) ? -1 : (hiddenPick(table) as number) }))
        const shots = picks.filter((shot) => shot.target !== -1)
        if (shots.length === order.length && shots.length > 0 && shots.every((shot) => shot.target === shots[0]?.target)) {
          if (order.length === 1 || table.length < 2) (picks[0] as { target: number }).target = -1
          else {
            const first = shots[0]?.target as number
            ;(picks[picks.length - 1] as { target: number }).target = table.find((seat) => seat !== first) as number
          }
        }
        pending = picks.filter((shot) => shot.target !== -1)
      }
    } else if (state.nightStep === 'doctor' || state.nightStep === 'don' || state.nightStep === 'sheriff') {
      for (const seat of actors) {
        if (hiddenChance(0.2)) continue
        const spared = state.nightStep === 'doctor' ? [mafiaTarget, maniacTarget] : []
        const target = hiddenPick(table.filter((candidate) => !spared.includes(candidate) && (state.nightStep === 'doctor' || candidate !== seat)))
        if (target !== undefined) pending.push({ seat, target })
      }
    }
  }

  /** Makes the step's hidden actions still due; `all` before the step ends. */
  const hiddenActions = (all: boolean) => {
    while (pending.length > 0 && (all || hiddenChance(0.4))) {
      const action = pending.shift() as { seat: number; target: number }
      hiddenSends(action.seat, { type: 'night_action', target: action.target })
      if (!all) break
    }
  }

  /** Lets the phase's time run out, or the judge move on. */
  const advance = () => {
    if (state.phase.startsWith('night_')) hiddenActions(true)
    if (state.paused) return judgeSends({ type: 'resume' })
    if (judge !== null && (state.timeUp || chance(0.6))) return judgeSends({ type: 'next' })
    const deadline = nextDeadline(state)
    if (deadline === null) return judge !== null ? judgeSends({ type: 'next' }) : false
    now = Math.max(now, deadline)
    return run({ type: 'tick', by: 'host', at: now })
  }

  /** The judge's discipline and the connections: public, and by day only (a night removal could turn a planned miss into a kill). */
  const dayChaos = (): boolean => {
    if (state.phase.startsWith('night_') || state.phase === 'zero_night' || state.phase === 'ended') return false
    const roll = random()
    if (roll < 0.01) {
      const seat = pick(state.seats)
      if (seat) send({ type: 'connection', user: seat.user, connected: !seat.connected }, 'host')
      return true
    }
    if (judge === null) return false
    if (roll < 0.02) return judgeSends({ type: 'foul', seat: pick(atTable()) ?? 1 })
    if (roll < 0.022) return judgeSends({ type: 'disqualify', seat: pick(atTable()) ?? 1 })
    if (roll < 0.026) return judgeSends({ type: state.paused ? 'resume' : 'pause' })
    if (roll < 0.03) return judgeSends({ type: 'microphone', seat: 1 + below(seatCount), open: chance(0.5) })
    if (roll < 0.033) return judgeSends({ type: 'award_points', seat: 1 + below(seatCount), points: 0.25, reason: 'r' })
    if (roll < 0.036) return judgeSends({ type: chance(0.5) ? 'extend_timer' : 'reset_timer' })
    return false
  }

  const playPhase = () => {
    const speaker = state.speaker
    switch (state.phase) {
      case 'day_speech': {
        if (speaker === null) return advance()
        if (state.pendingNomination) return judgeSends({ type: chance(0.8) ? 'confirm_nomination' : 'reject_nomination' })
        const nominated = state.nominations.some((nomination) => nomination.by === speaker)
        if (!nominated && chance(0.45)) {
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
        // How many have voted is public; who has not is the hidden script's to know while votes are closed.
        const waiting = atTable().filter((seat) => !stage.votes.some((vote) => vote.voter === seat))
        if (waiting.length === 0 || chance(0.25)) return advance()
        const candidate = stage.votingType === 0 ? stage.candidates[stage.current] : pick(stage.candidates)
        if (settings.openUp) return seatSends(pick(waiting) as number, { type: 'vote', target: candidate })
        return hiddenSends(hiddenPick(waiting) as number, { type: 'vote', target: candidate })
      }
      case 'lift_vote': {
        const stage = state.lift
        const waiting = atTable().filter((seat) => !stage?.votes.some((vote) => vote.voter === seat))
        if (waiting.length === 0 || chance(0.3)) return advance()
        const leave = chance(0.6)
        if (settings.openUp) return seatSends(pick(waiting) as number, { type: 'lift_vote', leave })
        return hiddenSends(hiddenPick(waiting) as number, { type: 'lift_vote', leave })
      }
      case 'night_shooting':
      case 'night_maniac':
      case 'night_doctor':
      case 'night_don':
      case 'night_sheriff': {
        // A player removed at night for a lost connection would turn a planned miss into a kill
        // (the shot counts among those still at the table at dawn): everyone is back before night.
        const away = state.seats.find((seat) => seat.left === null && !seat.connected)
        if (away) return send({ type: 'connection', user: away.user, connected: true }, 'host')
        planNight()
        if (state.nightStep === 'maniac') {
          const maniac = atTable().find((seat) => roleAt(seat) === 'Maniac')
          if (maniac !== undefined && maniacTarget !== null && maniacTarget !== maniac && !state.nightActions.some((action) => action.night === state.night && action.step === 'maniac')) {
            return seatSends(maniac, { type: 'night_action', target: maniacTarget })
          }
          return advance()
        }
        planStep()
        if (chance(0.3)) return advance()
        // Time passes within the step; the hidden script acts when it likes.
        hiddenActions(false)
        return true
      }
      default:
        return advance()
    }
  }

  if (!run({ type: 'start', roles, by: judge ?? 'host', at: now })) throw new Error('the deal was refused')
  for (step = 0; step < 20_000; step++) {
    if (state.phase === 'ended') break
    now += 1 + below(2_000)
    if (!dayChaos()) playPhase()
  }
  return { deckId, settings, events, received, hidden, shots, black, state }
}

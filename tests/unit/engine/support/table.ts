import { expect } from 'vitest'
import {
  defaultLobbySettings,
  type DeckId,
  type GameCommand,
  type GameCommandPayload,
  type GameErrorCode,
  type GameEvent,
  type GameView,
  type LobbySettings,
  type RoleName,
  type Viewer,
} from '../../../../server/contract/game'
import { createGame, execute, replay, viewFor, type ExecuteResult, type GameState } from '../../../../server/modules/game/engine'

export const judgeUser = 1
export const outsiderUser = 999
export const userOf = (seat: number): number => 100 + seat

/** Deck 1 dealt so tests know who is who: Sheriff 3, Mafia 4 and 8, Don 6. */
export const classicRoles: RoleName[] = ['Civil', 'Civil', 'Sheriff', 'Mafia', 'Civil', 'Don', 'Civil', 'Mafia', 'Civil', 'Civil']
/** Deck 2: Doctor 2, Sheriff 3, Mafia 4 and 8, Don 6, Maniac 7. */
export const cityRoles: RoleName[] = ['Civil', 'Doctor', 'Sheriff', 'Mafia', 'Civil', 'Don', 'Maniac', 'Mafia', 'Civil', 'Civil', 'Civil', 'Civil']

/** A seat number, the judge, the server, or any user id. */
export type Sender = number | 'judge' | 'host' | { user: number }

export type TestPayload = Exclude<GameCommandPayload, { type: 'start' }> | { type: 'tick' } | { type: 'connection'; user: number; connected: boolean }

export interface TableOptions {
  deckId?: DeckId
  settings?: Partial<LobbySettings>
  roles?: RoleName[]
  /** Stop before the deal (default: dealt, in the zero night). */
  deal?: boolean
}

/** A test table: sends commands the way the host will, keeps the record, and checks replays. */
export class Table {
  state: GameState
  readonly events: GameEvent[] = []
  now = 1_000_000

  constructor(options: TableOptions = {}) {
    const deckId = options.deckId ?? 1
    const settings = { ...defaultLobbySettings, ...options.settings }
    const roles = options.roles ?? (deckId === 1 ? classicRoles : cityRoles)
    const created = createGame({ deckId, settings, seats: roles.map((_, index) => userOf(index + 1)), judge: settings.judge ? judgeUser : null }, this.now)
    if (!created.ok) throw new Error(created.error)
    this.events.push(...created.events)
    this.state = replay(created.events)
    if (options.deal !== false) this.start(roles)
  }

  get judged(): boolean {
    return this.state.judge !== null
  }

  start(roles: RoleName[]): GameEvent[] {
    return this.commit(this.raw({ type: 'start', roles, by: this.judged ? judgeUser : 'host', at: this.now }))
  }

  private by(sender: Sender): number | 'host' {
    if (sender === 'judge') return judgeUser
    if (sender === 'host') return 'host'
    if (typeof sender === 'number') return userOf(sender)
    return sender.user
  }

  /** Runs any command; a refusal must leave the state exactly as it was. */
  raw(command: GameCommand): ExecuteResult {
    const before = JSON.stringify(this.state)
    const result = execute(this.state, command)
    if (!result.ok) expect(JSON.stringify(this.state)).toBe(before)
    return result
  }

  private commit(result: ExecuteResult): GameEvent[] {
    if (!result.ok) throw new Error(`refused: ${result.error}`)
    this.events.push(...result.events)
    this.state = result.state
    return result.events
  }

  /** Sends a command and returns the result without applying a refusal. */
  attempt(sender: Sender, payload: TestPayload): ExecuteResult {
    const result = this.raw({ ...payload, by: this.by(sender), at: this.now } as GameCommand)
    if (result.ok) this.commit(result)
    return result
  }

  /** Sends a command that must be accepted. */
  act(sender: Sender, payload: TestPayload): GameEvent[] {
    const result = this.attempt(sender, payload)
    if (!result.ok) throw new Error(`${JSON.stringify(payload)} by ${JSON.stringify(sender)} refused: ${result.error} in ${this.state.phase}`)
    return result.events
  }

  /** Sends a command that must be refused with this error, changing nothing. */
  refuse(sender: Sender, payload: TestPayload, error: GameErrorCode): void {
    const version = this.state.version
    const result = this.attempt(sender, payload)
    expect(result).toEqual({ ok: false, error })
    expect(this.state.version).toBe(version)
  }

  /** Lets time pass and tells the engine (the host's tick). */
  wait(milliseconds: number): GameEvent[] {
    this.now += milliseconds
    return this.act('host', { type: 'tick' })
  }

  /** Ends the current phase: the judge moves on, or, without a judge, its timer runs out. */
  finish(): GameEvent[] {
    if (this.judged) return this.act('judge', { type: 'next' })
    const deadline = this.state.deadline
    if (deadline === null) throw new Error(`nothing to wait for in ${this.state.phase}`)
    this.now = Math.max(this.now, deadline)
    return this.act('host', { type: 'tick' })
  }

  /** Plays the day's speeches: each speaker makes the given nomination (confirmed at a judged table). */
  speeches(nominations: Record<number, number> = {}): void {
    while (this.state.phase === 'day_speech') {
      const speaker = this.state.speaker as number
      const target = nominations[speaker]
      if (target !== undefined) {
        this.act(speaker, { type: 'nominate', target })
        if (this.judged) this.act('judge', { type: 'confirm_nomination' })
      }
      this.act(speaker, { type: 'end_speech' })
    }
  }

  /** Defence speeches, each ended by its speaker. */
  defences(): number[] {
    const speakers: number[] = []
    while (this.state.phase === 'defence_speech') {
      const speaker = this.state.speaker as number
      speakers.push(speaker)
      this.act(speaker, { type: 'end_speech' })
    }
    return speakers
  }

  /**
   * One vote round: every listed voter votes for their candidate when it can be voted for (as it
   * is called, in the classic vote); the others do not vote. Each window then runs out.
   */
  vote(ballots: Record<number, number>): void {
    const day = this.state.day
    const round = this.state.vote?.round
    const sameRound = () => this.state.phase === 'voting' && this.state.vote !== null && this.state.day === day && this.state.vote.round === round
    while (sameRound()) {
      const stage = this.state.vote as NonNullable<GameState['vote']>
      const current = stage.current
      const open = stage.votingType === 0 ? [stage.candidates[current] as number] : stage.candidates
      const stillOpen = () => sameRound() && this.state.vote?.current === current
      for (const [voter, candidate] of Object.entries(ballots)) {
        if (!stillOpen()) break
        if (open.includes(candidate) && this.seat(Number(voter)).left === null) this.act(Number(voter), { type: 'vote', target: candidate })
      }
      if (stillOpen()) this.finish()
    }
  }

  /** The "all leave?" vote: these seats vote yes, the rest stay silent; then it closes. */
  liftVote(yes: number[]): void {
    for (const voter of yes) this.act(voter, { type: 'lift_vote', leave: true })
    if (this.state.phase === 'lift_vote') this.finish()
  }

  /** Plays a night: who shoots whom, and the other roles' picks; each step then runs out. */
  night(actions: { shots?: Record<number, number>; maniac?: number; doctor?: number; don?: number; sheriff?: number } = {}): void {
    while (this.state.phase.startsWith('night_')) {
      const step = this.state.nightStep
      const actor = (role: RoleName) => this.state.seats.find((seat) => seat.role === role && seat.left === null)?.seat
      const pick = (role: RoleName, target: number | undefined) => {
        const seat = actor(role)
        if (seat !== undefined && target !== undefined) this.act(seat, { type: 'night_action', target })
      }
      if (step === 'shooting') for (const [seat, target] of Object.entries(actions.shots ?? {})) this.act(Number(seat), { type: 'night_action', target })
      if (step === 'maniac') pick('Maniac', actions.maniac)
      if (step === 'doctor') pick('Doctor', actions.doctor)
      if (step === 'don') pick('Don', actions.don)
      if (step === 'sheriff') pick('Sheriff', actions.sheriff)
      this.finish()
    }
  }

  /** Best moves skipped and last words ended, until the next phase. */
  farewells(): void {
    while (this.state.phase === 'last_words' || this.state.phase === 'best_move') {
      this.act(this.state.speaker as number, { type: 'end_speech' })
    }
  }

  /** From the zero night to day 1's first speech. */
  toFirstDay(): void {
    if (this.state.phase === 'zero_night') this.finish()
  }

  /** A whole quiet day: speeches without nominations, so night falls. */
  quietDay(): void {
    this.speeches()
  }

  view(viewer: Viewer): GameView {
    return viewFor(this.state, viewer)
  }

  /** The record replays to exactly the state the commands built. */
  expectReplayable(): void {
    expect(replay(this.events)).toEqual(this.state)
    this.events.forEach((event, index) => expect(event.version).toBe(index + 1))
  }

  seat(seat: number) {
    return this.state.seats[seat - 1] as GameState['seats'][number]
  }

  eventsOfType<T extends GameEvent['type']>(type: T): Extract<GameEvent, { type: T }>[] {
    return this.events.filter((event): event is Extract<GameEvent, { type: T }> => event.type === type)
  }
}

/** A judge-less table, the usual test table for rules that do not involve the judge. */
export const autoTable = (options: TableOptions = {}): Table => new Table({ ...options, settings: { judge: false, ...options.settings } })

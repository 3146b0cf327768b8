import { performance } from 'node:perf_hooks'
import { applyTablePush, takeSnapshot } from '../../renderer/state/table'
import type { GameCommandPayload, GameView } from '../../server/contract/game'
import type { TablePush, TableSnapshot, TableSync } from '../../server/contract/socket/game'
import type { Lobby } from '../../server/contract/socket/lobbies'
import type { AckError } from '../../server/contract/errors'
import type { SocketRequestName, SocketRequestResult } from '../../server/contract/socket/events'
import { rawRequest, type TestRequestArguments } from './requests'
import type { TestSocket } from './sockets'

/**
 * A judged table of ten driven over real sockets by scripted clients. Every client holds its own
 * view the way the renderer does: the pushes of its own stream applied with the renderer's own
 * `applyTablePush`, a `mafia:game:sync` after a gap, nothing folded. Every move is made from the
 * mover's own view and its legal actions: a player speaks, nominates, votes or acts at night only
 * when the actions the server gave them say so. The targets come from the script, which knows the
 * deal (the judge's view): each day one black and one red player are nominated, everyone votes the
 * black one out, black shoots a civilian, the first victim names the three black seats. Red wins.
 */

/** A signed-in user with an open socket. */
export interface Member {
  id: number
  token: string
  socket: TestSocket
}

export const isBlack = (role: string | null | undefined) => role === 'Mafia' || role === 'Don'

/**
 * What `ask` resolves with: the request's result, whose fields a test reads as they are, or the
 * server's refusal, whose `error` (and `field`, `retryAfter`) a test compares. Typed as both at
 * once so a test reads either without a cast; `request` (requests.ts) gives the strict union.
 */
export type Answer<E extends SocketRequestName> = SocketRequestResult<E> & Partial<AckError>

/**
 * Sends one request of the contract (its name and payload checked against `SocketRequests`) and
 * resolves with its ack as the server sent it. Payloads the contract forbids go through `rawRequest`.
 */
export function ask<E extends SocketRequestName>(socket: TestSocket, event: E, ...[payload, timeoutMs = 10_000]: TestRequestArguments<E>): Promise<Answer<E>> {
  return rawRequest(socket, event, payload, timeoutMs) as Promise<Answer<E>>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A view and its position as a scripted viewer holds them. The script reads views, never the game's
 * record, so a viewer keeps no record: thousands of viewers in `bench:game` would each hold a copy of
 * it for the whole game.
 */
export function withoutRecord(snapshot: TableSnapshot | null): TableSnapshot | null {
  return snapshot === null ? null : { ...snapshot, log: [] }
}

/** Called for every push a viewer receives: its position on the viewer's stream, and when (performance.now()). */
export type ArrivalListener = (viewer: TableViewer, seq: number, at: number) => void

/**
 * One viewer's client of one table: a player, the judge or a spectator. Applies each push of its
 * own stream with the renderer's `applyTablePush` and syncs after a gap.
 */
export class TableViewer {
  private snapshot: TableSnapshot | null = null
  private syncing: Promise<void> | null = null
  private syncAgain = false
  private waiters: Array<() => void> = []
  private failure: Error | null = null
  /** Views loaded or synced (the first load included); during play a client needs none. */
  reloads = 0
  /** Every push received, in order (the tests read what a viewer was told). */
  readonly pushes: TablePush[] = []

  constructor(
    readonly member: Member,
    readonly lobbyId: number,
    private onArrival: ArrivalListener = () => undefined,
    /** How long a load or a wait for a view may take. */
    private timeoutMs = 20_000,
  ) {}

  /** Starts listening, then loads the view once; pushes that overtake the load are applied after it. */
  async attach(): Promise<void> {
    this.member.socket.on('mafia:game:updated', (push: TablePush) => {
      if (push.lobbyId !== this.lobbyId) return
      this.pushes.push(push)
      this.onArrival(this, push.seq, performance.now())
      const applied = applyTablePush(this.snapshot, this.lobbyId, push)
      if (applied.outcome === 'applied') this.hold(applied.held)
      else if (applied.outcome === 'gap') {
        // A failed sync (the socket closed, the server refused) is reported to whoever waits next.
        this.sync().catch((error: unknown) => {
          this.failure = error instanceof Error ? error : new Error(String(error))
          this.wake()
        })
      }
      this.wake()
    })
    this.reloads += 1
    const lobby = (await ask(this.member.socket, 'mafia:load:lobby', { id: this.lobbyId }, this.timeoutMs)) as Lobby & { error?: string }
    if (lobby.error) throw new Error(`viewer ${this.member.id} cannot load table ${this.lobbyId}: ${lobby.error}`)
    this.hold(takeSnapshot(this.snapshot, lobby.game))
    this.wake()
  }

  /** Holds a view and its position (`withoutRecord`). */
  private hold(snapshot: TableSnapshot | null): void {
    this.snapshot = withoutRecord(snapshot)
  }

  /** A sync is on its way. */
  get reloadingNow(): boolean {
    return this.syncing !== null
  }

  get view(): GameView | null {
    return this.snapshot?.view ?? null
  }

  /** Where this viewer's stream stands. */
  get seq(): number {
    return this.snapshot?.seq ?? 0
  }

  /** The view once `ready` holds of it and no sync is on its way. */
  async until(ready: (view: GameView, seq: number) => boolean, what: string, timeoutMs = this.timeoutMs): Promise<GameView> {
    const done = () => !this.syncing && this.snapshot !== null && ready(this.snapshot.view, this.snapshot.seq)
    if (this.failure) throw this.failure
    if (!done()) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.waiters = this.waiters.filter((waiter) => waiter !== check)
          reject(new Error(`viewer ${this.member.id} of table ${this.lobbyId} at seq ${this.seq} (${this.view?.phase ?? 'no view'}), waiting for ${what}`))
        }, timeoutMs)
        const check = () => {
          if (this.failure) {
            clearTimeout(timer)
            this.waiters = this.waiters.filter((waiter) => waiter !== check)
            return reject(this.failure)
          }
          if (!done()) return
          clearTimeout(timer)
          this.waiters = this.waiters.filter((waiter) => waiter !== check)
          resolve()
        }
        this.waiters.push(check)
      })
    }
    return (this.snapshot as TableSnapshot).view
  }

  /** Where this viewer's stream stands now: its name and position. */
  get position(): { stream: string | null; seq: number } {
    return { stream: this.snapshot?.stream ?? null, seq: this.seq }
  }

  /** The view once this viewer's stream has reached `seq`. */
  at(seq: number, timeoutMs = this.timeoutMs): Promise<GameView> {
    return this.until((_view, held) => held >= seq, `seq ${seq}`, timeoutMs)
  }

  /** The view once this viewer holds something newer than `position` (a later push, or a new stream). */
  after(position: { stream: string | null; seq: number }, timeoutMs = this.timeoutMs): Promise<GameView> {
    return this.until((_view, held) => this.snapshot?.stream !== position.stream || held > position.seq, `a push after seq ${position.seq}`, timeoutMs)
  }

  /** Resumes the stream from the position held; one asked for while another is on its way runs once more after it. */
  sync(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true
      return this.syncing
    }
    this.syncing = (async () => {
      do {
        this.syncAgain = false
        this.reloads += 1
        const held = this.snapshot
        const answer = (await ask(this.member.socket, 'mafia:game:sync', { id: this.lobbyId, ...(held ? { stream: held.stream, seq: held.seq } : {}) }, this.timeoutMs)) as TableSync & { error?: string }
        if (answer.error) throw new Error(`viewer ${this.member.id} cannot sync table ${this.lobbyId}: ${answer.error}`)
        if (answer.resumed) {
          for (const push of answer.pushes) {
            const applied = applyTablePush(this.snapshot, this.lobbyId, push)
            if (applied.outcome === 'applied') this.hold(applied.held)
          }
        } else this.hold(takeSnapshot(this.snapshot, answer.game))
      } while (this.syncAgain)
    })().finally(() => {
      this.syncing = null
      this.wake()
    })
    return this.syncing
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter()
  }
}

/** One move sent to the server, for whoever measures: who sent it, when, and its answer. */
export interface MoveRecord {
  /** 0 for the judge, else the seat. */
  actor: number
  /** The command's type (`next`, `vote`, ...). */
  command: string
  /** performance.now() when it was sent. */
  sentAt: number
  /** How long the script waited before sending it (the table's pace). */
  waitedMs: number
  /** The sender's stream position after it, or null when refused. */
  seq: number | null
  error: string | null
  /** How many viewers of the table were loading their view again when it was sent. */
  reloadsInFlight: number
}

export interface SocketTableOptions {
  /** A new signed-in member with a connected socket. */
  newMember: () => Promise<Member>
  /** Pause before each move of the judge or a speaker; votes follow each other without it. */
  paceMs?: number
  /** Every move's answer, for measurements. */
  onMove?: (move: MoveRecord) => void
  /** Every event any viewer of the table receives. */
  onArrival?: ArrivalListener
  /** Refusals for a phase whose time ran out are counted, not thrown (a loaded server can be late). */
  tolerateTimeUp?: boolean
  /** How long any answer may take (10 s by default; a loaded benchmark allows more). */
  timeoutMs?: number
}

/** A judged table of ten over real sockets, driven by the script above. */
export class SocketTable {
  /** Index 0 is seat 1. */
  players: Member[] = []
  judge!: Member
  spectators: Member[] = []
  lobbyId = 0
  /** The answer to the judge's `mafia:create:lobby`. */
  created: any = null
  /** The seat each player's `mafia:join:lobby` answer gave them, in joining order. */
  joinedSeats: number[] = []
  /** The judge's client first, then seats 1 to 10, then the spectators. */
  viewers: TableViewer[] = []
  /** Moves refused because their phase's time was up (only with `tolerateTimeUp`). */
  lateMoves = 0
  private tried = new Set<string>()

  constructor(private options: SocketTableOptions) {}

  private get timeout(): number {
    return this.options.timeoutMs ?? 10_000
  }

  /** A request of this table's script, answered within its timeout. */
  private ask<E extends SocketRequestName>(socket: TestSocket, event: E, ...[payload]: TestRequestArguments<E>): Promise<Answer<E>> {
    return rawRequest(socket, event, payload, this.timeout) as Promise<Answer<E>>
  }

  /** The judge creates the table and takes the judge's seat; ten players join in seat order. */
  async seat(settings: Record<string, unknown> = {}): Promise<void> {
    this.judge = await this.options.newMember()
    this.created = await this.ask(this.judge.socket, 'mafia:create:lobby', { name: 'Final', language: 'en', settings, as: 'judge' })
    if (this.created.error || this.created.as !== 'judge') throw new Error(`the table was not created with a judge: ${JSON.stringify(this.created)}`)
    this.lobbyId = this.created.id
    for (let seat = 1; seat <= 10; seat++) {
      const player = await this.options.newMember()
      const joined = await this.ask(player.socket, 'mafia:join:lobby', { id: this.lobbyId })
      if (joined.error) throw new Error(`seat ${seat} could not join: ${joined.error}`)
      const taken = joined.lobby.players.find((one: any) => one.user.id === player.id)?.seat
      if (taken !== seat) throw new Error(`the player joining table ${this.lobbyId} as seat ${seat} got seat ${taken}`)
      this.joinedSeats.push(taken)
      this.players.push(player)
    }
  }

  /** A spectator watches the table (and, once the table is attached, keeps a view). */
  async watch(spectator: Member): Promise<void> {
    const watched = await this.ask(spectator.socket, 'mafia:watch:lobby', { id: this.lobbyId })
    if (watched.error || watched.as !== 'spectator') throw new Error(`could not watch table ${this.lobbyId}: ${JSON.stringify(watched)}`)
    this.spectators.push(spectator)
    if (this.viewers.length > 0) this.viewers.push(await this.viewerOf(spectator))
  }

  /** Every client starts holding its own view (done by `play` when not done before). */
  async attach(): Promise<void> {
    if (this.viewers.length > 0) return
    for (const who of [this.judge, ...this.players, ...this.spectators]) this.viewers.push(await this.viewerOf(who))
  }

  private async viewerOf(who: Member): Promise<TableViewer> {
    const viewer = new TableViewer(who, this.lobbyId, this.options.onArrival, 2 * this.timeout)
    await viewer.attach()
    return viewer
  }

  async command(socket: TestSocket, command: Record<string, unknown>, actor = -1, waitedMs = 0): Promise<any> {
    const reloadsInFlight = this.viewers.filter((viewer) => viewer.reloadingNow).length
    const sentAt = performance.now()
    // Tests send commands the contract forbids too (unknown types, missing targets): the server must refuse those.
    const answer = await this.ask(socket, 'mafia:game:command', { id: this.lobbyId, command: command as GameCommandPayload })
    this.options.onMove?.({ actor, command: String(command.type), sentAt, waitedMs, seq: answer?.seq ?? null, error: answer?.error ?? null, reloadsInFlight })
    return answer
  }

  private get judgeViewer(): TableViewer | undefined {
    return this.viewers[0]
  }

  /**
   * A command that must be accepted (a late move is counted when tolerated). Once answered, the
   * script waits until the sender's own view and the judge's hold its effect: the judge sees every
   * event, so each accepted command moves the judge's stream on by one push.
   */
  async must(socket: TestSocket, command: Record<string, unknown>, actor = -1, waitedMs = 0): Promise<void> {
    const judgeBefore = this.judgeViewer?.position
    const answer = await this.command(socket, command, actor, waitedMs)
    if (answer.error === 'errors.game.time_up' && this.options.tolerateTimeUp) {
      this.lateMoves += 1
      return
    }
    if (answer.error) throw new Error(`${JSON.stringify(command)} at table ${this.lobbyId} refused: ${answer.error}`)
    if (actor > 0) await (this.viewers[actor] as TableViewer | undefined)?.at(answer.seq)
    if (actor === 0) await this.judgeViewer?.at(answer.seq)
    else if (judgeBefore) await this.judgeViewer?.after(judgeBefore)
  }

  async judgeCommand(command: Record<string, unknown>): Promise<void> {
    return this.must(this.judge.socket, command, 0, await this.pace())
  }

  socketOf(seat: number): TestSocket {
    return (this.players[seat - 1] as Member).socket
  }

  /** The view as loaded from the server now (not the one the pushes built). */
  async view(who: Member = this.judge): Promise<GameView> {
    const lobby = await this.ask(who.socket, 'mafia:load:lobby', { id: this.lobbyId })
    if (lobby.error) throw new Error(lobby.error)
    if (!lobby.game) throw new Error(`no game at table ${this.lobbyId}`)
    return lobby.game.view
  }

  private async pace(): Promise<number> {
    const ms = this.options.paceMs ?? 0
    if (ms > 0) await sleep(ms)
    return ms
  }

  /**
   * A player's move, made from their own view: it waits until the actions the server gave that
   * player allow it (or the phase's time is up), and refuses to send otherwise.
   */
  private async act(seat: number, mayAct: (own: GameView) => boolean, command: GameCommandPayload, paced = true): Promise<void> {
    const viewer = this.viewers[seat] as TableViewer
    const own = await viewer.until((view) => mayAct(view) || view.timeUp, `its turn for ${command.type}`).catch((error: unknown) => {
      throw new Error(`seat ${seat} does not see its turn for ${JSON.stringify(command)}: ${(error as Error).message}`)
    })
    if (!mayAct(own) && own.timeUp && this.options.tolerateTimeUp) {
      // The phase's time ran out before the player could act: the judge moves on.
      this.lateMoves += 1
      return
    }
    if (!mayAct(own)) throw new Error(`seat ${seat} of table ${this.lobbyId} does not see its turn for ${command.type} (${own.phase}, time up)`)
    const waited = paced ? await this.pace() : 0
    await this.must(this.socketOf(seat), command as Record<string, unknown>, seat, waited)
  }

  /** One move of the script, read from the judge's view. */
  async step(view: GameView): Promise<void> {
    const alive = view.seats.filter((seat) => seat.atTable)
    const black = alive.filter((seat) => isBlack(seat.role))
    const red = alive.filter((seat) => !isBlack(seat.role))
    const speaker = view.speaker as number
    const mayEndSpeech = (own: GameView) => own.actions.player?.endSpeech === true
    const mayNominate = (target: number) => (own: GameView) => own.actions.player?.nominate.includes(target) === true
    const mayNight = (target: number) => (own: GameView) => own.actions.player?.night?.targets.includes(target) === true
    const speechPhase = view.phase === 'day_speech' || view.phase === 'defence_speech' || view.phase === 'last_words' || view.phase === 'best_move'
    // A speech whose time ran out (a loaded server can be that slow) is closed by the judge.
    if (speechPhase && view.timeUp && !view.pendingNomination) return void (await this.judgeCommand({ type: 'next' }))
    switch (view.phase) {
      case 'day_speech': {
        if (view.pendingNomination) return void (await this.judgeCommand({ type: 'confirm_nomination' }))
        const key = `${view.day}:${speaker}`
        const nominated = view.nominations.map((nomination) => nomination.target)
        if (!this.tried.has(key) && view.speaker !== null) {
          this.tried.add(key)
          const blackTarget = black.find((seat) => seat.seat !== speaker && !nominated.includes(seat.seat))
          const redTarget = red.find((seat) => seat.seat !== speaker && !nominated.includes(seat.seat))
          const blackNominated = nominated.some((target) => isBlack(view.seats[target - 1]?.role))
          const target = !blackNominated ? blackTarget : nominated.length < 2 ? redTarget : undefined
          if (target) return this.act(speaker, mayNominate(target.seat), { type: 'nominate', target: target.seat })
        }
        return this.act(speaker, mayEndSpeech, { type: 'end_speech' })
      }
      case 'defence_speech':
      case 'last_words':
        return this.act(speaker, mayEndSpeech, { type: 'end_speech' })
      case 'best_move': {
        const targets = view.seats.filter((seat) => isBlack(seat.role)).map((seat) => seat.seat)
        return this.act(speaker, (own) => targets.every((target) => own.actions.player?.bestMove.includes(target)), { type: 'best_move', targets })
      }
      case 'voting': {
        const voting = view.voting
        if (voting?.kind === 'vote' && voting.current !== null && isBlack(view.seats[voting.current - 1]?.role) && !view.timeUp) {
          const candidate = voting.current
          for (const seat of alive) {
            if ((voting.votes ?? []).some((vote) => vote.voter === seat.seat)) continue
            const mayVote = (own: GameView) => own.actions.player?.vote.includes(candidate) === true
            await this.act(seat.seat, mayVote, { type: 'vote', target: candidate }, false)
          }
        }
        return void (await this.judgeCommand({ type: 'next' }))
      }
      case 'night_shooting': {
        const victim = red.find((seat) => seat.role !== 'Sheriff') ?? red[0]
        if (victim && !view.timeUp) {
          for (const shooter of black) await this.act(shooter.seat, mayNight(victim.seat), { type: 'night_action', target: victim.seat })
        }
        return void (await this.judgeCommand({ type: 'next' }))
      }
      case 'night_don': {
        const don = black.find((seat) => seat.role === 'Don')
        const sheriff = alive.find((seat) => seat.role === 'Sheriff')
        if (don && sheriff && !view.timeUp) await this.act(don.seat, mayNight(sheriff.seat), { type: 'night_action', target: sheriff.seat })
        return void (await this.judgeCommand({ type: 'next' }))
      }
      case 'night_sheriff': {
        const sheriff = alive.find((seat) => seat.role === 'Sheriff')
        if (sheriff && black[0] && !view.timeUp) await this.act(sheriff.seat, mayNight(black[0].seat), { type: 'night_action', target: black[0].seat })
        return void (await this.judgeCommand({ type: 'next' }))
      }
      default:
        return void (await this.judgeCommand({ type: 'next' }))
    }
  }

  /** Plays on, from the judge's own view, until the game ends or `stop` says so. */
  async play(stop: (view: GameView) => boolean = () => false, maxSteps = 600): Promise<GameView> {
    await this.attach()
    const judge = this.viewers[0] as TableViewer
    for (let steps = 0; steps < maxSteps; steps++) {
      const view = await judge.until(() => true, 'its view')
      if (view.phase === 'ended' || stop(view)) return view
      await this.step(view)
    }
    throw new Error(`the game at table ${this.lobbyId} did not end`)
  }
}

import type { GameEvent, GameView, TableEvent, Viewer, VisibleGameEvent } from '../../contract/game'
import type { TablePush, TableSnapshot, TableSync } from '../../contract/socket/game'
import { applyEvent, mapPacked, ownViewOf, projectEvent, replay, sharedViewOf, type GameState, type OwnView, type SharedView } from './engine'

/**
 * How many of a table's latest moves a viewer who resumes after a gap or a reconnect may have
 * missed: the pushes they missed are made again, as `advance` made them, from the states the game's
 * events fold into. The table keeps no state but the latest: states kept for every recent move
 * outlived the server's young generation and were promoted with everything else (in
 * `npm run bench:game`, most of what each collection of the young generation copied), while a
 * resume is rare and its fold of one game's events takes well under a millisecond.
 */
const resumableMoves = 64

/** One viewer's private stream: its position and the fields of the view it holds there that are its own. */
interface ViewerStream extends HeldOwn {
  readonly viewer: Viewer
  seq: number
}

/** A push and the viewer whose stream it belongs to (the socket layer knows their room). */
export interface Delivery {
  viewer: Viewer
  push: TablePush
}

const spectator: Viewer = Object.freeze({ kind: 'spectator' })
const judge: Viewer = Object.freeze({ kind: 'judge' })

/** The viewers of a table: each seat, the judge when there is one, and the spectators together. */
export function viewersOf(state: GameState): Viewer[] {
  const viewers = mapPacked(state.seats, (seat): Viewer => ({ kind: 'player', seat: seat.seat }))
  if (state.judge !== null) viewers.push(judge)
  viewers.push(spectator)
  return viewers
}

const keyOf = (viewer: Viewer): string => (viewer.kind === 'player' ? `seat:${viewer.seat}` : viewer.kind)

/** Structural equality of two JSON-like values (views share most of their arrays, so `===` answers first). */
function sameValue(left: unknown, right: unknown): boolean {
  if (left === right) return true
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false
    for (let index = 0; index < left.length; index++) if (!sameValue(left[index], right[index])) return false
    return true
  }
  if (Array.isArray(right)) return false
  const leftRecord = left as Record<string, unknown>
  const rightRecord = right as Record<string, unknown>
  let count = 0
  for (const key in leftRecord) {
    count++
    if (!(key in rightRecord) || !sameValue(leftRecord[key], rightRecord[key])) return false
  }
  for (const _key in rightRecord) count--
  return count === 0
}

/**
 * Brings the shared fields a table holds up to `next`, and answers those that changed. The held
 * object is one for the whole game, changed in place; a field equal to the one held but not the same
 * object is held from now on, so the next move finds it unchanged at a glance.
 */
function sharedChangesOf(held: SharedView, next: SharedView): Partial<SharedView> {
  const changes: Record<string, unknown> = {}
  const before = held as unknown as Record<string, unknown>
  const after = next as unknown as Record<string, unknown>
  for (const key in after) {
    const value = after[key]
    if (before[key] === value) continue
    if (!sameValue(before[key], value)) changes[key] = value
    before[key] = value
  }
  return changes as Partial<SharedView>
}

/**
 * Brings a viewer's own held fields up to `next`, and answers what the move changed for them: the
 * table's `shared` changes, then their own fields that differ, or `shared` itself when none do (most
 * viewers after most moves, whose pushes then share one object). Field by field: a loop over the
 * keys reads each field through one slow, generic lookup, and this runs for every viewer after every
 * move. `viewer` is the stream's own object, never changed.
 *
 * The engine keeps a viewer's seats, vote record, `you`, night actions and awards per piece of state,
 * so an equal one is held from now on (the engine keeps it alive anyway): a `you` held from the deal
 * was compared in depth with the engine's at every move. Their vote, cameras and actions are made
 * afresh at every call: the held ones stay, and the new ones die young (held, they outlived the young
 * generation's collections and were promoted).
 */
function ownChangesOf(held: OwnView, next: OwnView, shared: Partial<SharedView>): Partial<GameView> {
  let changes: Partial<GameView> | null = null
  if (!sameValue(held.seats, next.seats)) (changes ??= copyOf(shared)).seats = next.seats
  if (!sameValue(held.voteRecords, next.voteRecords)) (changes ??= copyOf(shared)).voteRecords = next.voteRecords
  if (!sameValue(held.you, next.you)) (changes ??= copyOf(shared)).you = next.you
  if (!sameValue(held.nightActions, next.nightActions)) (changes ??= copyOf(shared)).nightActions = next.nightActions
  if (!sameValue(held.awards, next.awards)) (changes ??= copyOf(shared)).awards = next.awards
  if (!sameValue(held.voting, next.voting)) (changes ??= copyOf(shared)).voting = held.voting = next.voting
  if (!sameValue(held.cameras, next.cameras)) (changes ??= copyOf(shared)).cameras = held.cameras = next.cameras
  if (!sameValue(held.actions, next.actions)) (changes ??= copyOf(shared)).actions = held.actions = next.actions
  // Kept per piece of state by the engine: held from now on, changed or only equal.
  held.seats = next.seats
  held.voteRecords = next.voteRecords
  held.you = next.you
  held.nightActions = next.nightActions
  held.awards = next.awards
  return changes ?? shared
}

/** A copy of changes found so far, to add more to (`Object.assign`: a spread of an object of any shape is slow). */
function copyOf(changes: Partial<SharedView>): Partial<GameView> {
  return Object.assign({}, changes)
}

/** A whole view from its shared fields and a viewer's own (a first view's push, a snapshot). */
function wholeView(shared: SharedView, own: OwnView): GameView {
  return Object.assign({ ...shared }, own)
}

/** The shared fields of a table's views as its viewers hold them (none before the deal). */
interface HeldShared {
  shared: SharedView | null
}

/**
 * A viewer's own fields of the view they hold (none before the deal); the fields every viewer shares
 * are held once for the table. One object for the whole game, brought up to date field by field
 * (`ownChangesOf`): never handed out, only copies of it.
 */
interface HeldOwn {
  own: OwnView | null
}

/** The shared fields' changes this move (all of them the first time), brought into what the table holds. */
function sharedMove(held: HeldShared, next: SharedView): Partial<SharedView> {
  if (held.shared === null) {
    held.shared = { ...next }
    return next
  }
  return sharedChangesOf(held.shared, next)
}

/** What a move changed for one viewer (their whole view the first time), brought into what they hold. */
function ownMove(held: HeldOwn, next: OwnView, shared: SharedView, sharedChanges: Partial<SharedView>): Partial<GameView> {
  if (held.own === null) {
    held.own = { ...next }
    return wholeView(shared, next)
  }
  return ownChangesOf(held.own, next, sharedChanges)
}

/**
 * An event of the move at hand, and the same event without the game's version: made once per move,
 * shared by every viewer who sees it whole.
 */
interface KeptEvent {
  event: GameEvent
  whole: TableEvent
}

function withoutVersion(event: GameEvent | VisibleGameEvent): TableEvent {
  const { version: _version, ...rest } = event
  return rest as TableEvent
}

const keep = (event: GameEvent): KeptEvent => ({ event, whole: withoutVersion(event) })

/** An event as this viewer may see it, without the game's version (which would count hidden events). */
function tableEventOf(kept: KeptEvent, viewer: Viewer, state: GameState): TableEvent | null {
  const visible = projectEvent(kept.event, viewer, state)
  if (visible === null) return null
  return visible === kept.event ? kept.whole : withoutVersion(visible)
}

/** The events of a push that carries none (shared: a push is never changed once made). */
const noEvents: readonly TableEvent[] = Object.freeze([])

/** What a move changed for one viewer: their view's changed fields and the events they may see. */
type PushBody = Pick<TablePush, 'changes' | 'events'>

/**
 * One move as every viewer starts from: its events, each whole and without the game's version, in
 * one list shared by every viewer who may see them all (most viewers of most moves); and the shared
 * fields it changed, with whether there are any (worked out once per move, not per viewer).
 */
interface Move {
  added: readonly KeptEvent[]
  whole: readonly TableEvent[]
  sharedChanges: Partial<SharedView>
  sharedChanged: boolean
}

function moveOf(added: readonly KeptEvent[], sharedChanges: Partial<SharedView>): Move {
  let sharedChanged = false
  for (const _key in sharedChanges) {
    sharedChanged = true
    break
  }
  return { added, whole: added.length === 0 ? noEvents : mapPacked(added, (kept) => kept.whole), sharedChanges, sharedChanged }
}

/**
 * What a move changed for one viewer: their view's changed fields (`ownMove`'s answer: the move's
 * shared changes themselves when none of their own changed) and the events they may see; null when
 * nothing. A viewer who may see every event whole gets the move's one list of them.
 */
function moveSeenBy(viewer: Viewer, changes: Partial<GameView>, move: Move, state: GameState): PushBody | null {
  const added = move.added
  let seen: TableEvent[] | null = null
  for (let index = 0; index < added.length; index++) {
    const kept = added[index] as KeptEvent
    const visible = tableEventOf(kept, viewer, state)
    if (seen === null) {
      if (visible === kept.whole) continue
      // The first event this viewer sees otherwise than whole: from here on a list of their own.
      seen = move.whole.slice(0, index)
    }
    if (visible) seen.push(visible)
  }
  const events = seen ?? (move.whole as TableEvent[])
  // Changes of their own are never empty (ownChangesOf copies the shared ones only to add to them).
  if (events.length === 0 && changes === move.sharedChanges && !move.sharedChanged) return null
  return { changes, events }
}

/**
 * The body an earlier viewer of the same move was told, when this viewer is told exactly the same,
 * else this one (kept for the viewers after it). Most viewers of a move are told the same thing (in
 * random games 8 of a move's 12 pushes repeat another's body), and pushes that share their body
 * objects are written on the wire from one text (`server/plugins/socket-parser.ts`): the JSON of
 * every push was the largest part of the app's own work per move in `npm run bench:game`.
 */
function sharedBody(bodies: PushBody[], body: PushBody): PushBody {
  for (const earlier of bodies) if (sameValue(earlier.changes, body.changes) && sameValue(earlier.events, body.events)) return earlier
  bodies.push(body)
  return body
}

/**
 * The private streams of one table: each player, the judge and the spectators (share pages
 * included) have a gapless sequence of their own. After a command, a viewer gets a push only when
 * their view changed or they may see one of its events; an event they may not see leaves nothing on
 * their stream, so no count and no timing of theirs tells them a hidden action happened.
 *
 * `id` names these streams: a table loaded again (a restart, a handover to another server) starts
 * new ones, and clients holding the old name load their view afresh.
 */
export class TableStreams {
  private readonly streams = new Map<string, ViewerStream>()
  /**
   * The fields every viewer sees alike, as every stream holds them (null before the deal): their
   * changes are found once per move for the whole table.
   */
  private readonly held: HeldShared = { shared: null }
  /**
   * Every event of the game so far, oldest first, and the state they fold into: a snapshot's log is
   * projected from them when asked (a load, a sync that cannot resume), never kept per viewer.
   */
  private readonly events: GameEvent[]
  private state: GameState | null
  /**
   * How many events the game had before the oldest move a resume may go back to, then after each
   * move since (at most `resumableMoves` moves): where each move's events begin and end in `events`.
   */
  private readonly moveBounds: number[]

  /** `events`: the game's stored events, which the state is the fold of (none before the deal). */
  constructor(
    readonly id: string,
    readonly lobbyId: number,
    state: GameState | null,
    events: readonly GameEvent[] = [],
  ) {
    this.state = state
    this.events = events.slice()
    this.moveBounds = [events.length]
    if (state) {
      this.held.shared = { ...sharedViewOf(state) }
      for (const viewer of viewersOf(state)) this.streams.set(keyOf(viewer), { viewer, seq: 0, own: { ...ownViewOf(state, viewer) } })
    }
  }

  private streamOf(viewer: Viewer): ViewerStream {
    const key = keyOf(viewer)
    let stream = this.streams.get(key)
    if (!stream) {
      stream = { viewer, seq: 0, own: null }
      this.streams.set(key, stream)
    }
    return stream
  }

  /** The streams of this table's viewers, in `viewersOf` order: its seats and judge are fixed from the deal on. */
  private viewerStreams(state: GameState): ViewerStream[] {
    const count = state.seats.length + (state.judge !== null ? 1 : 0) + 1
    if (this.ordered?.length !== count) this.ordered = mapPacked(viewersOf(state), (viewer) => this.streamOf(viewer))
    return this.ordered
  }

  private ordered: ViewerStream[] | null = null

  /** After one command's events: each viewer's push, for those who get one. */
  advance(events: readonly GameEvent[], state: GameState): Delivery[] {
    const added = mapPacked(events, keep)
    for (const event of events) this.events.push(event)
    this.state = state
    this.moveBounds.push(this.events.length)
    if (this.moveBounds.length > resumableMoves + 1) this.moveBounds.shift()
    const shared = sharedViewOf(state)
    const move = moveOf(added, sharedMove(this.held, shared))
    const deliveries: Delivery[] = []
    const bodies: PushBody[] = []
    for (const stream of this.viewerStreams(state)) {
      // The stream's own viewer object: a view's `viewer` then stays the same object from push to push.
      const viewer = stream.viewer
      const seen = moveSeenBy(viewer, ownMove(stream, ownViewOf(state, viewer), shared, move.sharedChanges), move, state)
      if (seen === null) continue
      stream.seq += 1
      deliveries.push({ viewer, push: this.pushAt(stream.seq, sharedBody(bodies, seen)) })
    }
    return deliveries
  }

  /** Where this viewer's stream stands. */
  seqOf(viewer: Viewer): number {
    return this.streams.get(keyOf(viewer))?.seq ?? 0
  }

  /** This viewer's view at their stream's current position, with the game's log as they may see it; null before the deal. */
  snapshot(viewer: Viewer): TableSnapshot | null {
    const stream = this.streams.get(keyOf(viewer))
    const shared = this.held.shared
    if (!stream?.own || !shared || !this.state) return null
    // A copy: the held fields change in place with the next move.
    return { stream: this.id, seq: stream.seq, view: wholeView(shared, stream.own), log: this.logOf(viewer, this.state) }
  }

  /**
   * Every event this viewer may see, oldest first, projected as the pushes project them. While the
   * game runs what a viewer may see of an event never changes, so this is exactly the events of
   * every push they got; once it has ended everything is shown in full.
   */
  private logOf(viewer: Viewer, state: GameState): TableEvent[] {
    const log: TableEvent[] = []
    for (const event of this.events) {
      const visible = projectEvent(event, viewer, state)
      if (visible) log.push(withoutVersion(visible))
    }
    return log
  }

  /**
   * The last `count` pushes of this viewer's stream, made again exactly as `advance` made them (a
   * view is a function of the state) from the states of the latest moves, folded again from the
   * game's events; null when they go back further than the moves a resume may reach.
   */
  private latestPushes(stream: ViewerStream, count: number): TablePush[] | null {
    const bounds = this.moveBounds
    if (bounds.length - 1 < count) return null
    const first = bounds[0] as number
    const viewer = stream.viewer
    let state: GameState | undefined = first > 0 ? replay(this.events.slice(0, first)) : undefined
    // What the viewer held before the oldest of these moves, brought up to date move by move as `advance` did.
    const held: HeldShared & HeldOwn = { shared: state ? { ...sharedViewOf(state) } : null, own: state ? { ...ownViewOf(state, viewer) } : null }
    const seen: PushBody[] = []
    for (let index = 1; index < bounds.length; index++) {
      const added = this.events.slice(bounds[index - 1], bounds[index]).map(keep)
      for (const kept of added) state = applyEvent(state, kept.event)
      const after = state as GameState
      const shared = sharedViewOf(after)
      const move = moveOf(added, sharedMove(held, shared))
      const push = moveSeenBy(viewer, ownMove(held, ownViewOf(after, viewer), shared, move.sharedChanges), move, after)
      if (push) seen.push(push)
    }
    if (seen.length < count) return null
    const firstSeq = stream.seq - count + 1
    return seen.slice(seen.length - count).map((push, index) => this.pushAt(firstSeq + index, push))
  }

  /** The push at this position of a stream of this table, carrying what a move changed for its viewer. */
  private pushAt(seq: number, seen: PushBody): TablePush {
    return { lobbyId: this.lobbyId, stream: this.id, seq, changes: seen.changes, events: seen.events }
  }

  /**
   * Resumes a viewer's stream from the position they hold: the pushes they missed when the moves
   * that made them are still kept, else their view afresh.
   */
  sync(viewer: Viewer, from: { stream?: string; seq?: number }): TableSync {
    const stream = this.streams.get(keyOf(viewer))
    if (stream && from.stream === this.id && from.seq !== undefined && from.seq <= stream.seq) {
      const missed = stream.seq - from.seq
      if (missed === 0) return { resumed: true, pushes: [] }
      const pushes = this.latestPushes(stream, missed)
      if (pushes) return { resumed: true, pushes }
    }
    return { resumed: false, game: this.snapshot(viewer) }
  }
}

import { performance } from 'node:perf_hooks'
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely'
import pg from 'pg'
import { WireRecorder } from './wire-record'

/** Room for the statements' texts of a whole run, allocated with the counter, before anything is measured. */
const pendingTextBytes = 32 * 1024 * 1024

/**
 * Counts every statement the server's database runs, at the driver: the app's queries, raw SQL and
 * each transaction's BEGIN and COMMIT alike. Statements are grouped by their text, values left out.
 */
export class StatementCounter implements KyselyPlugin {
  counting = false
  /** How long each statement took in the database (at the driver), ms. */
  executing: number[] = []
  /** How long the server waited for each of its queries (the pool's or PGlite's queue included), ms; BEGIN and COMMIT are not among them. */
  waited: number[] = []
  private startedAt = new WeakMap<object, number>()
  /**
   * Statements counted and not yet grouped: grouping reads each statement's whole text, which for
   * a long list of values costs as much as sending it, so it waits until the counts are asked for
   * (this runs in the server's process, whose CPU the benchmarks measure). The texts wait outside
   * the JavaScript heap: kept on it, every statement's text (a move's events written out in it)
   * outlived the server's young-generation collections, which copied and promoted it, and the relay
   * measured beside the server keeps none.
   */
  private readonly pendingTexts = new WireRecorder(pendingTextBytes)
  private pendingOffsets: number[] = []
  private pendingLengths: number[] = []
  private grouped = new Map<string, number>()
  /**
   * With `timeStatementsBy`: the CPU time in ns of the thread that runs the statements, from the end
   * of one statement to the end of the next, given to the next (the embedded database's thread, which
   * runs the one connection's statements one at a time); by statement counted and not yet grouped,
   * then by group.
   */
  private pendingCpuNs: number[] = []
  private readonly groupedCpuNs = new Map<string, number>()
  private threadRuntime: (() => number) | null = null
  private lastRuntime = -1

  /** The statements counted so far, grouped by their text with values left out. */
  get counts(): Map<string, number> {
    this.groupPending()
    return this.grouped
  }

  /** Puts the statements counted and not yet grouped into their groups (and their CPU, when timed). */
  private groupPending(): void {
    for (const [index, offset] of this.pendingOffsets.entries()) {
      const key = groupOf(this.pendingTexts.bytes({ offset, length: this.pendingLengths[index] as number }).toString('utf8'))
      this.grouped.set(key, (this.grouped.get(key) ?? 0) + 1)
      const cpuNs = this.pendingCpuNs[index]
      if (cpuNs !== undefined) this.groupedCpuNs.set(key, (this.groupedCpuNs.get(key) ?? 0) + cpuNs)
    }
    this.pendingOffsets = []
    this.pendingLengths = []
    this.pendingCpuNs = []
  }

  /**
   * Times every statement by the CPU of the thread that runs them all one after another (`runtimeNs`,
   * ns): the embedded database's. Reading it costs this process some CPU at each statement, so only
   * when asked (`--statement-cpu`).
   */
  timeStatementsBy(runtimeNs: () => number): void {
    this.threadRuntime = runtimeNs
  }

  /** With `timeStatementsBy`: the thread's CPU by group of statements, ns. */
  get cpuByGroup(): Map<string, number> {
    this.groupPending()
    return this.groupedCpuNs
  }

  /** Counts a statement the driver is about to run; call the answer when it has run. */
  count(text: string): () => void {
    if (!this.counting) return () => undefined
    const started = performance.now()
    const place = this.pendingTexts.record(text)
    this.pendingOffsets.push(place.offset)
    this.pendingLengths.push(place.length)
    const runtime = this.threadRuntime
    if (runtime === null) return () => this.executing.push(performance.now() - started)
    const index = this.pendingOffsets.length - 1
    return () => {
      this.executing.push(performance.now() - started)
      const now = runtime()
      // The first statement timed has no end of a statement before it to count from.
      if (this.lastRuntime >= 0) this.pendingCpuNs[index] = now - this.lastRuntime
      this.lastRuntime = now
    }
  }

  /** Kysely compiles a query just before running it and hands it to this plugin then, and its result once answered. */
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.counting) this.startedAt.set(args.queryId, performance.now())
    return args.node
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.startedAt.get(args.queryId)
    if (started !== undefined && this.counting) this.waited.push(performance.now() - started)
    return args.result
  }

  total(): number {
    return this.pendingOffsets.length + [...this.grouped.values()].reduce((sum, count) => sum + count, 0)
  }

  /** BEGIN, COMMIT, ROLLBACK and savepoints. */
  transactionControl(): number {
    return [...this.counts.entries()].filter(([text]) => /^(begin|commit|rollback|savepoint|release|start transaction)\b/i.test(text)).reduce((sum, [, count]) => sum + count, 0)
  }
}

/** A statement's group: its text with whitespace, values written out and lists of parameters or rows folded. */
function groupOf(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .trim()
      // Values written out in the text (quoted texts, integers in a list of values) read as parameters do.
      .replace(/ ?E?'(?:[^']|'')*'(?:::\w+)?/g, ' $0')
      .replace(/\(((?: ?(?:\$0|-?\d+),)* ?(?:\$0|-?\d+))\)/g, (_tuple, inner: string) => `(${inner.split(',').map(() => '$0').join(', ')})`)
      // A prepared statement's EXECUTE reads the same whatever its values (arrays among them).
      .replace(/(execute \w+)\(.*\)(?=; reset plan_cache_mode)/, '$1(…)')
      // A list of parameters or of rows reads the same however long it is.
      .replace(/\(\$\d+(?:, ?\$\d+)*\)(?:, ?\(\$\d+(?:, ?\$\d+)*\))+/g, '($…), …')
      .replace(/\(\$\d+(?:, ?\$\d+)+\)/g, '($…)')
      .slice(0, 160)
  )
}

/** Every query of every PostgreSQL client in this process is counted (the pool's clients are pg.Client, PGlite's thread is reached the same way). */
export function countPostgres(statements: StatementCounter): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const done = statements.count(typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '?'))
    const result = query.call(this, config, ...rest)
    if (result instanceof Promise) result.then(done, done)
    return result
  } as typeof pg.Client.prototype.query
}

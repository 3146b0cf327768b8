import { fork, type ChildProcess } from 'node:child_process'

/** What every server process of a benchmark can say: anything of its own, or that it failed. */
export type ServerMessage = { type: string } | { type: 'failed'; message: string }

export interface ServerProcess<ToServer, FromServer extends ServerMessage> {
  child: ChildProcess
  tell(message: ToServer): void
  /** The next message, which must be of `type`; a failure or an ended process throws. */
  expect<T extends FromServer['type']>(type: T): Promise<Extract<FromServer, { type: T }>>
}

/**
 * Runs `script` again as a child process that plays one server of a benchmark (`--server=<kind>`),
 * so the server under test and the clients measuring it do not share a thread. The child gets this
 * process's flags (socket counts, warm-up, profiles) plus `extraFlags`, and talks over IPC, one
 * message at a time.
 */
export function startServerProcess<ToServer, FromServer extends ServerMessage>(
  script: string,
  kind: string,
  options: { extraFlags?: string[]; execArgv?: string[] } = {},
): ServerProcess<ToServer, FromServer> {
  const extraFlags = options.extraFlags ?? []
  const ownNames = new Set(['--server', ...extraFlags.map((flag) => flag.split('=')[0])])
  const flags = process.argv.slice(2).filter((arg) => !ownNames.has(arg.split('=')[0]))
  const child = fork(script, [...flags, ...extraFlags, `--server=${kind}`], {
    // A young generation of 32 MB, the size these figures were measured at (`npm start` gives the app
    // server 64: README, "Configuration"); RSS per socket would count a larger one growing as sockets connect.
    execArgv: [...(options.execArgv ?? []), '--max-semi-space-size=32', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const inbox: ServerMessage[] = []
  let wake: (() => void) | null = null
  child.on('message', (message: ServerMessage) => {
    inbox.push(message)
    wake?.()
  })
  child.on('exit', (code, signal) => {
    inbox.push({ type: 'failed', message: `${kind} server process ended: ${signal ?? `exit code ${code}`}` })
    wake?.()
  })
  return {
    child,
    tell: (message) => child.send(message as object),
    async expect(type) {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve))
      const message = inbox.shift() as ServerMessage
      if (message.type === 'failed') throw new Error((message as { message: string }).message)
      if (message.type !== type) throw new Error(`${kind} server said ${message.type}, expected ${type}`)
      return message as Extract<FromServer, { type: typeof type }>
    },
  }
}

/** Ends a benchmark that overruns its time budget (exit code 2), so a stuck run never hangs a shell or CI. */
export function stopAfterBudget(name: string, budgetMs: number): NodeJS.Timeout {
  const watchdog = setTimeout(() => {
    console.error(`${name} benchmark: over its ${budgetMs / 1000} s budget, stopping`)
    process.exit(2)
  }, budgetMs)
  watchdog.unref()
  return watchdog
}

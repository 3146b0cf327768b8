import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createTestDatabase, type TestDatabase } from './databases'
import { closeOpenSockets } from './sockets'
import { startTestApp, type StartTestAppOptions, type TestApp } from './test-app'

/**
 * Two app servers on two ports, one PostgreSQL database and one Redis between them: what a
 * scaled-out deployment looks like. Their tests live in `*-two-nodes.test.ts` files, which only the
 * integration:postgres project selects, and only when TEST_REDIS_URL is set (build/vitest.config.ts).
 * Started anywhere else they throw: a two-node test that cannot run fails, it never passes.
 */
const twoNodesEnabled = process.env.TEST_DB_KIND === 'postgres' && Boolean(process.env.TEST_DATABASE_URL) && Boolean(process.env.TEST_REDIS_URL)

/** A Redis URL with this run's own adapter channels, so parallel runs on one Redis never hear each other. */
export function adapterUrl(base: string): string {
  const url = new URL(base)
  url.searchParams.set('key', `mafia-test-${process.pid}-${randomBytes(6).toString('hex')}`)
  return url.toString()
}

export interface TwoNodes {
  first: TestApp
  second: TestApp
  /** The database both servers use. */
  database: TestDatabase
  /** Closes both servers (either may have been closed already) and the database if it was started with them. */
  close(): Promise<void>
}

export interface StartTwoNodesOptions extends Pick<StartTestAppOptions, 'manualClock' | 'tableLeases' | 'rateLimits' | 'env'> {
  /** A database the caller owns and disposes of; a fresh one otherwise, disposed of by `close`. */
  database?: TestDatabase
}

/** Closing a server twice is closing it once: a test may stop one node and leave the rest to `close`. */
function closingOnce(node: TestApp): TestApp {
  let closing: Promise<void> | undefined
  return { ...node, close: () => (closing ??= node.close()) }
}

/** Two app servers on one database with the same adapter channels. Needs `twoNodesEnabled`. */
export async function startTwoNodes(options: StartTwoNodesOptions = {}): Promise<TwoNodes> {
  const redisUrl = process.env.TEST_REDIS_URL
  if (!twoNodesEnabled || !redisUrl) throw new Error('two nodes need the integration:postgres project with TEST_DATABASE_URL and TEST_REDIS_URL set')
  const { database: given, ...appOptions } = options
  const database = given ?? (await createTestDatabase())
  const env = { ...appOptions.env, REDIS_URL: adapterUrl(redisUrl) }
  const started: TestApp[] = []
  const close = async () => {
    for (const node of started) await node.close()
    if (!given) await database.dispose()
  }
  try {
    for (let node = 0; node < 2; node++) started.push(closingOnce(await startTestApp({ ...appOptions, database, env })))
  } catch (error) {
    await close()
    throw error
  }
  const [first, second] = started as [TestApp, TestApp]
  return { first, second, database, close }
}

/**
 * Two nodes for the tests of a file or of a describe block: started before the first test, closed
 * after the last, every socket `connectSocket` opened closed after each test. `name` names the
 * tests in the error where the nodes did not start.
 */
export function twoNodesForFile(name: string, options: StartTwoNodesOptions = {}): () => TwoNodes {
  let nodes: TwoNodes | undefined
  beforeAll(async () => {
    nodes = await startTwoNodes(options)
  })
  afterEach(closeOpenSockets)
  afterAll(async () => {
    await nodes?.close()
  })
  return () => {
    if (!nodes) throw new Error(`the two nodes of the ${name} tests are not running`)
    return nodes
  }
}

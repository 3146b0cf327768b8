import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'

const root = new URL('..', import.meta.url).pathname

const postgresUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL

/**
 * Tests that need what only some runs have live in files named for it, and only the runs that have
 * it select them, so no test returns early and counts as passed where it could not run:
 * - `*-two-nodes.test.ts`: two app servers sharing PostgreSQL and Redis (integration:postgres, with TEST_REDIS_URL);
 * - `*.postgres.test.ts`: a PostgreSQL server itself (integration:postgres).
 * A run that leaves files out says so once, below.
 */
const twoNodeFiles = 'tests/integration/**/*-two-nodes.test.ts'
const postgresFiles = 'tests/integration/**/*.postgres.test.ts'
/**
 * Files whose behaviour does not depend on which PostgreSQL serves the app (PGlite runs the same
 * engine): the media server's forwarding and signalling, the static web surface, the socket limits
 * and the fuzzing of every route. They run once, on PGlite; the PostgreSQL run keeps what depends
 * on a real server (pools, concurrent transactions, two nodes).
 */
const databaseAgnosticFiles = [
  'tests/integration/media-forwarding.test.ts',
  'tests/integration/media-signalling.test.ts',
  'tests/integration/media-night.test.ts',
  'tests/integration/media-revocation.test.ts',
  // Tickets, placement on media nodes and the game's microphones: one app server, one connection's
  // statements (placements shared by two app servers run on PostgreSQL: media-placements-two-nodes).
  'tests/integration/media-nodes.test.ts',
  'tests/integration/media-table.test.ts',
  'tests/integration/web-surface.test.ts',
  'tests/integration/socket-limits.test.ts',
  'tests/integration/obs-share-limits.test.ts',
  'tests/integration/fuzz.test.ts',
  // Read what the app ran from the embedded database's single connection (a pool has several).
  'tests/integration/chats-prepared.test.ts',
  'tests/integration/game-prepared.test.ts',
]

if (!postgresUrl) {
  console.log('[tests] TEST_DATABASE_URL is not set: integration tests run on PGlite only; the PostgreSQL run (with the *.postgres and *-two-nodes files) is left out.')
} else if (!redisUrl) {
  console.log('[tests] TEST_REDIS_URL is not set: the two-node tests (*-two-nodes.test.ts) are left out of the PostgreSQL run.')
}

/**
 * Unit files share their worker's imported modules (React, Fluent UI, the server's modules), as the
 * integration files do: importing them afresh for each of some 160 files took two thirds of the unit
 * run. A file that replaces a module or a global (`vi.mock`, `vi.doMock`, `vi.stubGlobal`,
 * `vi.resetModules`) needs a module graph of its own, so it runs in `unit:isolated`.
 */
const unitPattern = /\.test\.tsx?$/
const replacesModules = /\bvi\.(mock|doMock|stubGlobal|resetModules)\(/
const unitSources = (readdirSync(join(root, 'tests/unit'), { recursive: true }) as string[])
  .filter((file) => unitPattern.test(file))
  .map((file) => ({ path: `tests/unit/${file}`, source: readFileSync(join(root, 'tests/unit', file), 'utf8') }))
const isolatedUnitFiles = unitSources.filter(({ source }) => replacesModules.test(source)).map(({ path }) => path)
/**
 * A worker is reused for the next file only when that file has the same project and environment;
 * otherwise it is replaced and the next one imports React, Fluent UI and the server's modules
 * again (3 to 5 s). Files sorted by size alternate between Node and jsdom, so in one project about
 * half of them paid that import (147 s of a 4-minute unit run). The files that declare jsdom
 * (`@vitest-environment jsdom`) therefore form a project of their own, and each project's files
 * run one after another on the same two workers.
 */
const domUnitFiles = unitSources
  .filter(({ path, source }) => !isolatedUnitFiles.includes(path) && /^\/\/ @vitest-environment jsdom$/m.test(source))
  .map(({ path }) => path)

const integration = (name: string, env: Record<string, string>, exclude: string[]) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    exclude,
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each worker imports the server once for all its files (each file still starts its own app and
    // database): importing it afresh for every file cost more time than most files' tests.
    isolate: false,
  },
})

export default defineConfig({
  test: {
    root,
    globalSetup: ['tests/helpers/global-setup.ts'],
    // Two workers on two cores: most integration time is spent waiting on sockets, the database thread and timers.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: [...isolatedUnitFiles, ...domUnitFiles], testTimeout: 60_000, isolate: false } },
      { extends: true, test: { name: 'unit:dom', include: domUnitFiles, environment: 'jsdom', testTimeout: 60_000, isolate: false } },
      { extends: true, test: { name: 'unit:isolated', include: isolatedUnitFiles, testTimeout: 60_000 } },
      integration('integration:pglite', { TEST_DB_KIND: 'pglite' }, [twoNodeFiles, postgresFiles]),
      ...(postgresUrl
        ? [integration('integration:postgres', { TEST_DB_KIND: 'postgres', TEST_DATABASE_URL: postgresUrl }, redisUrl ? databaseAgnosticFiles : [...databaseAgnosticFiles, twoNodeFiles])]
        : []),
    ],
  },
})

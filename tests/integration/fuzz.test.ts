import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFuzzApp, type FuzzApp } from '../fuzz/fuzz-app'
import { formatReport, runFuzz } from '../fuzz/harness'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'

// The short, fixed-seed run of `npm run fuzz` (tests/fuzz/README.md): the corpus of earlier findings,
// then 2,000 generated payloads over every HTTP route and socket event.
let database: TestDatabase
let dataDir: string
let fuzzApp: FuzzApp

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = await mkdtemp(join(tmpdir(), 'mafia-fuzz-test-'))
  fuzzApp = await startFuzzApp({ database, dataDir })
})

afterAll(async () => {
  await fuzzApp?.app.close()
  await database?.dispose()
  await rm(dataDir, { recursive: true, force: true })
})

test('bad payloads to every route and event: no crash, no 5xx, nothing unanswered, no write', async () => {
  const report = await runFuzz(fuzzApp, { seed: 20261124, count: 2000 })
  const text = formatReport(report)
  expect(report.findings, text).toEqual([])
  expect(report.unservedRoutes, text).toEqual([])
  // Every target was reached: each route and event got payloads.
  expect(report.perTarget.get('POST /api/auth/signup'), text).toBeGreaterThan(5)
  expect(report.perTarget.get('chat:message'), text).toBeGreaterThan(5)
  expect(report.sent).toBeGreaterThanOrEqual(2000)
}, 120_000)

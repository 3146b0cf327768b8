import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { dropPostgresTemplate, postgresTemplateName, prepareTemplates } from './databases'

/**
 * The run's templates, built by the first project's global setup. Vitest calls a global setup once for
 * every project that inherits it (each of the config's projects, and the root), each time from a
 * fresh copy of this module, so the one build is kept on the process: the run is one process.
 */
const run = globalThis as { mafiaTestTemplates?: Promise<void> }

/** Migrates and seeds the template databases once per run; every integration suite starts from a copy. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templateFile = join(tmpdir(), `mafia-table-template-${process.pid}.tar`)
  process.env.MAFIA_TEST_PGLITE_TEMPLATE = templateFile
  process.env.MAFIA_TEST_PG_TEMPLATE_PID = String(process.pid)
  project.provide('pgliteTemplate', templateFile)
  project.provide('postgresTemplatePid', String(process.pid))
  const postgresUrl = process.env.TEST_DATABASE_URL
  const postgresTemplate = postgresTemplateName(process.pid)
  run.mafiaTestTemplates ??= prepareTemplates({ templateFile, postgresUrl, postgresTemplate })
  await run.mafiaTestTemplates
  // Teardowns run once every file of every project has finished: the first removes the templates.
  return async () => {
    await rm(templateFile, { force: true })
    if (postgresUrl) await dropPostgresTemplate(postgresUrl, postgresTemplate).catch(() => undefined)
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplatePid: string
  }
}

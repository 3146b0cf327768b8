import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { dropPostgresTemplate, postgresTemplateName, prepareTemplates } from './databases'

/** Migrates and seeds the template databases once; every integration suite starts from a copy. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templateFile = join(tmpdir(), `mafia-table-template-${process.pid}.tar`)
  process.env.MAFIA_TEST_PGLITE_TEMPLATE = templateFile
  process.env.MAFIA_TEST_PG_TEMPLATE_PID = String(process.pid)
  project.provide('pgliteTemplate', templateFile)
  project.provide('postgresTemplatePid', String(process.pid))
  const postgresUrl = process.env.TEST_DATABASE_URL
  const postgresTemplate = postgresTemplateName(process.pid)
  await prepareTemplates({ templateFile, postgresUrl, postgresTemplate })
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

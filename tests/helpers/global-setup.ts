import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { prepareTemplates } from './databases'

/** Migrates and seeds the template databases once; every integration suite starts from a copy. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const templateFile = join(tmpdir(), `mafia-table-template-${process.pid}.tar`)
  process.env.MAFIA_TEST_PGLITE_TEMPLATE = templateFile
  project.provide('pgliteTemplate', templateFile)
  await prepareTemplates({ templateFile, postgresUrl: process.env.TEST_DATABASE_URL })
  return async () => {
    await rm(templateFile, { force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}

import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { migrations } from '../../../db/migrations/index'

describe('migration index', () => {
  it('lists every migration file of db/migrations, in name order', () => {
    const folder = fileURLToPath(new URL('../../../db/migrations', import.meta.url))
    const files = readdirSync(folder)
      .filter((name) => /^\d{4}-.+\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort()
    expect(Object.keys(migrations)).toEqual(files)
  })
})

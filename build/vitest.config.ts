import { defineConfig } from 'vitest/config'

const postgresUrl = process.env.TEST_DATABASE_URL
if (!postgresUrl) {
  console.log('[tests] TEST_DATABASE_URL is not set: integration tests run on PGlite only; the PostgreSQL run is skipped.')
}

const integration = (name: string, env: Record<string, string>) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    globalSetup: ['tests/helpers/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], testTimeout: 60_000 } },
      integration('integration:pglite', { TEST_DB_KIND: 'pglite' }),
      ...(postgresUrl ? [integration('integration:postgres', { TEST_DB_KIND: 'postgres', TEST_DATABASE_URL: postgresUrl })] : []),
    ],
  },
})

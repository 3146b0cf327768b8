import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { chromiumPath } from '../helpers/chromium'

export { chromiumPath }

const port = Number(process.env.E2E_PORT ?? 8181)
export const baseURL = `http://127.0.0.1:${port}`
// One fresh data directory per run, shared with the tests through the environment (outbox, uploads).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'mafia-table-e2e-'))
process.env.E2E_DATA_DIR = dataDir

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  // One file at a time: two at once on two cores (tried) slowed the media and game files past
  // their timeouts, and files that flip club-wide switches (admin.e2e.ts) would need to run alone.
  // Two at a time for the files of one or two pages only (tried too) took as long as one at a time,
  // and a table's timing test failed under the load.
  workers: 1,
  retries: 0,
  // Generous for a loaded two-core machine: a passing test never waits on these, a slow one still passes.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: join(dataDir, 'test-results'),
  use: {
    baseURL,
    // A click that cannot happen (a control hidden, covered or disabled) fails with its reason instead of waiting out the test.
    actionTimeout: 30_000,
    // A failed test keeps its trace: every action with the page's DOM before and after, the network
    // and the console. Not the screencast: recording it makes the browser copy out and encode every
    // frame it draws, and a table's cameras draw several a second on each page. With it, two pages
    // at a table with one camera kept half a core busy compositing in software; without, 3 %.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // Menus and popovers slide in (Fluent's enter motion). On a loaded machine a click aimed while
    // one still moves can land on its neighbour: the user menu's "referral" click once reached
    // "statistics" above it. With reduced motion they appear in place, as for users who ask for it.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // The log service's own port: any free one (several runs share the machine); the tests reach it on the app's origin.
      LOG_SERVICE_PORT: '0',
      // Many users sign up and in from this one address during the run.
      AUTH_RATE_LIMIT_PER_IP: '500',
      SOCKET_HANDSHAKES_PER_ADDRESS: '5000',
      // Browsers of the run may stand for other devices by their X-Forwarded-For (sign-up through a referral link checks the address).
      TRUST_PROXY: 'loopback',
      ADMIN_EMAIL: 'admin@mafia-table.test',
      ADMIN_PASSWORD: 'admin-password-1',
      // The desktop app's pages, served by its scheme's handler on another loopback address (desktop.e2e.ts), call this server.
      DESKTOP_ORIGINS: `http://127.0.0.2:${port}`,
    },
  },
})

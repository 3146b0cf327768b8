import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

// `npm run desktop` on a machine whose install skipped Electron's binary (`.npmrc`: ignore-scripts)
// and that cannot download it: the first step says what is missing and how to get it, and exits.
const root = fileURLToPath(new URL('../../..', import.meta.url))
const binaryInstalled = existsSync(join(root, 'node_modules/electron/path.txt'))
const emptyCache = mkdtempSync(join(tmpdir(), 'mafia-electron-cache-'))
afterAll(() => rmSync(emptyCache, { recursive: true, force: true }))

describe('the desktop start where Electron cannot be downloaded', () => {
  it.skipIf(binaryInstalled)('says the binary could not be downloaded, how to get it, that the web app needs none of it, and exits 1', async () => {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'build/ensure-electron-binary.ts'],
        // A mirror nobody listens on and an empty cache: the download fails at once, as it does offline.
        { cwd: root, env: { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/', electron_config_cache: emptyCache }, timeout: 50_000 },
        (_error, stdout, stderr) => resolve({ code: child.exitCode, output: stdout + stderr }),
      )
    })
    expect(code).toBe(1)
    expect(output).toContain("The desktop app needs Electron's binary, and it could not be downloaded")
    expect(output).toContain('ELECTRON_MIRROR')
    expect(output).toContain('`npm start` serves it')
    expect(existsSync(join(root, 'node_modules/electron/path.txt'))).toBe(false)
  })
})

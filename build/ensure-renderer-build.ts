import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// `npm start` builds the renderer itself when its build is missing or older than any source it is made from.
const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = join(root, 'dist/renderer/index.html')
const sources = ['renderer', 'server/contract', 'electron/common', 'build/vite.config.ts', 'build/typebox-in-the-browser.ts', 'build/precompress.ts', 'package-lock.json']

function newestModification(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)))
  return newest
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
const sourcesAt = Math.max(...sources.map((source) => newestModification(join(root, source))))
if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'Building the renderer (first start)...' : 'The renderer changed since its last build; rebuilding...')
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(root, 'build/vite.config.ts'), '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
}

import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// `npm run desktop` fetches Electron's binary on first use. `npm install` never does (`.npmrc` sets
// ignore-scripts, so electron's postinstall download does not run): most web and server users never
// need the desktop app, and an install must not fail where GitHub's downloads cannot be reached.
const root = fileURLToPath(new URL('..', import.meta.url))
const electronDir = join(root, 'node_modules/electron')

/** The binary electron's own installer put in place (path.txt names it inside dist/). */
function installedBinary(): string | null {
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8'))
  return existsSync(binary) ? binary : null
}

if (!existsSync(join(electronDir, 'install.js'))) {
  console.error('The electron package is missing from node_modules. Run `npm install` first.')
  process.exit(1)
}

if (!installedBinary()) {
  console.log("Downloading Electron's binary (first desktop start)...")
  // Electron's own installer: honours ELECTRON_MIRROR, electron_config_cache and the other settings of @electron/get.
  const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, stdio: 'inherit' })
  if (result.status !== 0 || !installedBinary()) {
    console.error(
      [
        '',
        "The desktop app needs Electron's binary, and it could not be downloaded (see the error above).",
        'Where GitHub is reachable, run `npm run desktop` again. Otherwise point ELECTRON_MIRROR at a mirror,',
        "or put Electron's zip in its cache (electron_config_cache); see electron/README.md.",
        'The web app needs none of this: `npm start` serves it at http://localhost:8080.',
      ].join('\n'),
    )
    process.exit(1)
  }
}

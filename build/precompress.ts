import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text files worth compressing; images and sounds are compressed already. */
const compressible = /\.(js|mjs|css|html|json|svg|txt)$/
/** Below this a compressed copy saves less than its headers cost. */
const minBytes = 1024

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, compressed once at their
 * strongest settings, so the app server sends them as they are (@fastify/static's `preCompressed`)
 * instead of compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'mafia:precompress',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      for (const file of await filesUnder(outDir)) {
        if (!compressible.test(file) || (await stat(file)).size < minBytes) continue
        const content = await readFile(file)
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ])
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
      }
    },
  }
}

import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const entry = fileURLToPath(new URL('./preload/preload.ts', import.meta.url))
const outDir = fileURLToPath(new URL('../dist/electron/preload', import.meta.url))

/**
 * Bundles the preload into one CommonJS file, dist/electron/preload/preload.js (replacing the one tsc
 * emits). A sandboxed preload's `require` loads only `electron` and a few Node built-ins, never a file
 * of ours, so the bridge's channel names and guards must be inside it.
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir,
    emptyOutDir: false,
    minify: false,
    sourcemap: false,
    target: 'es2023',
    lib: { entry, formats: ['cjs'], fileName: () => 'preload.js' },
    rolldownOptions: { external: ['electron'] },
  },
})

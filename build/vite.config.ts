import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { precompress } from './precompress'

const root = fileURLToPath(new URL('../renderer', import.meta.url))
const outDir = fileURLToPath(new URL('../dist/renderer', import.meta.url))

/**
 * Libraries in chunks of their own, named by library: a deploy that changes only the app's code leaves
 * their file names, and so the browser's cached copies, as they were. Each route's screens are chunks of
 * their own too (route-table.tsx), so a page loads only the groups its screens use.
 */
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/ },
  { name: 'realtime', test: /[\\/]node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter|xmlhttprequest-ssl)[\\/]/ },
  // Fluent UI and its icons, split by the screens that use each part (entriesAware): the sign-in form does
  // not load the table's menus, dialogs and icons.
  { name: 'icons', test: /[\\/]node_modules[\\/]@fluentui[\\/]react-icons[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 20_000 },
  { name: 'fluent', test: /[\\/]node_modules[\\/](@fluentui|@griffel|tabster|keyborg|@floating-ui|@swc[\\/]helpers|use-sync-external-store|@emotion[\\/]hash|embla-carousel[^\\/]*|rtl-css-js|stylis)[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 20_000 },
]

/** One renderer build serves the web app and the desktop shell (relative base for file:// loads). */
export default defineConfig({
  root,
  base: './',
  plugins: [react(), precompress()],
  // The contract's schemas are the server's: the renderer needs their types only (typebox-in-the-browser.ts).
  resolve: { alias: [{ find: /^typebox$/, replacement: fileURLToPath(new URL('./typebox-in-the-browser.ts', import.meta.url)) }] },
  build: {
    outDir,
    emptyOutDir: true,
    // No source maps in the build: it is served to anyone, and the desktop app loads the same files.
    // `npm run dev:renderer` has them for debugging.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
        // A split group's chunk is named after the group alone (`fluent-<hash>.js`), not after the list of screens that share it.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
      '/socket.io': { target: 'http://localhost:8080', ws: true },
    },
  },
})

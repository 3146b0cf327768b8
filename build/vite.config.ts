import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { precompress } from './precompress'

const root = fileURLToPath(new URL('../renderer', import.meta.url))
const outDir = fileURLToPath(new URL('../dist/renderer', import.meta.url))
const reactRouterProduction = fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url))

/** A regular expression source matching `path` with either kind of slash. */
const anySlash = (path: string) => path.replaceAll('/', String.raw`[\\/]`)
const inNodeModules = (packages: string[]) => new RegExp(anySlash(`/node_modules/(${packages.join('|')})/`))

/**
 * Fluent's runtime (styles, tokens, provider, slots, focus styles, the icons' base) and the components
 * /signin draws, the first page of most visits: one chunk that every page loads. Split by the screens
 * that use each module, these would be some forty small chunks on /signin; merged by rolldown's
 * `entriesAwareMergeThreshold`, /signin would also load menus, tabster and other screens' icons merged
 * into them. A component added to /signin belongs here (check `npm run size -- --files`).
 */
const fluentCore = inNodeModules([
  '@griffel',
  'rtl-css-js',
  'stylis',
  '@emotion/hash',
  'keyborg',
  ...['tokens', 'react-theme', 'react-provider', 'react-shared-contexts', 'react-jsx-runtime', 'react-utilities', 'keyboard-keys'].map((name) => `@fluentui/${name}`),
  ...['react-text', 'react-label', 'react-field', 'react-input', 'react-button/lib/(components/Button|contexts)'].map((name) => `@fluentui/${name}`),
  '@fluentui/react-tabster/lib/focus',
  '@fluentui/react-icons/lib/(utils|core|contexts)',
])
const fluentRest = inNodeModules(['@fluentui', 'tabster', '@floating-ui', '@swc/helpers', 'use-sync-external-store', 'embla-carousel[\\w-]*'])
/**
 * Kept out of the core: what only overlays use (triggers, portals, dismissal on an outside click or
 * scroll, focus-within, the toasts' queue) and icon pairs. /signin opens no overlay.
 */
const overlayParts = new RegExp(
  anySlash('/@fluentui/(react-utilities/lib/(trigger|virtualParent)/|react-utilities/lib/hooks/useOn(Click|Scroll)Outside|react-utilities/lib/utils/priorityQueue|react-tabster/lib/focus/focusWithinPolyfill|react-shared-contexts/lib/PortalMountNodeContext|react-icons/lib/utils/bundleIcon)'),
)
/** The icons themselves (a few hundred bytes each) stay in the chunks of the screens that draw them. */
const iconGlyphs = new RegExp(anySlash('/@fluentui/react-icons/lib/(sizedIcons|icons|atoms|fonts)/'))

/**
 * Libraries in chunks of their own, named by library: a deploy that changes only the app's code leaves
 * their file names, and so the browser's cached copies, as they were. Each route's screens are chunks of
 * their own too (route-table.tsx), so a page loads only the groups its screens use. Where groups overlap
 * the higher priority wins; a group also takes in what its modules import, so the libraries Fluent uses
 * (React) are claimed first.
 */
const vendorGroups = [
  { name: 'react', priority: 2, test: inNodeModules(['react', 'react-dom', 'scheduler', 'react-router', 'cookie', 'set-cookie-parser']) },
  { name: 'i18n', priority: 2, test: inNodeModules(['i18next', 'react-i18next', 'html-parse-stringify', 'void-elements']) },
  { name: 'realtime', priority: 2, test: inNodeModules(['socket\\.io-client', 'socket\\.io-parser', 'engine\\.io-client', 'engine\\.io-parser', '@socket\\.io/component-emitter', 'xmlhttprequest-ssl']) },
  { name: 'fluent-core', priority: 1, test: (id: string) => fluentCore.test(id) && !overlayParts.test(id) },
  // The rest of Fluent, split by the screens that use each part (entriesAware), small parts merged into
  // their nearest neighbour: /signin loads none of it, the table's menus and dialogs load with the table.
  { name: 'fluent', test: (id: string) => fluentRest.test(id) && !iconGlyphs.test(id), entriesAware: true, entriesAwareMergeThreshold: 20_000 },
]

/** One renderer build serves the web app and the desktop shell (relative base for file:// loads). */
export default defineConfig(({ command }) => ({
  root,
  base: './',
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      // The contract's schemas are the server's: the renderer needs their types only (typebox-in-the-browser.ts).
      { find: /^typebox$/, replacement: fileURLToPath(new URL('./typebox-in-the-browser.ts', import.meta.url)) },
      // react-router's package exports only its development build (extra warnings and checks); browsers get
      // the production one it ships beside it. The dev server keeps the development build's warnings.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
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
}))

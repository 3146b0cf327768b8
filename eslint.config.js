import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Import boundaries between the layers (see ARCHITECTURE.md). */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['tests/**', 'db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['server/contract/**'],
    rules: restrict([{ regex: '^(?!typebox(/|$)|\\./|\\.\\./).*', message: 'The contract imports only typebox and itself.' }, { group: ['../../*', '../../../*'], message: 'The contract imports only itself.' }]),
  },
  {
    files: ['renderer/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([
        { group: ['**/server/*', '!**/server/contract', '**/server/!(contract)/**'], message: 'The renderer imports only server/contract from the server.' },
        { group: ['**/electron/main/**', '**/electron/preload/**'], message: 'The renderer imports only types from electron/common.' },
        { group: ['**/db/**', 'node:*', 'fastify', 'kysely'], message: 'No server code in the renderer.' },
      ]),
    },
  },
  {
    // What the first page (/signin) loads: a value taken from the contract's index would bring every
    // module's routes into it (npm run size), so values come from the contract's own files.
    files: ['renderer/{app,i18n,state,realtime,api,platform,components}/**', 'renderer/features/auth/**', 'renderer/main.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'server/contract/http$', allowTypeImports: true, message: "Import values from the contract's own file (server/contract/http/auth, …): the index brings every route into the first page." }] },
      ],
    },
  },
  {
    files: ['server/modules/game/engine/**'],
    rules: restrict([{ group: ['node:*', 'fastify', 'socket.io', 'kysely', '**/plugins/**', '**/lib/**'], message: 'The game engine is pure: no I/O, no clock.' }]),
  },
  {
    files: ['db/migrations/**'],
    rules: restrict([{ regex: '^(?!kysely(/|$)|\\./).*', message: 'Migrations import only kysely (they are frozen in time).' }]),
  },
  {
    files: ['server/modules/*/*.ts'],
    rules: restrict([{ regex: '^\\.\\./(?!\\.)[^/]+/(?!index$).+', message: 'A module imports another module only through its index.ts.' }]),
  },
)

import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../renderer', import.meta.url))
const outDir = fileURLToPath(new URL('../dist/renderer', import.meta.url))

/** One renderer build serves the web app and the desktop shell (relative base for file:// loads). */
export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  build: { outDir, emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
      '/socket.io': { target: 'http://localhost:8080', ws: true },
    },
  },
})

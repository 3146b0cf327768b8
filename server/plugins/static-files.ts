import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sendError } from './errors'

/** A source map of the build (`.map`), which is never served. */
function isSourceMap(path: string): boolean {
  return /\.map$/i.test(path)
}

/**
 * The web build at `/` with an SPA fallback (unknown paths get index.html), uploads at `/uploads/`,
 * and a JSON 404 for unknown `/api/*` paths. The build's files go out as the build compressed them
 * (`.br`/`.gz` beside each, see build/precompress.ts) to browsers that accept it. Source maps are never
 * served, even when a build folder holds some: they would publish the app's sources.
 */
async function staticFilesPlugin(app: FastifyInstance, options: { rendererDir: string; uploadsDir: string }): Promise<void> {
  mkdirSync(options.uploadsDir, { recursive: true })
  await app.register(fastifyStatic, {
    root: options.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    // Uploaded files are only ever shown as images; never let a browser sniff them into something else.
    setHeaders: (response) => {
      response.header('X-Content-Type-Options', 'nosniff')
      response.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
    },
  })
  const hasRenderer = existsSync(join(options.rendererDir, 'index.html'))
  if (hasRenderer) {
    await app.register(fastifyStatic, {
      root: options.rendererDir,
      prefix: '/',
      wildcard: false,
      index: 'index.html',
      preCompressed: true,
      allowedPath: (pathName) => !isSourceMap(pathName),
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    // A missing script, style or map is a 404, not the app's page: a browser must not run HTML as a script.
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/uploads/') || path.startsWith('/assets/') || isSourceMap(path) || request.method !== 'GET' || !hasRenderer) {
      return sendError(reply, { statusCode: 404, code: 'errors.not_found', message: 'Not found.' })
    }
    return reply.type('text/html').sendFile('index.html', options.rendererDir)
  })
}

export default fp(staticFilesPlugin, { name: 'static-files' })

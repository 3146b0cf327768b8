import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { sendError } from './errors'

/**
 * The web build at `/` with an SPA fallback (unknown paths get index.html), uploads at `/uploads/`,
 * and a JSON 404 for unknown `/api/*` paths.
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
    await app.register(fastifyStatic, { root: options.rendererDir, prefix: '/', wildcard: false, index: 'index.html' })
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/uploads/') || request.method !== 'GET' || !hasRenderer) {
      return sendError(reply, { statusCode: 404, code: 'errors.not_found', message: 'Not found.' })
    }
    return reply.type('text/html').sendFile('index.html', options.rendererDir)
  })
}

export default fp(staticFilesPlugin, { name: 'static-files' })

import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** The desktop app's own origin (electron/main/app-protocol.ts): its pages call the club server from there. */
export const desktopAppOrigin = 'app://mafia'

/** The paths other origins may call: the API and the uploaded pictures. The socket has its own CORS (socket-io.ts). */
const crossOriginPaths = /^\/(?:api|uploads)(?:\/|$|\?)/

/**
 * Cross-origin calls from the desktop app (`app://mafia` and `DESKTOP_ORIGINS`). The app signs its
 * calls with a bearer token, never with cookies, so credentials are not allowed; every other origin
 * gets no CORS header at all (a browser then refuses it the answer). A preflight from an allowed
 * origin is answered here, before routing; one from any other origin falls through to the usual 404.
 */
async function corsPlugin(app: FastifyInstance, options: { origins: readonly string[] }): Promise<void> {
  const allowed = new Set(options.origins)
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin
    if (origin === undefined || !allowed.has(origin) || !crossOriginPaths.test(request.url)) return
    void reply.header('Access-Control-Allow-Origin', origin)
    void reply.header('Vary', 'Origin')
    void reply.header('Access-Control-Expose-Headers', 'Retry-After, Content-Disposition')
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      void reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE')
      void reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type')
      void reply.header('Access-Control-Max-Age', '600')
      return reply.code(204).send()
    }
  })
}

export default fp(corsPlugin, { name: 'cors' })

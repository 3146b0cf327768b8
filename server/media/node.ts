import { hostname } from 'node:os'
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../config'
import { mediaSocketPath } from '../contract/rtc'
import { createMediaServer, type MediaServer } from './index'
import { connectNodeLink, loadOf, type NodeLink } from './node-link'

export interface MediaNode {
  app: FastifyInstance
  media: MediaServer
  /** The link to the app server; null when MEDIA_APP_URL is unset (a standalone media server). */
  link: NodeLink | null
  /** The signalling URL browsers are sent to. */
  url: string
  port: number
  close(): Promise<void>
}

export type MediaNodeConfig = Pick<
  Config,
  'host' | 'mediaPort' | 'mediaUdpPort' | 'mediaPublicIp' | 'mediaTokenSecret' | 'mediaAppUrl' | 'mediaNodeUrl' | 'mediaNodeId' | 'mediaNodeCapacity' | 'mediaNodeEmail' | 'mediaNodePassword'
>

export class MediaNodeConfigError extends Error {}

/**
 * The media server as its own process (`npm run media`): signalling at /media/ws, `GET
 * /media/health`, the UDP port opened at once (a bad port fails the start, not the first table),
 * and, with MEDIA_APP_URL, registered with the app server as a media node.
 */
export async function startMediaNode(options: { config: MediaNodeConfig; logger: Logger; heartbeatMs?: number; retryMs?: number }): Promise<MediaNode> {
  const { config, logger } = options
  if (!config.mediaTokenSecret) throw new MediaNodeConfigError('MEDIA_TOKEN_SECRET must be set for a separate media process (the app server signs the join tokens with it)')
  if (config.mediaAppUrl && (!config.mediaNodeEmail || !config.mediaNodePassword)) {
    throw new MediaNodeConfigError('MEDIA_APP_URL needs MEDIA_NODE_EMAIL and MEDIA_NODE_PASSWORD (the server account this node signs in with)')
  }
  const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, trustProxy: false })
  const media = createMediaServer({ config, logger })
  let link: NodeLink | null = null
  try {
    await media.registerRoutes(app)
    app.get('/media/health', async () => {
      const load = loadOf(media.rooms)
      return { ok: true, rooms: load.rooms.length, peers: load.peers, udpPort: media.udpPort, registered: link?.registered ?? null }
    })
    app.addHook('onClose', async () => {
      link?.close()
      await media.close()
    })
    const udpPort = await media.openUdpPort()
    await app.listen({ port: config.mediaPort, host: config.host })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.mediaPort
    const url = config.mediaNodeUrl ?? `ws://${config.mediaPublicIp}:${port}${mediaSocketPath}`
    logger.info({ port, udpPort, publicIp: config.mediaPublicIp, url }, 'media server is listening')
    if (config.mediaAppUrl) {
      link = connectNodeLink({
        appUrl: config.mediaAppUrl,
        email: config.mediaNodeEmail as string,
        password: config.mediaNodePassword as string,
        nodeId: config.mediaNodeId ?? `${hostname()}-${port}`.replace(/[^A-Za-z0-9._:-]/g, '-').slice(0, 64),
        url,
        capacity: config.mediaNodeCapacity,
        rooms: media.rooms,
        logger,
        ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
        ...(options.retryMs === undefined ? {} : { retryMs: options.retryMs }),
      })
    }
    return { app, media, link, url, port, close: () => app.close() }
  } catch (error) {
    await app.close().catch(() => undefined)
    await media.close()
    throw error
  }
}

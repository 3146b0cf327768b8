import Fastify, { type FastifyBaseLogger } from 'fastify'
import { loadConfig } from '../config'
import { createLogger } from '../lib/logger'
import { createMediaServer } from './index'

// `npm run media`: the media server as its own process, for scale. It serves signalling at
// /media/ws on MEDIA_PORT and media on MEDIA_UDP_PORT; the app server issues the join tokens, so
// both must share MEDIA_TOKEN_SECRET.
const config = loadConfig()
const logger = createLogger({ name: 'media', level: config.logLevel, dataDir: config.dataDir })

if (!config.mediaTokenSecret) {
  logger.fatal('MEDIA_TOKEN_SECRET must be set for a separate media process (the app server signs the join tokens with it)')
  process.exit(1)
}

const app = Fastify({ loggerInstance: logger as FastifyBaseLogger, trustProxy: false })
const media = createMediaServer({ config, logger })

try {
  await media.registerRoutes(app)
  app.get('/media/health', async () => {
    let peers = 0
    for (const room of media.rooms.values()) peers += room.size
    return { ok: true, rooms: media.rooms.size, peers, udpPort: media.udpPort }
  })
  app.addHook('onClose', () => media.close())
  // A separate media node opens its UDP port at once, so a bad port fails the start, not the first table.
  const udpPort = await media.openUdpPort()
  await app.listen({ port: config.mediaPort, host: config.host })
  logger.info({ port: config.mediaPort, udpPort, publicIp: config.mediaPublicIp }, 'media server is listening')

  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'media server shutting down')
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void close('SIGINT'))
  process.on('SIGTERM', () => void close('SIGTERM'))
} catch (error) {
  logger.fatal({ err: error }, 'media server failed to start')
  await media.close()
  process.exit(1)
}

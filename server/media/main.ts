import { loadConfig } from '../config'
import { createLogger } from '../lib/logger'
import { startMediaNode } from './node'

// `npm run media`: the media server as its own process, for scale. It serves signalling at
// /media/ws on MEDIA_PORT and media on MEDIA_UDP_PORT; the app server issues the join tokens, so
// both must share MEDIA_TOKEN_SECRET. With MEDIA_APP_URL it registers with the app server as a
// media node (signed in as the MEDIA_NODE_EMAIL server account), which then places tables on it.
const config = loadConfig()
const logger = createLogger({ name: 'media', level: config.logLevel, dataDir: config.dataDir })

try {
  const node = await startMediaNode({ config, logger })
  let closing = false
  const close = async (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'media server shutting down')
    await node.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void close('SIGINT'))
  process.on('SIGTERM', () => void close('SIGTERM'))
} catch (error) {
  logger.fatal({ err: error }, 'media server failed to start')
  // No process.exit(): the log file is flushed first, and nothing else keeps the process alive.
  process.exitCode = 1
}

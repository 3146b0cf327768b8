import { lstat, open, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import { logLimits, type LogTailMessage } from '../contract/http/logs'
import { entryOf } from './log-files'

const namePattern = new RegExp(logLimits.namePattern)

interface Reader {
  /** Bytes of the file already read. */
  offset: number
  /** Lines read so far (for each entry's number). */
  lines: number
  /** A line not finished yet. */
  partial: string
}

interface Client {
  socket: WebSocket
  /** One log, or every log. */
  name: string | null
  /** Lines dropped since the last `dropped` message. */
  pending: number
  dropped: number
}

export interface LogTailOptions {
  dir: string
  logger: FastifyBaseLogger
  /** How often the folder is looked at while someone listens. */
  pollMs?: number
  /** Bytes a client may have waiting to be sent before its new lines are dropped. */
  clientBufferBytes?: number
}

/**
 * The live tail: while at least one client listens, the logs folder is read every `pollMs` from where
 * each file was at the last look (a file that appears later, such as the next file of a rotation, from
 * its start), and every complete new line goes to each client as an entry. A client that reads slower
 * than lines arrive is never queued for without end: once `clientBufferBytes` are waiting in its
 * socket, its new lines are dropped and counted, and it is told how many when it has caught up.
 */
export function createLogTail(options: LogTailOptions) {
  const pollMs = options.pollMs ?? 250
  const cap = options.clientBufferBytes ?? logLimits.clientBufferBytes
  const clients = new Set<Client>()
  const readers = new Map<string, Reader>()
  let timer: NodeJS.Timeout | null = null
  let polling: Promise<void> | null = null
  let droppedTotal = 0

  function send(client: Client, message: LogTailMessage): void {
    if (client.socket.readyState !== client.socket.OPEN) return
    if (client.socket.bufferedAmount > cap) {
      if (message.kind === 'entry') {
        client.pending += 1
        client.dropped += 1
        droppedTotal += 1
      }
      return
    }
    if (client.pending > 0) {
      client.socket.send(JSON.stringify({ kind: 'dropped', count: client.pending } satisfies LogTailMessage))
      client.pending = 0
    }
    client.socket.send(JSON.stringify(message))
  }

  async function readNew(name: string, reader: Reader): Promise<void> {
    const handle = await open(join(options.dir, name), 'r').catch(() => null)
    if (!handle) {
      readers.delete(name)
      return
    }
    try {
      const { size } = await handle.stat()
      if (size < reader.offset) Object.assign(reader, { offset: 0, lines: 0, partial: '' })
      if (size === reader.offset) return
      const length = Math.min(size - reader.offset, 8 * 1024 * 1024)
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await handle.read(buffer, 0, length, reader.offset)
      reader.offset += bytesRead
      const text = reader.partial + buffer.subarray(0, bytesRead).toString('utf8')
      const lines = text.split('\n')
      reader.partial = lines.pop() ?? ''
      for (const line of lines) {
        reader.lines += 1
        if (line.trim() === '') continue
        const entry = entryOf(line, reader.lines)
        for (const client of clients) if (client.name === null || client.name === name) send(client, { kind: 'entry', name, entry })
      }
    } finally {
      await handle.close()
    }
  }

  /** Looks at the folder: new files from their start (unless `fromEnd`), known ones from where they were. */
  async function poll(fromEnd: boolean): Promise<void> {
    const names: string[] = []
    // Plain files with a log name only: a link (which could lead out of the folder) or a folder is no log.
    for (const name of await readdir(options.dir).catch(() => [] as string[])) {
      if (namePattern.test(name) && (await lstat(join(options.dir, name)).catch(() => null))?.isFile()) names.push(name)
    }
    for (const name of names) {
      let reader = readers.get(name)
      if (!reader) {
        reader = { offset: 0, lines: 0, partial: '' }
        readers.set(name, reader)
        if (fromEnd) {
          // Known from before anyone listened: only what comes next is news (the line count is read too).
          const handle = await open(join(options.dir, name), 'r').catch(() => null)
          if (handle) {
            try {
              const text = await handle.readFile('utf8')
              reader.offset = Buffer.byteLength(text)
              reader.lines = text.split('\n').length - 1
              reader.partial = text.endsWith('\n') ? '' : (text.split('\n').pop() ?? '')
            } finally {
              await handle.close()
            }
          }
          continue
        }
      }
      await readNew(name, reader)
    }
    for (const name of readers.keys()) if (!names.includes(name)) readers.delete(name)
  }

  function schedule(): void {
    if (timer || clients.size === 0) return
    timer = setTimeout(() => {
      timer = null
      polling = poll(false)
        .catch((error: unknown) => options.logger.warn({ err: error }, 'log tail: reading the logs folder failed'))
        .finally(() => {
          polling = null
          schedule()
        })
    }, pollMs)
  }

  return {
    /** A client listens from now on; it is sent `ready` once the folder's current end is known. */
    async add(socket: WebSocket, name: string | null): Promise<void> {
      const client: Client = { socket, name, pending: 0, dropped: 0 }
      if (clients.size === 0) {
        if (polling) await polling
        readers.clear()
        await poll(true)
      }
      clients.add(client)
      socket.on('close', () => {
        clients.delete(client)
        if (clients.size === 0 && timer) {
          clearTimeout(timer)
          timer = null
        }
      })
      send(client, { kind: 'ready' })
      schedule()
    },
    /** What the tail holds per client (for the admin and the tests): bytes waiting in its socket, lines dropped. */
    stats() {
      return {
        droppedTotal,
        clients: [...clients].map((client) => ({ name: client.name, buffered: client.socket.bufferedAmount, dropped: client.dropped })),
      }
    },
    /** The largest number of bytes a client may have waiting: the cap plus one message. */
    clientBufferBytes: cap,
    close(): void {
      if (timer) clearTimeout(timer)
      timer = null
      for (const client of clients) client.socket.terminate()
      clients.clear()
    },
  }
}

export type LogTail = ReturnType<typeof createLogTail>

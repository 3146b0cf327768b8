import { appendFile, mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { logTailPath, type LogTailMessage } from '../../server/contract/http/logs'
import { createLogger } from '../../server/lib/logger'
import { createLogService, type LogService } from '../../server/logs'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

/** A WebSocket to the live tail, with every message it received. */
interface TailClient {
  socket: WebSocket
  messages: LogTailMessage[]
}

function openTail(baseUrl: string, query: string): Promise<TailClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${logTailPath}?${query}`)
    const client: TailClient = { socket, messages: [] }
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as LogTailMessage
      client.messages.push(message)
      if (message.kind === 'ready') resolve(client)
    })
    socket.on('unexpected-response', (_request, response) => reject(new Error(`refused: ${response.statusCode}`)))
    socket.on('error', reject)
    socket.on('close', (code) => reject(new Error(`closed: ${code}`)))
  })
}

describe('the log service', () => {
  let server: TestApp
  let logs: string
  let admin: string
  let moderator: string
  let player: string
  let writer: Logger
  /** The log file the test's process writes (pino-roll's first file). */
  const logName = 'node-a.1.log'

  const list = (token: string | undefined, query = '') => request(server.url, 'GET', `/api/log/list${query}`, { token })
  const read = (token: string | undefined, name: string | undefined, query = '') =>
    request(server.url, 'GET', `/api/log${query}`, { token, headers: name === undefined ? {} : { 'x-log-name': name } })

  beforeAll(async () => {
    server = await startTestApp()
    logs = join(server.dataDir, 'logs')
    admin = (await createUserWithSession(server.database.db, { role_id: 3 })).token
    moderator = (await createUserWithSession(server.database.db, { role_id: 2 })).token
    player = (await createUserWithSession(server.database.db)).token
    // A process's logger as every process builds it: JSON lines, rotated by pino-roll, secrets redacted.
    writer = createLogger({ name: 'node-a', level: 'info', dataDir: server.dataDir })
    writer.info({ module: 'lobbies', lobbyId: 12 }, 'table opened')
    writer.warn({ module: 'media-nodes', nodeId: 'media-2' }, 'media node left')
    writer.error({ module: 'auth', user: { email: 'x@example.test', password: 'hunter2-secret' } }, 'sign-in failed')
    writer.info({ token: 'a-session-token-that-must-not-show' }, 'session started')
    // pino-roll writes from a worker thread: wait for the four lines to land.
    for (let tries = 0; (await read(admin, logName)).body?.total !== 4; tries += 1) {
      if (tries > 150) throw new Error('the log lines were not written')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // An older file of another process, and files that are no logs.
    await writeFile(join(logs, 'app.1.log'), `${JSON.stringify({ level: 30, time: Date.now() - 60_000, name: 'app', msg: 'Mafia Table is listening' })}\n`)
    await writeFile(join(logs, 'notes.txt'), 'not a log\n')
    await mkdir(join(logs, 'nested.log'))
  })
  afterAll(async () => {
    writer?.flush()
    await server?.close()
  })

  it('lists the log files, newest first, paged; leaves out what is no log file', async () => {
    const all = await list(admin, '?page=1&limit=10')
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(2)
    expect(all.body.list.map((file: { name: string }) => file.name).sort()).toEqual(['app.1.log', logName])
    expect(all.body.list[0]).toMatchObject({ size: expect.any(Number), modifiedAt: expect.any(String) })

    const second = await list(admin, '?page=2&limit=1')
    expect(second.body).toEqual({ total: 2, list: [all.body.list[1]] })
    // A page past the last, and bad paging, are refused with a clear code.
    expect((await list(admin, '?page=3&limit=1')).body).toMatchObject({ statusCode: 400, code: 'errors.invalid_value', field: 'page' })
    expect((await list(admin, '?limit=0')).status).toBe(400)
    expect((await list(admin, '?limit=100000')).status).toBe(400)
    expect((await list(admin, '?page=abc')).status).toBe(400)
    expect((await list(admin, '?sort=name')).body).toMatchObject({ code: 'errors.unknown_field' })
  })

  it('reads a log newest first, with its level, message, source and details, and filters them', async () => {
    const all = await read(admin, logName)
    expect(all.status).toBe(200)
    expect(all.body.list.map((entry: { message: string }) => entry.message)).toEqual(['session started', 'sign-in failed', 'media node left', 'table opened'])
    expect(all.body.list[2]).toMatchObject({ line: 2, type: 'warn', file: 'node-a/media-nodes', description: '{"nodeId":"media-2"}', time: expect.stringMatching(/^\d{4}-/) })
    // Secrets were redacted when the line was written: they reach no reader.
    expect(JSON.stringify(all.body)).not.toContain('hunter2-secret')
    expect(JSON.stringify(all.body)).not.toContain('a-session-token-that-must-not-show')

    const errors = await read(admin, logName, '?type=error')
    expect(errors.body).toMatchObject({ total: 1, list: [{ message: 'sign-in failed', file: 'node-a/auth' }] })
    expect((await read(admin, logName, '?message=TABLE')).body.list.map((entry: { line: number }) => entry.line)).toEqual([1])
    expect((await read(admin, logName, '?description=media-2')).body.total).toBe(1)
    expect((await read(admin, logName, '?file=lobbies&type=info')).body.total).toBe(1)
    expect((await read(admin, logName, '?file=lobbies&type=warn')).body).toEqual({ total: 0, list: [] })
    const paged = await read(admin, logName, '?page=2&limit=3')
    expect(paged.body).toMatchObject({ total: 4, list: [{ message: 'table opened' }] })

    // Bad filters change nothing and say what is wrong.
    expect((await read(admin, logName, '?type=loud')).body).toMatchObject({ statusCode: 400, field: 'type' })
    expect((await read(admin, logName, `?message=${'x'.repeat(201)}`)).body).toMatchObject({ statusCode: 400, code: 'errors.too_long' })
    expect((await read(admin, logName, '?page=5&limit=3')).body).toMatchObject({ statusCode: 400, code: 'errors.invalid_value', field: 'page' })
    expect((await read(admin, 'gone.1.log')).body).toMatchObject({ statusCode: 404, code: 'errors.not_found' })
  })

  it('refuses path tricks in log names: no way out of the logs folder', async () => {
    await writeFile(join(server.dataDir, 'secret.log'), `${JSON.stringify({ level: 30, msg: 'outside the logs folder' })}\n`)
    await symlink(join(server.dataDir, 'secret.log'), join(logs, 'linked.log'))
    for (const name of [undefined, '', '../secret.log', '..%2Fsecret.log', 'logs/../secret.log', '/etc/passwd', `${join(server.dataDir, 'secret.log')}`, '..', 'a/b.log', 'a\\b.log', 'linked.log', 'nested.log', 'notes.txt']) {
      const answer = await read(admin, name)
      expect(answer.status, String(name)).toBe(400)
      expect(answer.body, String(name)).toMatchObject({ code: 'errors.logs.invalid_name', field: 'name' })
    }
    expect((await list(admin)).body.list.map((file: { name: string }) => file.name)).not.toContain('linked.log')
    // The live tail checks its log name the same way (a NUL too).
    await expect(openTail(server.url, `token=${admin}&name=..%2Fsecret.log`)).rejects.toThrow('refused: 400')
    await expect(openTail(server.url, `token=${admin}&name=app%00.log`)).rejects.toThrow('refused: 400')
  })

  it('answers admins only: anonymous 401, players and moderators 403, on every call and the live tail', async () => {
    for (const token of [undefined, 'not-a-session-token']) {
      expect((await list(token)).status).toBe(401)
      expect((await read(token, logName)).status).toBe(401)
    }
    for (const token of [player, moderator]) {
      expect((await list(token)).body).toMatchObject({ statusCode: 403, code: 'errors.forbidden' })
      expect((await read(token, logName)).body).toMatchObject({ statusCode: 403, code: 'errors.forbidden' })
      await expect(openTail(server.url, `token=${token}`)).rejects.toThrow('refused: 403')
    }
    await expect(openTail(server.url, '')).rejects.toThrow('refused: 401')
  })

  it('is its own server too (LOG_SERVICE_PORT), with the app server sessions: an admin reads, a player does not', async () => {
    const own = server.app.logService.server
    const address = await own.listen({ port: 0, host: '127.0.0.1' })
    expect((await request(address, 'GET', '/api/log/list', { token: admin })).body.total).toBe(2)
    expect((await request(address, 'GET', '/api/log/list', { token: player })).status).toBe(403)
    expect((await request(address, 'GET', '/api/log', { token: admin, headers: { 'x-log-name': '../secret.log' } })).body.code).toBe('errors.logs.invalid_name')
    const tail = await openTail(address, `token=${admin}&name=${logName}`)
    writer.info({ module: 'lobbies' }, 'heard on the log service port')
    await expect.poll(() => tail.messages.some((message) => message.kind === 'entry' && message.entry.message === 'heard on the log service port'), { timeout: 15_000 }).toBe(true)
    tail.socket.close()
  })

  it('streams new entries live over the WebSocket, of one log or of every log', async () => {
    const one = await openTail(server.url, `token=${admin}&name=${logName}`)
    const every = await openTail(server.url, `token=${admin}`)
    writer.warn({ module: 'game' }, 'a new entry, live')
    await appendFile(join(logs, 'app.1.log'), `${JSON.stringify({ level: 50, time: Date.now(), name: 'app', msg: 'in the other log' })}\n`)
    const entries = (client: TailClient) => client.messages.flatMap((message) => (message.kind === 'entry' ? [`${message.name}: ${message.entry.message}`] : []))
    await expect.poll(() => entries(every).sort(), { timeout: 15_000 }).toEqual(['app.1.log: in the other log', `${logName}: a new entry, live`])
    await expect.poll(() => entries(one), { timeout: 15_000 }).toEqual([`${logName}: a new entry, live`])
    expect(one.messages.find((message) => message.kind === 'entry')).toMatchObject({ entry: { type: 'warn', file: 'node-a/game' } })
    one.socket.close()
    every.socket.close()
  })

  describe('a client that falls behind', () => {
    let service: LogService
    let address: string
    beforeAll(async () => {
      // A service over the same folder and sessions, with a small buffer per client.
      service = await createLogService({ dir: logs, resolveSession: server.app.resolveSession, logger: server.app.log, pollMs: 20, clientBufferBytes: 16 * 1024 })
      address = await service.server.listen({ port: 0, host: '127.0.0.1' })
    })
    afterAll(() => service.server.close())

    it('gets its lines dropped and counted, not queued without end, and is told how many once it catches up', async () => {
      const slow = await openTail(address, `token=${admin}&name=flood.1.log`)
      await writeFile(join(logs, 'flood.1.log'), '')
      // The client stops reading: the kernel's buffers fill first, then the server's.
      ;(slow.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause()
      const line = `${JSON.stringify({ level: 30, time: Date.now(), name: 'flood', msg: 'x'.repeat(4000) })}\n`
      const batch = line.repeat(1000)
      let appended = 0
      await expect
        .poll(
          async () => {
            await appendFile(join(logs, 'flood.1.log'), batch)
            appended += 1000
            return service.tail.stats().clients[0]?.dropped ?? 0
          },
          { timeout: 60_000, interval: 200 },
        )
        .toBeGreaterThan(0)
      // What waits for it stays bounded: the cap, and at most one message past it.
      const held = service.tail.stats().clients[0]
      expect(held?.buffered).toBeLessThanOrEqual(16 * 1024 + line.length + 200)

      ;(slow.socket as unknown as { _socket: { resume(): void } })._socket.resume()
      await expect.poll(() => service.tail.stats().clients[0]?.buffered, { timeout: 30_000 }).toBe(0)
      await appendFile(join(logs, 'flood.1.log'), `${JSON.stringify({ level: 30, time: Date.now(), name: 'flood', msg: 'caught up' })}\n`)
      await expect.poll(() => slow.messages.at(-1), { timeout: 30_000 }).toMatchObject({ kind: 'entry', entry: { message: 'caught up' } })
      // It was told of every dropped line (the last notice just before the line that came after it caught up).
      const notices = slow.messages.flatMap((message) => (message.kind === 'dropped' ? [message.count] : []))
      const dropped = notices.reduce((sum, count) => sum + count, 0)
      expect(notices.length).toBeGreaterThan(0)
      expect(dropped).toBe(service.tail.stats().droppedTotal)
      const received = slow.messages.filter((message) => message.kind === 'entry').length - 1
      // Every line was either received or counted as dropped.
      expect(received + dropped).toBe(appended)
      slow.socket.close()
    })
  })
})

import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { request as socketRequest } from '../helpers/requests'
import { closeOpenSockets, connectSocket, nextEvent } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'

let server: TestApp
let rendererDir: string

beforeAll(async () => {
  rendererDir = join(process.env.TMPDIR ?? '/tmp', `mafia-renderer-${process.pid}-${Date.now()}`)
  await mkdir(rendererDir, { recursive: true })
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Mafia Table</title><div id="root"></div>')
  server = await startTestApp({ rendererDir })
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

describe('system', () => {
  it('reports health with the database kind in use', async () => {
    const { status, body } = await request(server.url, 'GET', '/api/health')
    expect(status).toBe(200)
    expect(body).toEqual({ ok: true, db: process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite' })
  })

  it('loads the settings flags as name/value strings', async () => {
    const { status, body } = await request<Array<{ name: string; value: string }>>(server.url, 'GET', '/api/settings/load')
    expect(status).toBe(200)
    const flags = Object.fromEntries(body.map((flag) => [flag.name, flag.value]))
    expect(flags).toMatchObject({ maintenance: 'false', premium_page: 'false' })
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await request(server.url, 'GET', '/api/no/such/thing')
    expect(status).toBe(404)
    expect(body).toMatchObject({ statusCode: 404, code: 'errors.not_found' })
  })

  it('serves index.html for unknown app paths (SPA fallback)', async () => {
    const response = await fetch(`${server.url}/friends/some/deep/path`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(await response.text()).toContain('<div id="root">')
  })
})

describe('translations', () => {
  it('lists the four interface languages, Hebrew right-to-left', async () => {
    const { body } = await request<Array<{ short: string; rtl: boolean }>>(server.url, 'GET', '/api/i18n')
    expect(body.map((language) => language.short)).toEqual(['uk', 'en', 'de', 'he'])
    expect(body.find((language) => language.short === 'he')?.rtl).toBe(true)
  })

  it('serves the main message set of a locale as nested keys', async () => {
    const { status, body } = await request(server.url, 'GET', '/api/i18n/mafia/uk')
    expect(status).toBe(200)
    expect(typeof body.app.name).toBe('string')
  })

  it('refuses an unknown locale or namespace with a 404 and a bad name with a 400', async () => {
    expect((await request(server.url, 'GET', '/api/i18n/mafia/xx')).status).toBe(404)
    expect((await request(server.url, 'GET', '/api/i18n/nothing/en')).status).toBe(404)
    const bad = await request(server.url, 'GET', '/api/i18n/mafia/english')
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('locale')
  })
})

describe('realtime', () => {
  it('answers getOnline with an online-count event and the ack', async () => {
    const socket = await connectSocket(server.url)
    const event = nextEvent(socket, 'online-count')
    expect(await socketRequest(socket, 'getOnline')).toEqual({ count: 0 })
    expect(await event).toEqual({ count: 0 })
  })

  it('refuses a socket with a forged token', async () => {
    await expect(connectSocket(server.url, 'forged-token')).rejects.toThrow('errors.unauthorized')
  })
})

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import { request as socketRequest } from '../helpers/requests'
import { closeOpenSockets, connectSocket, nextEvent } from '../helpers/sockets'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { signIn, signUpConfirmed } from './auth-support'

let server: TestApp

beforeAll(async () => {
  server = await startTestApp()
})
afterEach(closeOpenSockets)
afterAll(() => server.close())

const connect = (token?: string) => connectSocket(server.url, token)

describe('sockets of signed-in users', () => {
  it('two users signed in over HTTP count as two online, however many tabs they have', async () => {
    const first = await signUpConfirmed(server)
    const second = await signUpConfirmed(server)
    const firstTab = await connect(first.token)
    await connect((await signIn(server, first.email, first.password)).body.token)
    await connect(second.token)
    await connect()
    expect(await socketRequest(firstTab, 'getOnline')).toEqual({ count: 2 })
  })

  it('refuses a socket whose token was revoked by signing out', async () => {
    const account = await signUpConfirmed(server)
    expect((await request(server.url, 'POST', '/api/auth/logout', { token: account.token })).status).toBe(200)
    await expect(connectSocket(server.url, account.token)).rejects.toThrow('errors.unauthorized')
  })

  it('signing out tells that session’s open socket and disconnects it, leaving other sessions connected', async () => {
    const account = await signUpConfirmed(server)
    const otherToken = (await signIn(server, account.email, account.password)).body.token
    const leaving = await connect(account.token)
    const staying = await connect(otherToken)
    const revoked = nextEvent(leaving, 'auth:revoked')
    const disconnected = new Promise<string>((resolve) => leaving.once('disconnect', resolve))
    expect((await request(server.url, 'POST', '/api/auth/logout', { token: account.token })).status).toBe(200)
    expect(await revoked).toEqual({ reason: 'logout' })
    expect(await disconnected).toBe('io server disconnect')
    expect(staying.connected).toBe(true)
    expect(await socketRequest(staying, 'getOnline')).toMatchObject({ count: expect.any(Number) })
  })

  it('refuses a socket of a banned user with errors.banned', async () => {
    const account = await signUpConfirmed(server)
    await server.database.db.insertInto('bans').values({ user_id: account.user.id, reason: 'cheating', until: new Date(Date.now() + 60 * 60 * 1000) }).execute()
    await expect(connectSocket(server.url, account.token)).rejects.toThrow('errors.banned')
  })
})

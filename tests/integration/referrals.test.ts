import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { referralRules } from '../../server/contract/http/referrals'
import { insertFinishedGames, insertUsers } from '../helpers/finished-games'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'
import { expectRefused, signUp, uniqueIdentity } from './auth-support'

/**
 * The referral programme over HTTP: sign-up through an invitation, the inviter's page with the
 * people who joined and what their first games earned (pending while no premium ledger credits it),
 * and the invitations sign-up refuses.
 */
describe('referrals', () => {
  let server: TestApp
  let inviter: { id: number; token: string; referral: string }
  const page = (token: string, query = '') => request(server.url, 'GET', `/api/referrals${query}`, { token })
  const rewards = () => server.database.db.withTables<{ referral_rewards: { referred_id: number; referrer_id: number; days: number; granted_at: Date | null } }>().selectFrom('referral_rewards').select(['referred_id', 'referrer_id', 'days', 'granted_at']).execute()

  beforeAll(async () => {
    server = await startTestApp()
    // Its session records no address, so sign-ups from this test's address are someone else's.
    const { user, token } = await createUserWithSession(server.database.db)
    inviter = { id: user.id, token, referral: user.referral_token }
  })
  afterAll(() => server.close())

  it('a player who joins through the link is listed, and their first ten final games earn the inviter premium days through the ledger (pending without one)', async () => {
    const before = await page(inviter.token)
    expect(before.status).toBe(200)
    expect(before.body).toEqual({ token: inviter.referral, items: [], total: 0, earned: { grantedDays: 0, pendingDays: 0 }, gamesForReward: 10, rewardDays: referralRules.rewardDays })

    const joined = await signUp(server, { referenceToken: inviter.referral })
    const invited = await server.database.db.selectFrom('users').select(['id', 'reference_token']).where('email', '=', joined.email).executeTakeFirstOrThrow()
    expect(invited.reference_token).toBe(inviter.referral)
    const listed = await page(inviter.token)
    expect(listed.body).toMatchObject({ total: 1, items: [{ id: invited.id, nickname: joined.nickname, confirmed: false, games: 0, reward: null }] })

    // Nine final games and one whose result is not final yet: nothing earned.
    const others = await insertUsers(server.database.db, Array.from({ length: 9 }, (_, index) => `mate${index}`))
    const players = [invited.id, ...others]
    const endedAt = (index: number) => new Date(Date.UTC(2026, 9, 1, index))
    await insertFinishedGames(server.database.db, [
      ...Array.from({ length: 9 }, (_, index) => ({ players, redWon: index % 2 === 0, endedAt: endedAt(index) })),
      { players, redWon: true, endedAt: endedAt(9), finalised: false },
    ])
    const nine = await page(inviter.token)
    expect(nine.body).toMatchObject({ items: [{ games: 9, reward: null }], earned: { grantedDays: 0, pendingDays: 0 } })
    expect(await rewards()).toEqual([])

    // The tenth final game earns the reward, once: credited through the premium ledger where the app has
    // one, else recorded and kept pending.
    const ledger = server.app.hasDecorator('premium')
    const status = ledger ? 'granted' : 'pending'
    const earned = ledger ? { grantedDays: referralRules.rewardDays, pendingDays: 0 } : { grantedDays: 0, pendingDays: referralRules.rewardDays }
    await insertFinishedGames(server.database.db, [{ players, redWon: false, endedAt: endedAt(10) }])
    const ten = await page(inviter.token)
    expect(ten.body).toMatchObject({ items: [{ id: invited.id, games: 10, reward: { days: referralRules.rewardDays, status } }], earned })
    await insertFinishedGames(server.database.db, [{ players, redWon: false, endedAt: endedAt(11) }])
    expect((await page(inviter.token)).body.earned).toEqual(earned)
    const stored = await rewards()
    expect(stored).toEqual([{ referred_id: invited.id, referrer_id: inviter.id, days: referralRules.rewardDays, granted_at: ledger ? expect.any(Date) : null }])
    if (ledger) {
      // One grant in the ledger for this invited player, however often the page is read; the inviter is premium.
      const grants = await sql<{ days: number }>`select days from premium_transactions where source_id = ${`referral:${invited.id}`}`.execute(server.database.db)
      expect(grants.rows).toEqual([{ days: referralRules.rewardDays }])
      expect((await server.database.db.selectFrom('users').select('is_premium').where('id', '=', inviter.id).executeTakeFirstOrThrow()).is_premium).toBe(true)
    }

    // Someone else's page lists none of the inviter's players.
    const { token: strangerToken } = await createUserWithSession(server.database.db)
    expect((await page(strangerToken)).body).toMatchObject({ items: [], total: 0, earned: { grantedDays: 0, pendingDays: 0 } })
  })

  it('sign-up refuses an invitation nobody issued, and one used from an address its owner signed in from, writing nothing', async () => {
    const identity = uniqueIdentity()
    const body = { ...identity, password: 'correct horse battery' }
    await expectRefused(server, () => request(server.url, 'POST', '/api/auth/signup', { body: { ...body, referenceToken: 'no-such-invitation' } }), {
      status: 400,
      code: 'errors.referrals.unknown_token',
      field: 'referenceToken',
    })
    // An owner whose session was used from this address (written as an IPv4-mapped IPv6 address): their own invitation.
    const { user: owner } = await createUserWithSession(server.database.db)
    await server.database.db.updateTable('sessions').set({ address: '::ffff:127.0.0.1' }).where('user_id', '=', owner.id).execute()
    await expectRefused(server, () => request(server.url, 'POST', '/api/auth/signup', { body: { ...body, referenceToken: owner.referral_token } }), {
      status: 403,
      code: 'errors.referrals.own_token',
      field: 'referenceToken',
    })
    // The same person signs up without the invitation.
    expect((await request(server.url, 'POST', '/api/auth/signup', { body })).status).toBe(200)
  })

  it('pages past the last invited player and strangers are refused', async () => {
    const refused = await page(inviter.token, '?page=2')
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'errors.referrals.page_out_of_range', field: 'page' })
    expect((await page(inviter.token, '?page=0')).status).toBe(400)
    expect((await page(inviter.token, '?itemsPerPage=1000')).status).toBe(400)
    expect((await request(server.url, 'GET', '/api/referrals')).status).toBe(401)
  })
})

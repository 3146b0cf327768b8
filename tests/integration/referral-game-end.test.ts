import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { referralRules } from '../../server/contract/http/referrals'
import { systemClock } from '../../server/lib/clock'
import { createReferralsRepository } from '../../server/modules/referrals/referrals.repository'
import { createReferralsService, type PremiumCredit } from '../../server/modules/referrals/referrals.service'
import { withReferralTables } from '../../server/modules/referrals/referrals.tables'
import { createTestDatabase, type TestDatabase } from '../helpers/databases'
import { insertFinishedGames, insertUsers } from '../helpers/finished-games'

/**
 * What a finished game does for the referral programme, with the module's own repository on the
 * database: the game that makes an invited player's tenth credits their inviter at once, and a credit
 * that failed is tried again at the next game's end, which otherwise (almost every game) only looks
 * for rewards its own players earned.
 */

let database: TestDatabase
let inviter: number
let mates: number[]
let nextHour = 0
const quiet = { warn: () => undefined }

beforeAll(async () => {
  database = await createTestDatabase()
  inviter = (await insertUsers(database.db, ['inviter']))[0] as number
  mates = await insertUsers(database.db, Array.from({ length: 9 }, (_, index) => `mate${index}`))
})
afterAll(async () => {
  await database.db.destroy()
  await database.dispose()
})

/** A user who joined through the inviter's link. */
async function invitedPlayer(nickname: string): Promise<number> {
  const [id] = await insertUsers(database.db, [nickname])
  const { referral_token: token } = await database.db.selectFrom('users').select('referral_token').where('id', '=', inviter).executeTakeFirstOrThrow()
  await database.db.updateTable('users').set({ reference_token: token }).where('id', '=', id as number).execute()
  return id as number
}

/** Final games of `player` with the mates; answers their lobbies. */
function finalGames(player: number, count: number): Promise<number[]> {
  return insertFinishedGames(
    database.db,
    Array.from({ length: count }, () => ({ players: [player, ...mates], redWon: true, endedAt: new Date(Date.UTC(2026, 10, 1, nextHour++)) })),
  )
}

/** The premium ledger as the service sees it: each credit recorded, or refused while `failing` holds. */
function ledger() {
  const credited: number[] = []
  const state = { failing: false }
  const credit: PremiumCredit = async ({ referredId }) => {
    if (state.failing) throw new Error('the ledger is down')
    credited.push(referredId)
  }
  const service = createReferralsService({ repository: createReferralsRepository(database.db), clock: systemClock, logger: quiet, credit: () => credit })
  return { service, credited, state }
}

async function rewardOf(referred: number) {
  return withReferralTables(database.db).selectFrom('referral_rewards').select(['referrer_id', 'days', 'granted_at']).where('referred_id', '=', referred).executeTakeFirst()
}

describe("a finished game's referral rewards", () => {
  it("the invited player's tenth final game credits the inviter at once, and only once", async () => {
    const { service, credited } = ledger()
    const player = await invitedPlayer('tenth')
    const nine = await finalGames(player, referralRules.gamesForReward - 1)
    await service.gameFinished(nine.at(-1) as number)
    expect(credited).toEqual([])
    expect(await rewardOf(player)).toBeUndefined()

    const [tenth] = await finalGames(player, 1)
    await service.gameFinished(tenth as number)
    expect(credited).toEqual([player])
    expect(await rewardOf(player)).toEqual({ referrer_id: inviter, days: referralRules.rewardDays, granted_at: expect.any(Date) })

    const [eleventh] = await finalGames(player, 1)
    await service.gameFinished(eleventh as number)
    await service.gameFinished(tenth as number)
    expect(credited).toEqual([player])
  })

  it('a credit that fails stays pending and is credited at the next game that ends, even one that earns nothing', async () => {
    const { service, credited, state } = ledger()
    const player = await invitedPlayer('retried')
    const games = await finalGames(player, referralRules.gamesForReward)
    state.failing = true
    await service.gameFinished(games.at(-1) as number)
    expect(credited).toEqual([])
    expect(await rewardOf(player)).toMatchObject({ granted_at: null })

    state.failing = false
    const [later] = await finalGames(player, 1)
    await service.gameFinished(later as number)
    expect(credited).toEqual([player])
    expect(await rewardOf(player)).toMatchObject({ granted_at: expect.any(Date) })
  })

  it("a server that starts credits what the last run left pending at its first game's end; then a game that earns nothing leaves others' pending rewards to their inviter's page", async () => {
    const left = await invitedPlayer('left pending')
    await finalGames(left, referralRules.gamesForReward)
    const rewards = withReferralTables(database.db)
    const earnedAt = new Date(Date.UTC(2026, 10, 2))
    await rewards.insertInto('referral_rewards').values({ referred_id: left, referrer_id: inviter, days: referralRules.rewardDays, earned_at: earnedAt, granted_at: null }).execute()

    const { service, credited } = ledger()
    const player = await invitedPlayer('no reward yet')
    const [first, second] = await finalGames(player, 2)
    await service.gameFinished(first as number)
    expect(credited).toEqual([left])

    // Another server recorded this one and could not credit it: that server tries again, or the inviter's page does.
    const elsewhere = await invitedPlayer('elsewhere')
    await rewards.insertInto('referral_rewards').values({ referred_id: elsewhere, referrer_id: inviter, days: referralRules.rewardDays, earned_at: earnedAt, granted_at: null }).execute()
    await service.gameFinished(second as number)
    expect(credited).toEqual([left])
    expect(await rewardOf(elsewhere)).toMatchObject({ granted_at: null })
  })
})

import type { FastifyInstance } from 'fastify'
import type { Clock } from '../../lib/clock'
import type {} from '../buy'
import type { GameModule } from '../game'
import { createReferralsRepository } from './referrals.repository'
import { registerReferralsRoutes } from './referrals.routes'
import { createReferralsService, type PremiumCredit } from './referrals.service'

export type { ReferralsService, PremiumCredit } from './referrals.service'
export type { ReferralTables } from './referrals.tables'

export interface ReferralsModuleOptions {
  clock: Clock
  game: Pick<GameModule, 'onEvents'>
  /** The premium ledger's credit (default: the premium module's grant, when it is registered); without one, rewards are recorded and shown as pending. */
  credit?: PremiumCredit
}

/** Credits a reward through the premium module's ledger, once per invited player (its source id), when that module is registered. */
function ledgerCredit(app: FastifyInstance): PremiumCredit | undefined {
  if (!app.hasDecorator('premium')) return undefined
  return async ({ userId, days, referredId }) => {
    await app.premium.grantPremiumDays(userId, days, 'referral', `referral:${referredId}`)
  }
}

/**
 * The referral programme (`/api/referrals`): who joined through a user's link and what their first
 * games earned. The sign-up's own checks of an invitation live in the auth service.
 */
export async function registerReferralsModule(app: FastifyInstance, options: ReferralsModuleOptions) {
  const service = createReferralsService({ repository: createReferralsRepository(app.db), clock: options.clock, logger: app.log, credit: () => options.credit ?? ledgerCredit(app) })
  options.game.onEvents((lobbyId, events, state) => {
    if (state.phase === 'ended' && state.finalised && events.some((event) => event.type === 'game_finalised' || event.type === 'game_ended')) {
      service.gameFinished(lobbyId).catch((error: unknown) => app.log.warn({ err: error, lobbyId }, 'referral rewards not settled after a game'))
    }
  })
  await registerReferralsRoutes(app, { service })
  return { service }
}

import { adminRoutes } from './admin'
import { authRoutes } from './auth'
import { i18nRoutes } from './i18n'
import { notesRoutes } from './notes'
import { ratingsRoutes } from './ratings'
import { referralsRoutes } from './referrals'
import { sharingRoutes } from './sharing'
import { statisticsRoutes } from './statistics'
import { systemRoutes } from './system'
import { tournamentsRoutes } from './tournaments'

export * from './common'
export * from './admin'
export * from './auth'
export * from './i18n'
export * from './notes'
export * from './ratings'
export * from './referrals'
export * from './sharing'
export * from './statistics'
export * from './system'
export * from './tournaments'
export * from './tournaments-errors'

/** Every HTTP route of the product: the server registers these, the renderer's client calls them. */
export const routes = {
  admin: adminRoutes,
  auth: authRoutes,
  i18n: i18nRoutes,
  notes: notesRoutes,
  ratings: ratingsRoutes,
  referrals: referralsRoutes,
  sharing: sharingRoutes,
  statistics: statisticsRoutes,
  system: systemRoutes,
  tournaments: tournamentsRoutes,
} as const

import { adminRoutes } from './admin'
import { advertisingRoutes } from './advertising'
import { authRoutes } from './auth'
import { bugsRoutes } from './bugs'
import { i18nRoutes } from './i18n'
import { i18nAdminRoutes } from './i18n-admin'
import { notesRoutes } from './notes'
import { ratingsRoutes } from './ratings'
import { referralsRoutes } from './referrals'
import { sharingRoutes } from './sharing'
import { statisticsRoutes } from './statistics'
import { systemRoutes } from './system'
import { tournamentsRoutes } from './tournaments'

export * from './common'
export * from './admin'
export * from './advertising'
export * from './auth'
export * from './bugs'
export * from './bugs-errors'
export * from './i18n'
export * from './i18n-admin'
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
  advertising: advertisingRoutes,
  auth: authRoutes,
  bugs: bugsRoutes,
  i18n: i18nRoutes,
  i18nAdmin: i18nAdminRoutes,
  notes: notesRoutes,
  ratings: ratingsRoutes,
  referrals: referralsRoutes,
  sharing: sharingRoutes,
  statistics: statisticsRoutes,
  system: systemRoutes,
  tournaments: tournamentsRoutes,
} as const

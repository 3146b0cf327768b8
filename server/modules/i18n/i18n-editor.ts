import type { FastifyInstance } from 'fastify'
import { recordAudit } from '../admin'
import { createI18nAdminRepository } from './i18n-admin.repository'
import { registerI18nAdminRoutes } from './i18n-admin.routes'
import { createI18nAdminService } from './i18n-admin.service'
import type { I18nService } from './i18n.service'

/** The tag every node's message cache listens to: a translation changed somewhere. */
export const translationsTag = 'i18n:translations'

export interface I18nEditorOptions {
  i18n: I18nService
  /** I18N_SYNC_URL and I18N_SYNC_TOKEN: the instance load and the two syncs talk to. */
  syncUrl: string | undefined
  syncToken: string | undefined
}

/**
 * The translation editor (`/api/i18n/groups`, `list`, `set`, `load`, `syncToProd`, `syncFromProd`).
 * An edit empties the message cache of every app server (through Redis when configured), so users
 * get the new text at their next locale load.
 */
export async function registerI18nEditor(app: FastifyInstance, options: I18nEditorOptions): Promise<void> {
  app.invalidations.listen((tag) => {
    if (tag === null || tag === translationsTag) options.i18n.clearCache()
  })
  const service = createI18nAdminService({
    repository: createI18nAdminRepository(app.db),
    audit: recordAudit,
    changed: () => app.invalidations.invalidate(translationsTag),
    ...(options.syncUrl ? { sync: { url: options.syncUrl, token: options.syncToken } } : {}),
  })
  await registerI18nAdminRoutes(app, { service })
}

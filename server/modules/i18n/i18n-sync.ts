import { Compile } from 'typebox/compile'
import { I18nConstantPage, I18nGroups, i18nAdminLimits, type I18nSet } from '../../contract/http/i18n-admin'
import { AppError } from '../../lib/app-error'

/** (group, constant) -> the constant's id on that side and its texts by locale. */
export type Snapshot = Map<string, { id: number; group: string; constant: string; texts: Record<string, string> }>

const timeoutMs = 15_000
const groupsAnswer = Compile(I18nGroups)
const listAnswer = Compile(I18nConstantPage)

/**
 * The other instance (I18N_SYNC_URL), spoken to through its own editor calls with an admin token of
 * its own (I18N_SYNC_TOKEN): its texts read with groups and list, its texts written with set. The
 * token is sent in the Authorization header only, never logged. Anything but the expected answer is
 * `errors.i18n.sync_failed` (502).
 */
export function createSyncClient(options: { url: string; token: string | undefined; fetch?: typeof fetch }) {
  const base = options.url.replace(/\/+$/, '')
  const send = options.fetch ?? fetch
  const headers = (json: boolean): Record<string, string> => ({
    accept: 'application/json',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
  })
  const failed = () => new AppError(502, 'errors.i18n.sync_failed')

  const get = async (path: string): Promise<unknown> => {
    let response: Response
    try {
      response = await send(`${base}${path}`, { headers: headers(false), signal: AbortSignal.timeout(timeoutMs) })
    } catch {
      throw failed()
    }
    if (!response.ok) throw failed()
    return response.json().catch(() => {
      throw failed()
    })
  }

  return {
    /** Every text there, with the locales it has. */
    async snapshot(): Promise<{ snapshot: Snapshot; locales: Set<string> }> {
      const groups = await get('/api/i18n/groups')
      if (!groupsAnswer.Check(groups)) throw failed()
      const languages = await get('/api/i18n')
      if (!Array.isArray(languages)) throw failed()
      const locales = new Set(languages.map((language: { short?: unknown }) => language.short).filter((short): short is string => typeof short === 'string'))
      const snapshot: Snapshot = new Map()
      const limit = i18nAdminLimits.itemsPerPageMax
      for (const group of groups.items) {
        for (let page = 1; (page - 1) * limit < group.constants; page += 1) {
          const answer = await get(`/api/i18n/list?group=${encodeURIComponent(group.name)}&page=${page}&limit=${limit}`)
          if (!listAnswer.Check(answer)) throw failed()
          for (const item of answer.items) {
            snapshot.set(`${group.name}\u0000${item.constant}`, {
              id: item.id,
              group: group.name,
              constant: item.constant,
              texts: Object.fromEntries(item.translates.map((translate) => [translate.locale, translate.translate])),
            })
          }
        }
      }
      return { snapshot, locales }
    },

    /** Writes one constant there; false when that instance refused it (its own rules), an error when it cannot be reached. */
    async set(input: I18nSet): Promise<boolean> {
      let response: Response
      try {
        response = await send(`${base}/api/i18n/set`, { method: 'POST', headers: headers(true), body: JSON.stringify(input), signal: AbortSignal.timeout(timeoutMs) })
      } catch {
        throw failed()
      }
      await response.body?.cancel().catch(() => undefined)
      if (response.ok) return true
      if (response.status === 400 || response.status === 404) return false
      throw failed()
    },
  }
}

export type SyncClient = ReturnType<typeof createSyncClient>

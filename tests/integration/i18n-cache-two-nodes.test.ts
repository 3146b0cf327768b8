import { describe, expect, it } from 'vitest'
import { request } from '../helpers/http'
import type { TestApp } from '../helpers/test-app'
import { twoNodesForFile } from '../helpers/two-nodes'
import { createUserWithSession } from '../helpers/users'
import { eventually } from './auth-support'

/**
 * The translations cache across two app servers sharing PostgreSQL and Redis: each server keeps the
 * message sets it served, and an admin's edit on one server empties that cache on both, so the
 * other serves the new text at its users' next locale load. One server's own editor: i18n-editor.test.ts.
 */
const nodes = twoNodesForFile('translation cache')

type Constant = { id: number; constant: string; translates: Array<{ locale: string; translate: string }> }

const served = async (server: TestApp, locale: string): Promise<string> => {
  const answer = await request(server.url, 'GET', `/api/i18n/mafia/${locale}`)
  expect(answer.status).toBe(200)
  return (answer.body as { footer: { copyright: string } }).footer.copyright
}

async function copyright(server: TestApp, token: string): Promise<Constant> {
  const answer = await request(server.url, 'GET', '/api/i18n/list?group=mafia&search=footer.copyright&limit=50', { token })
  expect(answer.status).toBe(200)
  return (answer.body.items as Constant[]).find((item) => item.constant === 'footer.copyright') as Constant
}

describe('translations cached on two app servers', () => {
  it('an admin’s edit on one server is served by the other at once, in either direction', async () => {
    const { first, second, database } = nodes()
    const { token } = await createUserWithSession(database.db, { role_id: 3 })
    const item = await copyright(first, token)
    const original = await served(second, 'he')

    // The second server holds what it served: a text changed in the database behind both servers' backs stays unseen there.
    const hebrew = database.db.selectFrom('languages').select('id').where('short', '=', 'he')
    await database.db.updateTable('i18n_translates').set({ translate: 'unannounced {{year}}' }).where('const_id', '=', item.id).where('lang_id', '=', hebrew).execute()
    expect(await served(second, 'he')).toBe(original)

    const edited = await request(first.url, 'POST', '/api/i18n/set', { token, body: { id: item.id, constant: 'footer.copyright', translates: [{ locale: 'he', translate: '© {{year}} שולחן חדש' }] } })
    expect(edited.status).toBe(200)
    expect(await eventually(() => served(second, 'he'), (text) => text === '© {{year}} שולחן חדש', 1000)).toBe('© {{year}} שולחן חדש')

    // And back: the first server, which served the edit, follows an edit made on the second.
    expect(await served(first, 'he')).toBe('© {{year}} שולחן חדש')
    const back = await request(second.url, 'POST', '/api/i18n/set', { token, body: { id: item.id, constant: 'footer.copyright', translates: [{ locale: 'he', translate: original }] } })
    expect(back.status).toBe(200)
    expect(await eventually(() => served(first, 'he'), (text) => text === original, 1000)).toBe(original)
  })
})

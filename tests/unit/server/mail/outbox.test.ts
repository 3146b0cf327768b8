import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../../../../server/lib/logger'
import { createMailer } from '../../../../server/modules/mail/mail.service'

const folders: string[] = []
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('without SMTP_URL, mails go to DATA_DIR/outbox', () => {
  it('as whole .eml files, one a mail, with nothing left beside them', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mafia-outbox-'))
    folders.push(dataDir)
    const mailer = createMailer({ dataDir, logger: createLogger({ name: 'test', level: 'silent', file: false }) })
    const link = 'http://localhost:8080/confirm/Zk3_x-9aQ2bT7yWvLmN0pR4s'
    await Promise.all(['a@example.test', 'b@example.test'].map((to) => mailer.send({ to, subject: 'Confirm', text: `Hello!\n\n${link}\n`, link })))
    const files = await readdir(join(dataDir, 'outbox'))
    expect(files).toHaveLength(2)
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true)
    const mails = await Promise.all(files.map((file) => readFile(join(dataDir, 'outbox', file), 'utf8')))
    expect(mails.map((mail) => /^To: (\S+)$/m.exec(mail)?.[1]).sort()).toEqual(['a@example.test', 'b@example.test'])
    for (const mail of mails) expect(mail).toContain('Zk3_x-9aQ2bT7yWvLmN0pR4s')
  })
})

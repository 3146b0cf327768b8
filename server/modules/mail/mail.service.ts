import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'
import { randomToken } from '../../lib/ids'
import { redactUrl } from '../../lib/logger'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
  /**
   * The link the mail is about (confirmation, reset). Outbox mode logs it with its token redacted,
   * beside the .eml file that holds it whole: a log is read by more people than a mailbox.
   */
  link?: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

export const mailFrom = 'Mafia Table <no-reply@mafia-table.local>'

/**
 * Mail through SMTP_URL; without it, every mail becomes an .eml file in DATA_DIR/outbox (the log
 * names the file), so sign-up works on a laptop with no mail server.
 */
export function createMailer(options: { smtpUrl?: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        options.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent')
      },
    }
  }
  const outbox = join(options.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      await mkdir(outbox, { recursive: true })
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`)
      await writeFile(file, info.message as Buffer)
      options.logger.info({ to: mail.to, subject: mail.subject, file, link: mail.link === undefined ? undefined : redactUrl(mail.link) }, 'mail written to outbox')
    },
  }
}

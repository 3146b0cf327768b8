import { mkdir, rename, writeFile } from 'node:fs/promises'
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
 * The desktop app's twin of a mailed link (`https://club/confirm/<token>` -> `mafia://confirm/<token>`,
 * likewise reset and sign-up), which opens the installed app at the same screen; null for any other link.
 * The app accepts exactly these forms (electron/main/deep-links.ts).
 */
export function desktopLinkOf(link: string | undefined): string | null {
  if (link === undefined) return null
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  const match = /^\/(confirm|reset|signup)\/([A-Za-z0-9_-]{8,128})$/.exec(url.pathname)
  return match ? `mafia://${match[1]}/${match[2]}` : null
}

/** The mail's text with the desktop app's link on the line after the web link, marked by the desktop icon (no language needed). */
export function withDesktopLink(mail: Pick<Mail, 'text' | 'link'>): string {
  const appLink = desktopLinkOf(mail.link)
  if (appLink === null || mail.link === undefined || !mail.text.includes(mail.link)) return mail.text
  return mail.text.replace(mail.link, `${mail.link}\n🖥 ${appLink}`)
}

/**
 * Mail through SMTP_URL; without it, every mail becomes an .eml file in DATA_DIR/outbox (the log
 * names the file), so sign-up works on a laptop with no mail server.
 */
export function createMailer(options: { smtpUrl?: string; dataDir: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: withDesktopLink(mail), html: mail.html })
        options.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent')
      },
    }
  }
  const outbox = join(options.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: mailFrom, to: mail.to, subject: mail.subject, text: withDesktopLink(mail), html: mail.html })
      await mkdir(outbox, { recursive: true })
      const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`)
      // Written aside and renamed into place, so whoever reads the outbox never sees half a mail.
      await writeFile(`${file}.part`, info.message as Buffer)
      await rename(`${file}.part`, file)
      options.logger.info({ to: mail.to, subject: mail.subject, file, link: mail.link === undefined ? undefined : redactUrl(mail.link) }, 'mail written to outbox')
    },
  }
}

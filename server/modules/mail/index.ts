export { createMailer, mailFrom, type Mail, type Mailer } from './mail.service'

import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { expect } from 'vitest'
import type { Session, User } from '../../server/contract/http/auth'
import { request } from '../helpers/http'
import { linkIn, type TestApp } from '../helpers/test-app'

/** Shared steps of the auth-*.test.ts suites. */

let counter = 0
/** A nickname and email no other test of the run uses. */
export function uniqueIdentity(prefix = 'player'): { nickname: string; email: string } {
  counter += 1
  const tag = `${process.pid.toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`
  return { nickname: `${prefix}_${tag}`.slice(0, 24), email: `${prefix}.${tag}@example.test` }
}

export const goodPassword = 'correct horse battery'

export interface ReadMail {
  to: string
  subject: string
  text: string
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft.slice(index + 1, index + 3)
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(soft[index] as string, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** Decodes a header's RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=). */
function decodeHeader(value: string): string {
  const words = [...value.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)]
  if (words.length === 0) return value.trim()
  const bytes: Buffer[] = []
  for (const [, encoding, text] of words) {
    if ((encoding as string).toLowerCase() === 'b') bytes.push(Buffer.from(text as string, 'base64'))
    else bytes.push(Buffer.from(decodeQuotedPrintable((text as string).replace(/_/g, ' ')), 'utf8'))
  }
  return Buffer.concat(bytes).toString('utf8')
}

/** Reads an .eml from the outbox: recipient, subject and plain text, whatever transfer encoding was used. */
export function readMail(eml: string): ReadMail {
  const separator = /\r?\n\r?\n/.exec(eml)
  if (!separator) throw new Error(`not a mail:\n${eml}`)
  const head = eml.slice(0, separator.index).replace(/\r?\n[ \t]+/g, ' ')
  const body = eml.slice(separator.index + separator[0].length)
  const header = (name: string) => new RegExp(`^${name}: (.*?)\\r?$`, 'im').exec(head)?.[1] ?? ''
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  const decoded = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body
  const text = decoded.replace(/\r\n/g, '\n')
  return { to: header('To'), subject: decodeHeader(header('Subject')), text }
}

export async function mailsTo(server: TestApp, email: string): Promise<ReadMail[]> {
  return (await server.outbox()).map(readMail).filter((mail) => mail.to.toLowerCase() === email.toLowerCase())
}

/** Polls until a check passes (for work the server does after answering), failing with the last value after a while. */
export async function eventually<T>(read: () => Promise<T>, passes: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (passes(value)) return value
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

export interface SignUpInput {
  nickname?: string
  email?: string
  password?: string
  language?: 'uk' | 'en' | 'de' | 'he'
  referenceToken?: string
}

/** Signs up through the API and returns the confirmation token from the mail. */
export async function signUp(server: TestApp, input: SignUpInput = {}): Promise<{ nickname: string; email: string; password: string; confirmToken: string }> {
  const identity = uniqueIdentity()
  const body = { nickname: input.nickname ?? identity.nickname, email: input.email ?? identity.email, password: input.password ?? goodPassword, ...(input.language ? { language: input.language } : {}), ...(input.referenceToken ? { referenceToken: input.referenceToken } : {}) }
  const response = await request(server.url, 'POST', '/api/auth/signup', { body })
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  const [mail] = (await mailsTo(server, body.email)).slice(-1)
  if (!mail) throw new Error(`no confirmation mail to ${body.email}`)
  return { nickname: body.nickname, email: body.email, password: body.password, confirmToken: linkIn(mail.text, 'confirm') }
}

/** Signs up, confirms, then signs in with the password (confirming alone starts no session): a signed-in account with a real password. */
export async function signUpConfirmed(server: TestApp, input: SignUpInput = {}): Promise<Session & { email: string; password: string }> {
  const account = await signUp(server, input)
  const confirmed = await request(server.url, 'POST', '/api/auth/signup/confirm', { body: { token: account.confirmToken } })
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
  const response = await signIn(server, account.email, account.password)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return { ...response.body, email: account.email, password: account.password }
}

export async function signIn(server: TestApp, email: string, password: string) {
  return request<Session>(server.url, 'POST', '/api/auth/login/password', { body: { email, password } })
}

export async function currentUser(server: TestApp, token: string) {
  return request<User>(server.url, 'GET', '/api/auth', { token })
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort()
}

export const uploadedFiles = (server: TestApp) => listFiles(join(server.dataDir, 'uploads'))

/** Everything an account call could write: the account tables, the outbox and the uploads. */
export async function snapshot(server: TestApp) {
  const db = server.database.db
  const [users, sessions, mailTokens, outbox, uploads] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('sessions').select(['id', 'user_id', 'revoked_at']).orderBy('id').execute(),
    db.selectFrom('mail_tokens').select(['id', 'user_id', 'kind', 'used_at']).orderBy('id').execute(),
    server.outbox(),
    uploadedFiles(server),
  ])
  return { users, sessions, mailTokens, mails: outbox.length, uploads }
}

/** Asserts a refused call: its status, its translation-key code, the field it names, and that nothing changed. */
export async function expectRefused(
  server: TestApp,
  call: () => Promise<{ status: number; body: any }>,
  expected: { status: number; code: string; field?: string },
): Promise<any> {
  const before = await snapshot(server)
  const response = await call()
  expect(response.status, JSON.stringify(response.body)).toBe(expected.status)
  expect(response.body).toMatchObject({ statusCode: expected.status, code: expected.code })
  expect(typeof response.body.message).toBe('string')
  if (expected.field === undefined) expect(response.body.field).toBeUndefined()
  else expect(response.body.field).toBe(expected.field)
  expect(await snapshot(server)).toEqual(before)
  return response.body
}

/** The smallest well-formed images of each accepted type. */
export const images = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  jpeg: Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  ),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
}

export function imageForm(bytes: Uint8Array, fileName: string, mimeType: string, field = 'file'): FormData {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)], { type: mimeType }), fileName)
  return form
}

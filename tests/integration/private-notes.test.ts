import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noteLimits } from '../../server/contract/http/notes'
import { request } from '../helpers/http'
import { startTestApp, type TestApp } from '../helpers/test-app'
import { createUserWithSession } from '../helpers/users'

describe('private notes', () => {
  let server: TestApp
  let author: { id: number; token: string }
  let other: { id: number; token: string }
  let subject: { id: number; token: string }
  const person = async () => {
    const { user, token } = await createUserWithSession(server.database.db)
    return { id: user.id, token }
  }
  const read = (token: string, users: string) => request(server.url, 'GET', `/api/notes?users=${users}`, { token })
  const write = (token: string, userId: number | string, text: unknown) => request(server.url, 'PUT', `/api/notes/${userId}`, { token, body: { text } })
  const storedNote = (authorId: number, subjectId: number) =>
    server.database.db.selectFrom('private_notes').select(['text']).where('author_id', '=', authorId).where('subject_id', '=', subjectId).executeTakeFirst()

  beforeAll(async () => {
    server = await startTestApp()
    author = await person()
    other = await person()
    subject = await person()
  })
  afterAll(() => server.close())

  it('a note is written, trimmed, and read back by its author only: the subject and anyone else get nothing', async () => {
    const written = await write(author.token, subject.id, '  Shot #3 on day one, nervous when red.  ')
    expect(written.status).toBe(200)
    expect(written.body).toMatchObject({ userId: subject.id, note: { userId: subject.id, text: 'Shot #3 on day one, nervous when red.' } })

    const mine = await read(author.token, `${subject.id},${other.id}`)
    expect(mine.status).toBe(200)
    expect(mine.body.items).toEqual([{ userId: subject.id, text: 'Shot #3 on day one, nervous when red.', updatedAt: expect.any(String) }])

    // Another user asking about the same person reads no note at all, nor does the person it is about.
    expect((await read(other.token, `${subject.id}`)).body).toEqual({ items: [] })
    expect((await read(subject.token, `${subject.id},${author.id}`)).body).toEqual({ items: [] })

    // Another author's note on the same person is their own: both are kept apart.
    expect((await write(other.token, subject.id, 'trustworthy')).status).toBe(200)
    expect((await read(author.token, `${subject.id}`)).body.items[0].text).toBe('Shot #3 on day one, nervous when red.')
    expect((await read(other.token, `${subject.id}`)).body.items[0].text).toBe('trustworthy')
  })

  it('a new text replaces the note, and an empty one deletes it', async () => {
    const target = await person()
    await write(author.token, target.id, 'first')
    expect((await write(author.token, target.id, 'second')).body.note.text).toBe('second')
    expect(await storedNote(author.id, target.id)).toEqual({ text: 'second' })

    const emptied = await write(author.token, target.id, '   ')
    expect(emptied.status).toBe(200)
    expect(emptied.body).toEqual({ userId: target.id, note: null })
    expect(await storedNote(author.id, target.id)).toBeUndefined()
    expect((await read(author.token, `${target.id}`)).body).toEqual({ items: [] })
  })

  it(`a note over ${noteLimits.textMax} characters after trimming is refused with its own error, and the stored one stays`, async () => {
    const target = await person()
    await write(author.token, target.id, 'kept')
    const exactly = 'x'.repeat(noteLimits.textMax)
    expect((await write(author.token, target.id, `  ${exactly}  `)).status).toBe(200)

    const refused = await write(author.token, target.id, `${exactly}y`)
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ code: 'errors.notes.too_long', field: 'text' })
    expect(await storedNote(author.id, target.id)).toEqual({ text: exactly })
  })

  it('a note on an unknown user is refused 404, one on oneself 400, one holding NUL 400; nothing is written', async () => {
    const before = await server.database.db.selectFrom('private_notes').select(({ fn }) => fn.countAll<number>().as('count')).executeTakeFirstOrThrow()

    const unknown = await write(author.token, 2_000_000_000, 'who?')
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('errors.not_found')
    expect((await write(author.token, 2_000_000_000, '')).status).toBe(404)

    const self = await write(author.token, author.id, 'me')
    expect(self.status).toBe(400)
    expect(self.body.code).toBe('errors.notes.self')

    expect((await write(author.token, subject.id, 'a\u0000b')).body.code).toBe('errors.invalid_value')
    expect((await write(author.token, subject.id, { text: 'nested' })).status).toBe(400)
    expect((await write(author.token, 'abc', 'x')).status).toBe(400)

    const after = await server.database.db.selectFrom('private_notes').select(({ fn }) => fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
    expect(Number(after.count)).toBe(Number(before.count))
    expect(await storedNote(author.id, subject.id)).toEqual({ text: 'Shot #3 on day one, nervous when red.' })
  })

  it('reading asks for a short list of ids; anything else is refused', async () => {
    const tooMany = Array.from({ length: noteLimits.usersPerRead + 1 }, (_, index) => index + 1).join(',')
    for (const users of ['', 'abc', '1,,2', '0', '-1', tooMany]) {
      const refused = await read(author.token, users)
      expect(refused.status, users).toBe(400)
    }
    expect((await request(server.url, 'GET', '/api/notes', { token: author.token })).status).toBe(400)
  })

  it('notes need a session', async () => {
    expect((await request(server.url, 'GET', `/api/notes?users=${subject.id}`)).status).toBe(401)
    expect((await request(server.url, 'PUT', `/api/notes/${subject.id}`, { body: { text: 'x' } })).status).toBe(401)
  })

  it(`writes are limited to ${noteLimits.writesPerMinute} a minute per user; the refused one changes nothing`, async () => {
    const writer = await person()
    const target = await person()
    for (let index = 0; index < noteLimits.writesPerMinute; index++) expect((await write(writer.token, target.id, `draft ${index}`)).status).toBe(200)
    const refused = await write(writer.token, target.id, 'one too many')
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('errors.rate_limited')
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await storedNote(writer.id, target.id)).toEqual({ text: `draft ${noteLimits.writesPerMinute - 1}` })
    // Counted per user: another writer is not held back.
    expect((await write(other.token, target.id, 'fine')).status).toBe(200)
  })
})

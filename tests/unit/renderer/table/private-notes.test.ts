import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../../../renderer/api/client'
import { loadNotes, noteLength, privateNotesState, resetNotes, saveNote, validateNote } from '../../../../renderer/state/private-notes'
import { sessionState } from '../../../../renderer/state/session'
import { noteLimits, type RouteDefinition } from '../../../../server/contract/http'
import { answerCalls } from '../calls'

const calls: Array<{ url: string; method: string; input: any }> = []
let answer: (route: RouteDefinition, input: any) => unknown = () => ({ items: [] })

answerCalls((route, input) => {
  calls.push({ url: route.url, method: route.method, input })
  return answer(route, input)
})

const note = (userId: number, text: string) => ({ userId, text, updatedAt: '2026-01-01T00:00:00.000Z' })
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => resetNotes())

beforeEach(() => {
  calls.length = 0
  answer = () => ({ items: [] })
  resetNotes()
})

describe('private notes state', () => {
  it('measures and checks a note as the server does: trimmed, at most the limit', () => {
    expect(validateNote('  plan  ')).toEqual({ ok: true, text: 'plan' })
    expect(validateNote(` ${'x'.repeat(noteLimits.textMax)} `)).toEqual({ ok: true, text: 'x'.repeat(noteLimits.textMax) })
    expect(validateNote('x'.repeat(noteLimits.textMax + 1))).toEqual({ ok: false, error: 'errors.notes.too_long' })
    expect(noteLength('  ab  ')).toBe(2)
  })

  it('asks once for the people not known yet, and remembers who has no note', async () => {
    answer = () => ({ items: [note(3, 'loud on day one')] })
    await Promise.all([loadNotes([3, 4, 3]), loadNotes([4])])
    expect(calls).toEqual([{ url: '/api/notes', method: 'GET', input: { query: { users: '3,4' } } }])
    expect(privateNotesState.notes).toEqual({ 3: note(3, 'loud on day one') })
    expect(privateNotesState.loaded).toEqual({ 3: true, 4: true })

    await loadNotes([3, 4, 5])
    expect(calls.at(-1)?.input).toEqual({ query: { users: '5' } })
  })

  it('asks in pages of the read limit', async () => {
    const ids = Array.from({ length: noteLimits.usersPerRead + 3 }, (_, index) => index + 1)
    await loadNotes(ids)
    expect(calls.map((call) => call.input.query.users.split(',').length)).toEqual([noteLimits.usersPerRead, 3])
  })

  it('saves a note, deletes it when emptied, and refuses an over-long one without a request', async () => {
    answer = (route, input) => (route.method === 'PUT' ? { userId: input.params.userId, note: input.body.text ? note(input.params.userId, input.body.text) : null } : { items: [] })
    expect(await saveNote(6, '  careful  ')).toEqual({ ok: true, deleted: false })
    expect(calls[0]).toEqual({ url: '/api/notes/:userId', method: 'PUT', input: { params: { userId: 6 }, body: { text: 'careful' } } })
    expect(privateNotesState.notes[6]?.text).toBe('careful')

    expect(await saveNote(6, '   ')).toEqual({ ok: true, deleted: true })
    expect(privateNotesState.notes[6]).toBeUndefined()
    expect(privateNotesState.loaded[6]).toBe(true)

    calls.length = 0
    expect(await saveNote(6, 'y'.repeat(noteLimits.textMax + 1))).toEqual({ ok: false, error: 'errors.notes.too_long' })
    expect(calls).toEqual([])
  })

  it("a refused save keeps the held note and says why in the server's code", async () => {
    privateNotesState.notes[6] = note(6, 'kept')
    answer = () => {
      throw new ApiError(404, 'errors.not_found', {})
    }
    expect(await saveNote(6, 'new text')).toEqual({ ok: false, error: 'errors.not_found' })
    expect(privateNotesState.notes[6]?.text).toBe('kept')
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    expect(await saveNote(6, 'new text')).toEqual({ ok: false, error: 'errors.internal' })
  })

  it('forgets every note when another user signs in, and drops an answer that was on its way', async () => {
    let release: (value: unknown) => void = () => undefined
    answer = () => new Promise((resolve) => (release = resolve))
    const loading = loadNotes([8])
    sessionState.token = 'someone-else'
    await settle()
    release({ items: [note(8, 'secret of the previous user')] })
    await loading
    expect(privateNotesState.notes).toEqual({})
    expect(privateNotesState.loaded).toEqual({})
    sessionState.token = null
  })
})

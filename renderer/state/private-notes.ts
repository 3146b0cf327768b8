import { proxy } from 'valtio'
import { subscribeKey } from 'valtio/utils'
import type { ErrorCode } from '../../server/contract/errors'
import type { PrivateNote } from '../../server/contract/http'
import { noteLimits, notesRoutes } from '../../server/contract/http/notes'
import { ApiError, call } from '../api/client'
import { sessionState } from './session'

/**
 * The viewer's private notes on other people, as far as this page has asked (the server keeps them:
 * only their author ever reads them). The seat tools ask for the people at the table, the
 * statistics pages for the player shown; both read and write the same notes.
 */
export interface PrivateNotesState {
  /** User id to the viewer's note on them; a person asked about without a note is absent. */
  notes: Record<number, PrivateNote>
  /** People whose note (or the lack of one) is known. */
  loaded: Record<number, true>
}

export const privateNotesState = proxy<PrivateNotesState>({ notes: {}, loaded: {} })

/** People being asked about now, so two tiles asking at once send one request. */
const pending = new Set<number>()
/** Raised by each reset: an answer to a request sent before it (another user's notes) is dropped. */
let generation = 0

/** What a note may hold: its trimmed text, or why not (a translation key, the server's own code). */
export function validateNote(raw: string): { ok: true; text: string } | { ok: false; error: 'errors.notes.too_long' } {
  const text = raw.trim()
  return text.length > noteLimits.textMax ? { ok: false, error: 'errors.notes.too_long' } : { ok: true, text }
}

/** Characters the note counts toward its limit (its trimmed length). */
export const noteLength = (raw: string): number => raw.trim().length

/** A server answer's notes put into the state: every person asked about is known afterwards. */
export function applyNotes(state: PrivateNotesState, asked: readonly number[], notes: readonly PrivateNote[]): void {
  for (const userId of asked) {
    delete state.notes[userId]
    state.loaded[userId] = true
  }
  for (const note of notes) state.notes[note.userId] = note
}

/** Asks for the viewer's notes on these people (those not known yet), a page of ids at a time. */
export async function loadNotes(userIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id) && id >= 1 && !privateNotesState.loaded[id] && !pending.has(id))
  if (wanted.length === 0) return
  const sent = generation
  for (const id of wanted) pending.add(id)
  try {
    for (let start = 0; start < wanted.length; start += noteLimits.usersPerRead) {
      const asked = wanted.slice(start, start + noteLimits.usersPerRead)
      const answer = await call(notesRoutes.readNotes, { query: { users: asked.join(',') } })
      if (sent !== generation) return
      applyNotes(privateNotesState, asked, answer.items)
    }
  } finally {
    if (sent === generation) for (const id of wanted) pending.delete(id)
  }
}

/** What saving a note came to: saved (or deleted, when emptied), or refused with a translation key. */
export type NoteSaveResult = { ok: true; deleted: boolean } | { ok: false; error: ErrorCode }

/** Saves the viewer's note on a person; empty text deletes it. Over-long text is refused here, before any request. */
export async function saveNote(userId: number, raw: string): Promise<NoteSaveResult> {
  const checked = validateNote(raw)
  if (!checked.ok) return checked
  const sent = generation
  try {
    const written = await call(notesRoutes.writeNote, { params: { userId }, body: { text: checked.text } })
    if (sent !== generation) return { ok: true, deleted: written.note === null }
    if (written.note) privateNotesState.notes[userId] = written.note
    else delete privateNotesState.notes[userId]
    privateNotesState.loaded[userId] = true
    return { ok: true, deleted: written.note === null }
  } catch (error) {
    // A failure without the server's answer (offline, a timeout) is shown as the generic one.
    return { ok: false, error: error instanceof ApiError ? error.code : 'errors.internal' }
  }
}

/** Forgets every note held (another user signs in on this page). */
export function resetNotes(): void {
  generation += 1
  privateNotesState.notes = {}
  privateNotesState.loaded = {}
  pending.clear()
}

subscribeKey(sessionState, 'token', resetNotes)

import { noteLimits, type NoteWritten, type PrivateNote } from '../../contract/http/notes'
import { AppError, badRequest, notFound } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import type { NotesRepository } from './notes.repository'

/** A stored note as its author reads it. */
const toNote = (row: { subject_id: number; text: string; updated_at: Date }): PrivateNote => ({
  userId: row.subject_id,
  text: row.text,
  updatedAt: new Date(row.updated_at).toISOString(),
})

/**
 * What a note may say: the trimmed text, at most `noteLimits.textMax` characters, holding nothing
 * PostgreSQL text cannot store (NUL). Empty means "no note".
 */
export function noteText(raw: string): string {
  if (raw.includes('\u0000')) throw badRequest('errors.invalid_value', 'text')
  const text = raw.trim()
  if (text.length > noteLimits.textMax) throw badRequest('errors.notes.too_long', 'text')
  return text
}

/** The ids of `?users=3,8,12`, each once (the contract's pattern already holds them to digits). */
export function parseUserIds(list: string): number[] {
  const ids = [...new Set(list.split(',').map(Number))]
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) throw badRequest('errors.invalid_value', 'users')
  return ids
}

/**
 * The rules of private notes: only the author reads or writes them; every check comes before any
 * write, so a refused note leaves the stored one as it was.
 */
export function createNotesService(deps: { repository: NotesRepository; clock: Clock }) {
  const { repository, clock } = deps
  return {
    /** The viewer's own notes on these people: nobody else's note is ever read here. */
    async read(authorId: number, users: string): Promise<PrivateNote[]> {
      return (await repository.notesOf(authorId, parseUserIds(users))).map(toNote)
    },

    /** Writes (or, with empty text, deletes) the viewer's note on a person. */
    async write(authorId: number, subjectId: number, raw: string): Promise<NoteWritten> {
      if (subjectId === authorId) throw new AppError(400, 'errors.notes.self', { field: 'userId' })
      const text = noteText(raw)
      if (text === '') {
        if (!(await repository.userExists(subjectId))) throw notFound()
        await repository.remove(authorId, subjectId)
        return { userId: subjectId, note: null }
      }
      const stored = await repository.put(authorId, subjectId, text, clock.now())
      if (!stored) throw notFound()
      return { userId: subjectId, note: toNote(stored) }
    },
  }
}

export type NotesService = ReturnType<typeof createNotesService>

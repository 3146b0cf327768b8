import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/**
 * Private notes: what a user wrote about another user, read by its author and nobody else (not the
 * subject, not a moderator). One note per (author, subject); the table's seat tools and the
 * statistics pages show the same note.
 */
export const noteLimits = {
  /** Characters of a note, after trimming; longer is refused with errors.notes.too_long. */
  textMax: 2000,
  /** People one read may ask about: a table seats ten players and a judge. */
  usersPerRead: 20,
  /** Writes per user per minute (a person typing saves a few; a loop is stopped). */
  writesPerMinute: 30,
  /** Reads per user per minute (each table page, each statistics page asks once). */
  readsPerMinute: 60,
} as const

/** A note as its author reads it; `text` is plain text, shown as text and never interpreted. */
export const PrivateNote = Type.Object({
  /** The person the note is about. */
  userId: Type.Integer(),
  text: Type.String(),
  updatedAt: Type.String(),
})
export type PrivateNote = Static<typeof PrivateNote>

export const PrivateNotes = Type.Object({ items: Type.Array(PrivateNote) })
export type PrivateNotes = Static<typeof PrivateNotes>

/** `?users=3,8,12`: the people whose notes to read (up to `usersPerRead` ids, comma-separated). */
export const NotesQuery = Type.Object(
  { users: Type.String({ pattern: `^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,${noteLimits.usersPerRead - 1}}$` }) },
  { additionalProperties: false },
)
export type NotesQuery = Static<typeof NotesQuery>

export const NoteParams = Type.Object({ userId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false })
export type NoteParams = Static<typeof NoteParams>

/**
 * The note's new text; empty (after trimming) deletes it. The schema's cap is loose on purpose: the
 * server trims first and refuses what is still over `textMax` with errors.notes.too_long.
 */
export const NoteWrite = Type.Object({ text: Type.String({ maxLength: noteLimits.textMax * 4 }) }, { additionalProperties: false })
export type NoteWrite = Static<typeof NoteWrite>

/** The note after a write; `note` is null when the write emptied it (deleted). */
export const NoteWritten = Type.Object({ userId: Type.Integer(), note: Type.Union([PrivateNote, Type.Null()]) })
export type NoteWritten = Static<typeof NoteWritten>

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }

/** The signed-in user's own notes: read those on some people, write (or empty) one. */
export const notesRoutes = {
  readNotes: route({ method: 'GET', url: '/api/notes', schema: { querystring: NotesQuery, response: { 200: PrivateNotes, ...errors } } }),
  writeNote: route({ method: 'PUT', url: '/api/notes/:userId', schema: { params: NoteParams, body: NoteWrite, response: { 200: NoteWritten, ...errors } } }),
} as const

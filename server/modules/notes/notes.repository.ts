import { sql, type Kysely } from 'kysely'
import type { Database } from '../../../db/schema'

/** All SQL of private notes: one row per (author, subject); an emptied note is deleted. */
export function createNotesRepository(db: Kysely<Database>) {
  return {
    /** The author's notes on these people (those without one are simply absent). */
    notesOf(authorId: number, subjectIds: readonly number[]) {
      return db
        .selectFrom('private_notes')
        .select(['subject_id', 'text', 'updated_at'])
        .where('author_id', '=', authorId)
        .where('subject_id', 'in', subjectIds)
        .orderBy('subject_id')
        .execute()
    },

    /** Whether a user with this id exists. */
    async userExists(userId: number): Promise<boolean> {
      return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined
    },

    /**
     * Writes the note in place of the author's previous one on that person, in one statement that
     * finds the person too: undefined when no such user exists (nothing written).
     */
    put(authorId: number, subjectId: number, text: string, at: Date) {
      return db
        .insertInto('private_notes')
        .columns(['author_id', 'subject_id', 'text', 'updated_at'])
        .expression(
          db
            .selectFrom('users')
            .select([sql<number>`cast(${authorId} as integer)`.as('author_id'), 'users.id as subject_id', sql<string>`cast(${text} as text)`.as('text'), sql<Date>`cast(${at} as timestamptz)`.as('updated_at')])
            .where('users.id', '=', subjectId),
        )
        .onConflict((conflict) => conflict.columns(['author_id', 'subject_id']).doUpdateSet({ text, updated_at: at }))
        .returning(['subject_id', 'text', 'updated_at'])
        .executeTakeFirst()
    },

    /** Deletes the author's note on that person, if there is one. */
    async remove(authorId: number, subjectId: number): Promise<void> {
      await db.deleteFrom('private_notes').where('author_id', '=', authorId).where('subject_id', '=', subjectId).execute()
    },
  }
}

export type NotesRepository = ReturnType<typeof createNotesRepository>

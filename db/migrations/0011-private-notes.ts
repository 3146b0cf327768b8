import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Private notes: what a user wrote about another user, read by its author only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('private_notes')
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('private_notes_pk', ['author_id', 'subject_id'])
    .addCheckConstraint('private_notes_not_self', sql`author_id <> subject_id`)
    // An empty note is no note (the row is deleted); the cap is the contract's noteLimits.textMax.
    .addCheckConstraint('private_notes_text_length', sql`char_length(text) between 1 and 2000`)
    .execute()
  // A deleted account's notes about others go with it through the key; the notes on it need this index.
  await db.schema.createIndex('private_notes_subject').on('private_notes').column('subject_id').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('private_notes').execute()
}

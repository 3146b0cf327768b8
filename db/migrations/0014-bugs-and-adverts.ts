import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Bug reports with their optional screenshot, and the adverts of the drawer's advertising column.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bug_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('page_url', 'text')
    .addColumn('app_version', 'text')
    .addColumn('platform', 'text')
    .addColumn('browser', 'text')
    // The screenshot, re-encoded by the server, kept in the database so every app server can show it.
    .addColumn('image', 'bytea')
    .addColumn('image_type', 'text', (c) => c.check(sql`image_type in ('image/png', 'image/jpeg', 'image/webp')`))
    .addColumn('is_solved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('solved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('bug_reports_image_typed', sql`(image is null) = (image_type is null)`)
    .execute()
  await db.schema.createIndex('bug_reports_user').on('bug_reports').columns(['user_id', 'created_at']).execute()
  await db.schema.createIndex('bug_reports_solved').on('bug_reports').columns(['is_solved', 'created_at']).execute()

  await db.schema
    .createTable('adverts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('stream', 'tournament')`))
    .addColumn('video_url', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('name', 'text')
    .addColumn('price', 'numeric(12, 2)')
    .addColumn('currency', 'text')
    .addColumn('start_date', 'timestamptz')
    .addColumn('registration_link', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_from', 'timestamptz')
    .addColumn('active_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('adverts_active_range', sql`active_from is null or active_until is null or active_from < active_until`)
    .execute()
  await db.schema.createIndex('adverts_kind_order').on('adverts').columns(['kind', 'sort_order', 'id']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('adverts').execute()
  await db.schema.dropTable('bug_reports').execute()
}

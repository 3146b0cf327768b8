import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_premium', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('email_confirmation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('admin_confirmation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('avatar', 'text')
    .addColumn('placeholder', 'text')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('reference_token', 'text')
    .addColumn('referral_token', 'text', (c) => c.notNull().unique())
    .addColumn('delete_at', 'timestamptz')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db)
  await sql`create unique index users_nickname_lower on users (lower(nickname))`.execute(db)

  await db.schema
    .createTable('bans')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lifted_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('bans_user').on('bans').column('user_id').execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('mail_tokens')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('confirm', 'reset')`))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable('settings')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('languages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('short', 'text', (c) => c.notNull().unique())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('rtl', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()

  await db.schema
    .createTable('i18n_groups')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute()

  await db.schema
    .createTable('i18n_constants')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('i18n_groups.id').onDelete('cascade'))
    .addColumn('constant', 'text', (c) => c.notNull())
    .addUniqueConstraint('i18n_constants_group_constant', ['group_id', 'constant'])
    .execute()

  await db.schema
    .createTable('i18n_translates')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('const_id', 'integer', (c) => c.notNull().references('i18n_constants.id').onDelete('cascade'))
    .addColumn('lang_id', 'integer', (c) => c.notNull().references('languages.id').onDelete('cascade'))
    .addColumn('translate', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('seed'))
    .addUniqueConstraint('i18n_translates_const_lang', ['const_id', 'lang_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['i18n_translates', 'i18n_constants', 'i18n_groups', 'languages', 'settings', 'mail_tokens', 'sessions', 'bans', 'users']) {
    await db.schema.dropTable(table).execute()
  }
}

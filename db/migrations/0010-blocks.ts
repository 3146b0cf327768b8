import { sql, type Kysely } from 'kysely'

// Frozen once landed: change the schema with a new migration, never by editing this one.
// Consent between people (a block list, a record of party invites) and a sign-in lock no stranger can trigger.
export async function up(db: Kysely<any>): Promise<void> {
  // A user who blocked another: the blocked one can no longer ask them to be friends, invite them to a party or message them.
  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .addCheckConstraint('user_blocks_not_self', sql`blocker_id <> blocked_id`)
    .execute()
  await db.schema.createIndex('user_blocks_blocked').on('user_blocks').column('blocked_id').execute()

  // Who invited whom to a party, and when: the cap on invites per hour counts these rows.
  await db.schema
    .createTable('party_invites')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invitee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chat_id', 'integer', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex('party_invites_inviter').on('party_invites').columns(['inviter_id', 'created_at']).execute()

  // Failed sign-ins, counted per (email, address) and per email from unfamiliar addresses. Keyed by a
  // hash, so an email that has no account is counted exactly like one that has.
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sign_in_failures_last').on('sign_in_failures').column('last_failure_at').execute()

  // The addresses (a hash of each) a user has signed in from: a right password from one of them gets through while strangers are slowed down.
  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sign_in_addresses_pk', ['user_id', 'address_hash'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sign_in_addresses', 'sign_in_failures', 'party_invites', 'user_blocks']) {
    await db.schema.dropTable(table).execute()
  }
}

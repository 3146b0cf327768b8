import type { Kysely } from 'kysely'
import type { Database, UserRow } from '../../db/schema'
import { systemClock, type Clock } from '../../server/lib/clock'
import { randomToken } from '../../server/lib/ids'
import { createSessionsRepository } from '../../server/modules/auth/sessions.repository'
import { createSessionsService } from '../../server/modules/auth/sessions.service'
import { connectSocket, type TestSocket } from './sockets'
import type { TestApp } from './test-app'

let counter = 0

/**
 * A confirmed user with a live session, written straight to the database: for tests of features
 * that need signed-in users but are not about signing in. `password_hash` is unusable on purpose.
 * The session starts at `clock`'s now: pass the app's manual clock where a test moves time, or the
 * session may already be past its lifetime on that clock.
 */
export async function createUserWithSession(
  db: Kysely<Database>,
  overrides: Partial<Pick<UserRow, 'nickname' | 'email' | 'role_id' | 'language' | 'is_premium'>> = {},
  clock: Clock = systemClock,
): Promise<{ user: UserRow; token: string }> {
  counter += 1
  const unique = `${process.pid}${counter}${Math.random().toString(36).slice(2, 6)}`
  const user = await db
    .insertInto('users')
    .values({
      nickname: overrides.nickname ?? `player${unique}`,
      email: overrides.email ?? `player${unique}@example.test`,
      password_hash: '!',
      role_id: overrides.role_id ?? 1,
      language: overrides.language ?? 'en',
      is_premium: overrides.is_premium ?? false,
      email_confirmation: true,
      referral_token: randomToken(12),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  const sessions = createSessionsService(createSessionsRepository(db), clock)
  const { token } = await sessions.start(user.id, 'tests')
  return { user, token }
}

/** A signed-in user with a socket open on one app server. */
export interface Player {
  id: number
  nickname: string
  token: string
  socket: TestSocket
}

/**
 * A confirmed user with a session (see createUserWithSession) and a socket open on `app`; the
 * socket closes with `closeOpenSockets`. Another tab of the same user: `connectSocket(app.url, token)`.
 */
export async function connectPlayer(app: Pick<TestApp, 'url' | 'database'>, overrides: Parameters<typeof createUserWithSession>[1] = {}): Promise<Player> {
  const { user, token } = await createUserWithSession(app.database.db, overrides)
  const socket = await connectSocket(app.url, token)
  return { id: user.id, nickname: user.nickname, token, socket }
}

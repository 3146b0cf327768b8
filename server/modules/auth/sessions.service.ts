import Bowser from 'bowser'
import type { DeviceSession } from '../../contract/http/auth'
import { AppError } from '../../lib/app-error'
import type { UserRow } from '../../../db/schema'
import type { Clock } from '../../lib/clock'
import { createGroupCommit } from '../../lib/group-commit'
import { hashToken, randomToken } from '../../lib/ids'
import { createInvalidationHub, createRevocableCache, type InvalidationBus } from '../../lib/revocable-cache'
import type { SessionResolver, Viewer } from '../../plugins/auth'
import type { AuthStore } from './auth.repository'
import type { LiveWindow, SessionClient, SessionMark, SessionsRepository } from './sessions.repository'

export type { SessionClient } from './sessions.repository'

const day = 24 * 60 * 60 * 1000
/** How long the row of an ended session is kept. */
const endedSessionsKeptMs = 30 * day

/** How long a session lives at most from its sign-in, and how long it survives unused. */
export interface SessionLifetimes {
  maxAgeMs: number
  idleMs: number
}

export const defaultSessionLifetimes: SessionLifetimes = { maxAgeMs: 30 * day, idleMs: 7 * day }

/** The lifetimes of the configuration (SESSION_MAX_AGE_DAYS, SESSION_IDLE_DAYS). */
export const sessionLifetimesOf = (config: { sessionMaxAgeDays: number; sessionIdleDays: number }): SessionLifetimes => ({
  maxAgeMs: config.sessionMaxAgeDays * day,
  idleMs: config.sessionIdleDays * day,
})

/**
 * A session's last use is written at most this often: the lookup runs on every request and socket
 * check, and a write per request would cost more than the lookup. The idle timeout counts in days,
 * so a minute of blur changes nothing.
 */
export const lastSeenPrecisionMs = 60_000

/** Starts a session and returns its raw token (shown once, never stored); works inside a transaction too. */
export async function startSession(repository: SessionsRepository, userId: number, client: SessionClient, at: Date): Promise<{ token: string; sessionId: number }> {
  const token = randomToken()
  const { id } = await repository.create(userId, hashToken(token), client, at)
  return { token, sessionId: id }
}

/** "Firefox 128 on Windows 10", "Electron 31 on Linux"; null when the user agent names neither a browser nor a system. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null
  const parsed = Bowser.parse(userAgent)
  const major = parsed.browser.version?.split('.')[0]
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null
  const system = parsed.os.name ? [parsed.os.name, parsed.os.versionName].filter(Boolean).join(' ') : null
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system
}

/** A session as the cache keeps it: its user and the times its lifetimes count from (epoch ms). */
interface CachedSession {
  sessionId: number
  user: UserRow
  createdAt: number
  /** The last use written to the database; moved forward here whenever this node writes it. */
  lastSeenAt: number
  lastAddress: string | null
  ban: { reason: string; until: Date } | null
}

/** How the sessions cache and the last-use marks behave; the defaults suit production. */
export interface SessionCacheOptions {
  bus: InvalidationBus
  /** How long the marks of sessions used meanwhile gather before their one write, ms. */
  lastUseGatherMs?: number
  /** Where a failed write of last uses is told (the marks are lost; the next minute's write makes up for them). */
  onLastUseWriteFailed?: (error: unknown) => void
  /** How long a cached session is trusted with no message from the bus (a lost message heals within it). */
  ttlMs?: number
  /** How long a session with a connected socket is trusted with no message from the bus. */
  heldTtlMs?: number
  max?: number
}

export const defaultSessionCacheTtlMs = 30_000
/**
 * A session with a connected socket is read again every four minutes, not at every half-minute check
 * of its socket (a table's players ask all game long). Revocations through the app reach it at once;
 * this bounds only what the app is not told (SQL by hand).
 */
export const defaultHeldSessionTtlMs = 4 * 60_000
/** Last uses are marked to the minute (`lastSeenPrecisionMs`), so a second's wait to share a write is nothing. */
export const defaultLastUseGatherMs = 1_000
const defaultSessionCacheMax = 50_000

/** The tags a session's entry goes with: its own, and its user's (a ban, a password change, saved settings). */
export const sessionTag = (sessionId: number) => `session:${sessionId}`
export const userTag = (userId: number) => `user:${userId}`

/**
 * Sessions: random tokens, stored only as their hash, revocable one by one or all at once. A session
 * ends by itself after its absolute lifetime or when unused for the idle timeout.
 *
 * Lookups go through an in-process cache keyed by the token's hash: a miss reads the session with its
 * user and ban in one query, concurrent misses of one token share it, and every node forgets the entry
 * as soon as the store reports the session or its user changed (`AccountChange`). Lifetimes are checked
 * on every hit against the cached times, and the last use is still written once a minute.
 */
export function createSessionsService(repository: SessionsRepository, clock: Clock, lifetimes: SessionLifetimes = defaultSessionLifetimes, cacheOptions: SessionCacheOptions = { bus: createInvalidationHub() }) {
  const liveWindow = (now: Date): LiveWindow => ({
    createdAfter: new Date(now.getTime() - lifetimes.maxAgeMs),
    seenAfter: new Date(now.getTime() - lifetimes.idleMs),
  })
  const isLive = (session: CachedSession, now: number) => now - session.createdAt < lifetimes.maxAgeMs && now - session.lastSeenAt < lifetimes.idleMs

  /** Last uses submitted and not yet written, by token hash (epoch ms): a reload in between must not miss them. */
  const unwrittenUses = new Map<string, number>()

  const cache = createRevocableCache<string, CachedSession>({
    bus: cacheOptions.bus,
    ttlMs: cacheOptions.ttlMs ?? defaultSessionCacheTtlMs,
    heldTtlMs: cacheOptions.heldTtlMs ?? Math.max(defaultHeldSessionTtlMs, cacheOptions.ttlMs ?? 0),
    max: cacheOptions.max ?? defaultSessionCacheMax,
    now: () => clock.now().getTime(),
    tagsOf: (session) => [sessionTag(session.sessionId), userTag(session.user.id)],
    async load(tokenHash) {
      const now = clock.now()
      const window = liveWindow(now)
      // A use this node has not written yet counts as written: its write is still gathering.
      const unwritten = unwrittenUses.get(tokenHash)
      const counted = unwritten !== undefined && unwritten > window.seenAfter.getTime()
      const row = await repository.findLive(tokenHash, now, counted ? { ...window, seenAfter: new Date(0) } : window)
      if (!row) return undefined
      const { session_id: sessionId, session_created_at: createdAt, session_last_seen_at: lastSeenAt, session_address: lastAddress, ban_reason: banReason, ban_until: banUntil, ...user } = row
      return {
        sessionId,
        user,
        createdAt: new Date(createdAt).getTime(),
        lastSeenAt: Math.max(new Date(lastSeenAt).getTime(), counted ? unwritten : 0),
        lastAddress,
        ban: banReason !== null && banUntil !== null ? { reason: banReason, until: new Date(banUntil) } : null,
      }
    },
  })

  // Last uses of every session seen within a second share an UPDATE, written while the requests go
  // on: a server with thousands of connected sockets writes a few statements a second, not dozens that
  // queue before the moves of its games (bench:game: 1,082 statements while playing, then none of the
  // ten most frequent).
  const lastUses = createGroupCommit<{ tokenHash: string; mark: SessionMark }, void>({
    write: async (uses) => {
      try {
        await repository.touchMany(uses.map((use) => use.mark))
      } finally {
        // Written, or lost with the failed write: either way the store's value counts from now on.
        for (const { tokenHash, mark } of uses) if (unwrittenUses.get(tokenHash) === mark.at.getTime()) unwrittenUses.delete(tokenHash)
      }
      return uses.map(() => undefined)
    },
    gatherMs: cacheOptions.lastUseGatherMs ?? defaultLastUseGatherMs,
    // On PGlite, 50 rows held the connection 5 ms, 200 rows 13-15 ms, 500 rows 41 ms, and the
    // statements of requests and moves queued meanwhile go between two such writes. In bench:game's
    // play (PGlite) a write of up to 100 rows held the database's thread up to 19 ms, 11 of about 50
    // over 3 ms, while about 1 % of the moves arrived: each waited behind it. Up to 25: at most 5.7 ms.
    maxBatch: 25,
  })
  const onLastUseWriteFailed = cacheOptions.onLastUseWriteFailed ?? (() => undefined)

  const resolveSession: SessionResolver = async (token, seen) => {
    if (token.length > 128) return null
    const tokenHash = hashToken(token)
    const session = await cache.get(tokenHash)
    if (!session) return null
    const now = clock.now()
    const nowMs = now.getTime()
    if (!isLive(session, nowMs)) {
      // Past its lifetime or idle timeout: refused, and nothing is written.
      cache.drop(tokenHash)
      return null
    }
    if (session.ban && session.ban.until.getTime() > nowMs) {
      // A banned user's sessions end at once (the store reports it, so every node forgets them); the 403 says why and until when.
      await repository.revokeAllOf(session.user.id, now)
      throw new AppError(403, 'errors.banned', { ban: { reason: session.ban.reason, time: session.ban.until.toISOString() } })
    }
    if (nowMs - session.lastSeenAt >= lastSeenPrecisionMs) {
      // Marked first, so the requests arriving while this write runs do not write too.
      session.lastSeenAt = nowMs
      const address = seen?.address ?? session.lastAddress
      session.lastAddress = address
      // Not awaited: a request never waits for the mark, which only moves the idle timeout on.
      unwrittenUses.set(tokenHash, nowMs)
      lastUses.submit({ tokenHash, mark: { sessionId: session.sessionId, at: now, staleBefore: new Date(nowMs - lastSeenPrecisionMs), address } }).catch(onLastUseWriteFailed)
    }
    return { user: session.user, sessionId: session.sessionId, token } satisfies Viewer
  }

  return {
    resolveSession,

    /**
     * Keeps a token's session in memory while a socket signed in with it is connected (`release` when
     * it closes): a table's players are checked again every half minute for as long as they play, and
     * this answers them from memory. Sign-outs, bans and password changes still reach it through the
     * bus at once, and lifetimes are checked on every use.
     */
    holdToken: (token: string) => void cache.hold(hashToken(token)),
    releaseToken: (token: string) => void cache.release(hashToken(token)),

    /** Starts a session and returns its raw token (shown once, never stored). */
    start: (userId: number, userAgent: string | null, address: string | null = null) => startSession(repository, userId, { userAgent, address }, clock.now()),

    /** The viewer's live sessions as devices, the asking one first. */
    async list(viewer: Viewer): Promise<DeviceSession[]> {
      const rows = await repository.listLive(viewer.user.id, liveWindow(clock.now()))
      const devices = rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.user_agent),
        address: row.address,
        createdAt: new Date(row.created_at).toISOString(),
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
        current: row.id === viewer.sessionId,
      }))
      return [...devices.filter((device) => device.current), ...devices.filter((device) => !device.current)]
    },

    /** Ends one of the viewer's sessions; another user's session, or one already ended, is errors.not_found and stays as it is. */
    async endOwn(viewer: Viewer, sessionId: number): Promise<void> {
      if (!(await repository.revokeOwn(viewer.user.id, sessionId, clock.now()))) throw new AppError(404, 'errors.not_found')
    },

    /**
     * Deletes the rows of sessions that ended (signed out, or past their lifetime or idle timeout) more
     * than 30 days ago: a month of where an account was used from is kept for a user who reports a
     * stolen account, and no longer. Returns how many went.
     */
    forgetEnded(): Promise<number> {
      const monthAgo = new Date(clock.now().getTime() - endedSessionsKeptMs)
      return repository.deleteEnded(monthAgo, liveWindow(monthAgo))
    },

    end: (sessionId: number) => repository.revoke(sessionId, clock.now()),
    /** Ends every session of a user but the one given; returns the ids it ended. */
    endAllOf: (userId: number, exceptSessionId?: number) => repository.revokeAllOf(userId, clock.now(), exceptSessionId),
  }
}

export type SessionsService = ReturnType<typeof createSessionsService>

/** Stores a ban and ends every session of the user, together. */
export async function banAccount(store: AuthStore, clock: Clock, ban: { userId: number; reason: string; until: Date; createdBy: number | null }): Promise<void> {
  const now = clock.now()
  await store.transaction(async (repositories) => {
    await repositories.accounts.insertBan(ban)
    await repositories.sessions.revokeAllOf(ban.userId, now)
  })
}

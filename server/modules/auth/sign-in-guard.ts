import { createHash } from 'node:crypto'
import { isIPv6 } from 'node:net'
import { AppError } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import type { SignInsRepository, FailureRow } from './sign-ins.repository'

/**
 * How failed passwords slow an address down: `failures` wrong passwords for one email from one
 * address are free, each one after that doubles the wait before the next try (1 s, 2 s, 4 s...), up
 * to `duration` milliseconds. These are RateLimits['lockout'].
 */
export interface SignInThrottle {
  failures: number
  duration: number
}

/** A count with no failure for a day starts again from nothing. */
export const forgetFailuresAfter = 24 * 60 * 60 * 1000
/** The first wait once the free failures are spent; each further failure doubles it. */
const firstWait = 1000
/**
 * Failures for one email from all unfamiliar addresses together, before those addresses (the ones
 * that already failed for it) wait as well: a guesser spread over many addresses is slowed down too.
 */
const accountFailuresPerFreeFailure = 4

/**
 * The part of an address that identifies one client: an IPv4 address, or the /64 network of an
 * IPv6 address (one connection is handed a whole /64, so counting its single addresses would let it
 * try without end). An IPv4 address mapped into IPv6 counts as the IPv4 address.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  const plain = address.split('%')[0] ?? address
  if (!isIPv6(plain)) return plain
  const [head = '', tail] = plain.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  const network = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16))
  return `${network.join(':')}::/64`
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** How long a key still has to wait, in milliseconds, after its count of failures. */
function waitLeft(row: FailureRow | undefined, free: number, longest: number, now: number): number {
  if (!row) return 0
  const last = new Date(row.last_failure_at).getTime()
  if (now - last >= forgetFailuresAfter || row.failures < free) return 0
  const wait = Math.min(firstWait * 2 ** Math.min(row.failures - free, 30), longest)
  return Math.max(0, last + wait - now)
}

/** One password check under the guard: report how it went. */
export interface GuardedAttempt {
  /** A wrong password: counted for the (email, address) pair, and for the email when the address is unfamiliar. */
  failed(): Promise<void>
  /** The right password: the pair's count is cleared and, for a sign-in, the address becomes familiar. */
  succeeded(options: { remember: boolean }): Promise<void>
}

/**
 * Failed passwords slow down the one who types them, never the account's owner elsewhere:
 * - counts are per (email, address): a stranger's failures make the stranger wait, progressively;
 * - an address the user signed in from before is familiar: a right password from it gets through
 *   whatever strangers do elsewhere;
 * - an unfamiliar address that has already failed for an email also waits on that email's count
 *   of failures from unfamiliar addresses, so spreading guesses over many addresses buys one try
 *   each; an unfamiliar address's first try is never held back, so the owner on a new network
 *   signs in at once (or, after a typo, within `duration` at most).
 * The answer is the same whether the email has an account or not: the same keys, the same queries.
 */
export function createSignInGuard(options: { repository: SignInsRepository; clock: Clock }) {
  const { repository, clock } = options

  const keysOf = (email: string, address: string) => ({
    pair: sha256(`pair\n${email}\n${addressKey(address)}`),
    account: sha256(`account\n${email}`),
  })
  const addressHash = (userId: number, address: string) => sha256(`address\n${userId}\n${addressKey(address)}`)

  return {
    /**
     * Before checking a password for `email` (normalised) from `address`: refuses with
     * errors.rate_limited and the seconds to wait while this address must wait, else returns the
     * attempt to report on. `userId` is the email's account, when there is one.
     */
    async begin(email: string, address: string, userId: number | undefined, throttle: SignInThrottle): Promise<GuardedAttempt> {
      const keys = keysOf(email, address)
      // The familiar-address lookup runs for unknown emails too (for no one), so both take the same queries.
      const [rows, familiar] = await Promise.all([repository.failures([keys.pair, keys.account]), repository.isKnownAddress(userId ?? 0, addressHash(userId ?? 0, address))])
      const now = clock.now().getTime()
      const pair = rows.find((row) => row.key_hash === keys.pair)
      const account = rows.find((row) => row.key_hash === keys.account)
      const pairFailed = pair !== undefined && now - new Date(pair.last_failure_at).getTime() < forgetFailuresAfter
      const wait = Math.max(
        waitLeft(pair, throttle.failures, throttle.duration, now),
        !familiar && pairFailed ? waitLeft(account, throttle.failures * accountFailuresPerFreeFailure, throttle.duration, now) : 0,
      )
      if (wait > 0) throw new AppError(429, 'errors.rate_limited', { retryAfter: Math.ceil(wait / 1000) })

      return {
        async failed() {
          const at = clock.now()
          await repository.countFailure(familiar ? [keys.pair] : [keys.pair, keys.account], at, new Date(at.getTime() - forgetFailuresAfter))
        },
        async succeeded({ remember }) {
          if (pair) await repository.clearFailures([keys.pair])
          if (remember && userId !== undefined) await repository.rememberAddress(userId, addressHash(userId, address), clock.now())
        },
      }
    },

    /** Forgets counts no one has added to for a day; returns how many. */
    purge: () => repository.purgeFailures(new Date(clock.now().getTime() - forgetFailuresAfter)),
  }
}

export type SignInGuard = ReturnType<typeof createSignInGuard>

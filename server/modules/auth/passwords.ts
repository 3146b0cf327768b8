import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { AppError } from '../../lib/app-error'

/** Refuses hashes whose parameters would make one verification cost absurd memory or time. */
const maximum = { logCost: 20, blockSize: 32, parallelism: 16 }

/** scrypt's cost parameters: N = 2^logCost, block size r, parallelism p. */
export interface ScryptParameters {
  logCost: number
  blockSize: number
  parallelism: number
}

/**
 * 2^15 x 8 x 1 takes 32 MiB and roughly 50 to 150 ms per hash: twice Django's scrypt default, and
 * cheap enough that a burst of sign-ins does not exhaust a small server's memory. The parameters
 * are stored in every hash, so raising them later only needs this constant: older hashes still
 * verify and are upgraded at the next sign-in (see needsRehash).
 */
export const currentScryptParameters: ScryptParameters = { logCost: 15, blockSize: 8, parallelism: 1 }

/** The parameters new hashes get and older hashes are upgraded to: today's, unless the test app lowered them. */
let hashingParameters: ScryptParameters = currentScryptParameters

/**
 * Lowers the cost of new hashes for this process. Only the test app calls it (tests/helpers/test-app.ts),
 * so its thousands of sign-ups do not each spend 32 MiB and a tenth of a second; the server has no
 * setting for it, and production hashes always get `currentScryptParameters`. A cost outside what
 * a stored hash may carry is refused.
 */
export function setTestHashingCost(logCost: number): void {
  if (!Number.isInteger(logCost) || logCost < 1 || logCost > maximum.logCost) throw new Error(`scrypt log cost must be an integer from 1 to ${maximum.logCost}, got ${logCost}`)
  hashingParameters = { ...currentScryptParameters, logCost }
}

const saltBytes = 16
const keyBytes = 32

/** What a stored hash says: PHC string format, `$scrypt$ln=15,r=8,p=1$<salt>$<key>` (base64 without padding). */
interface ParsedHash {
  parameters: ScryptParameters
  salt: Buffer
  key: Buffer
}

function scryptOptions(parameters: ScryptParameters): ScryptOptions {
  const N = 2 ** parameters.logCost
  // Node refuses to use more than 32 MiB by default; allow what these parameters need, with headroom.
  return { N, r: parameters.blockSize, p: parameters.parallelism, maxmem: 256 * N * parameters.blockSize }
}

/**
 * At most `concurrency` pieces of work at once; up to `queueMax` more wait their turn in arrival
 * order, and any beyond that are refused at once with errors.rate_limited (HTTP 429, retry after a
 * second) instead of piling up memory and latency for everyone.
 */
export function createWorkLimiter(options: { concurrency: number; queueMax: number }) {
  const waiting: Array<() => void> = []
  let running = 0
  let peak = 0

  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else running -= 1
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= options.concurrency) {
        if (waiting.length >= options.queueMax) throw new AppError(429, 'errors.rate_limited', { retryAfter: 1 })
        // The slot is handed over by release(): running stays counted while it passes from one to the next.
        await new Promise<void>((resolve) => waiting.push(resolve))
      } else {
        running += 1
      }
      peak = Math.max(peak, running)
      try {
        return await work()
      } finally {
        release()
      }
    },
    /** Work running now, work waiting, and the most that ever ran at once. */
    stats: () => ({ running, waiting: waiting.length, peak }),
  }
}

export type WorkLimiter = ReturnType<typeof createWorkLimiter>

/**
 * Every scrypt of this process goes through here. Each hash holds 32 MiB and a thread of libuv's
 * pool (4 threads by default, shared with file and DNS work) for about 100 ms, so a burst of
 * sign-ins or password changes must not run them all at once: two to four run, at most 64 wait.
 */
export const scryptWork = createWorkLimiter({ concurrency: Math.min(4, Math.max(2, availableParallelism())), queueMax: 64 })

function deriveKey(password: string, salt: Buffer, length: number, parameters: ScryptParameters): Promise<Buffer> {
  return scryptWork.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, length, scryptOptions(parameters), (error, key) => (error ? reject(error) : resolve(key)))
      }),
  )
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored)
  if (!match) return null
  const parameters = { logCost: Number(match[1]), blockSize: Number(match[2]), parallelism: Number(match[3]) }
  const inRange = (value: number, most: number) => value >= 1 && value <= most
  if (!inRange(parameters.logCost, maximum.logCost) || !inRange(parameters.blockSize, maximum.blockSize) || !inRange(parameters.parallelism, maximum.parallelism)) return null
  const salt = Buffer.from(match[4] as string, 'base64')
  const key = Buffer.from(match[5] as string, 'base64')
  if (salt.length < 8 || key.length < 16) return null
  return { parameters, salt, key }
}

const base64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '')

/** A new salted hash of a password, carrying its algorithm and parameters. */
export async function hashPassword(password: string, parameters: ScryptParameters = hashingParameters): Promise<string> {
  const salt = randomBytes(saltBytes)
  const key = await deriveKey(password, salt, keyBytes, parameters)
  return `$scrypt$ln=${parameters.logCost},r=${parameters.blockSize},p=${parameters.parallelism}$${base64(salt)}$${base64(key)}`
}

/**
 * Whether a password matches a stored hash, compared in constant time. An unusable hash (such as
 * '!' for accounts that sign in some other way) never matches.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed) return false
  const key = await deriveKey(password, parsed.salt, parsed.key.length, parsed.parameters)
  return timingSafeEqual(key, parsed.key)
}

/** True when a hash was made with other parameters than today's, so it should be replaced after a successful sign-in. */
export function needsRehash(stored: string, parameters: ScryptParameters = hashingParameters): boolean {
  const parsed = parseHash(stored)
  if (!parsed) return false
  return (
    parsed.parameters.logCost !== parameters.logCost ||
    parsed.parameters.blockSize !== parameters.blockSize ||
    parsed.parameters.parallelism !== parameters.parallelism ||
    parsed.key.length !== keyBytes
  )
}

let decoyHash: Promise<string> | undefined

/**
 * Spends the same time as a real verification when there is no account to check, so the response
 * time of a sign-in does not tell whether an email is registered.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that matches nothing')
  await verifyPassword(password, await decoyHash)
  return false
}

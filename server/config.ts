import { resolve } from 'node:path'
import { parseTrustProxy, type TrustProxy } from './lib/client-address'

/** Every setting of the server, read from the environment once, each with a laptop-friendly default. */
export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  redisUrl: string | undefined
  smtpUrl: string | undefined
  publicUrl: string
  adminEmail: string | undefined
  adminPassword: string | undefined
  logServicePort: number
  mediaUdpPort: number
  mediaPublicIp: string
  /** HMAC secret of media join tokens; unset: random per process (fine while the SFU runs inside the app server). */
  mediaTokenSecret: string | undefined
  /** HTTP port of a separate media process (`npm run media`). */
  mediaPort: number
  /** Media node: the app server to register with; unset: `npm run media` serves on its own, unregistered. */
  mediaAppUrl: string | undefined
  /** Media node: the signalling URL browsers are sent to (`ws(s)://…/media/ws`); unset: ws://MEDIA_PUBLIC_IP:MEDIA_PORT/media/ws. */
  mediaNodeUrl: string | undefined
  /** Media node: its stable name at the app server; unset: host name and port. */
  mediaNodeId: string | undefined
  /** Media node: peers it takes before the app server stops placing new tables on it. */
  mediaNodeCapacity: number
  /**
   * The server (role 4) account of media nodes. On a media node: the account it signs in with. On
   * the app server: the account is created at start (or its password set) when missing.
   */
  mediaNodeEmail: string | undefined
  mediaNodePassword: string | undefined
  logLevel: string
  /** Grace period before a requested account deletion is carried out. */
  accountDeletionDays: number
  /** Sign-in, sign-up and forgot requests one address may make per 10 minutes. */
  authRateLimitPerIp: number
  /** Socket.IO handshakes one address may make per 10 seconds. */
  socketHandshakesPerAddress: number
  /**
   * The proxies in front of the server whose `X-Forwarded-For` / `X-Forwarded-Proto` are believed,
   * so addresses in limits and logs are the clients', not the proxy's (see `lib/client-address.ts`).
   */
  trustProxy: TrustProxy
  /**
   * Origins the web pages may connect to beside the app and the media nodes registered with this app
   * server: with several app servers, the media nodes registered with the others.
   */
  mediaOrigins: string[]
  /** A session's absolute lifetime, from its sign-in. */
  sessionMaxAgeDays: number
  /** A session unused this long ends. */
  sessionIdleDays: number
  /**
   * Origins whose pages may call the API, the uploads and the socket from elsewhere: the desktop app's
   * own `app://mafia` always, plus DESKTOP_ORIGINS (a development copy of the app's pages, a test harness).
   */
  desktopOrigins: string[]
  /** The instance the translation editor exchanges texts with (load, syncToProd, syncFromProd); unset: those calls refuse. */
  i18nSyncUrl: string | undefined
  /** An admin's session token on that instance, sent as its bearer token. */
  i18nSyncToken: string | undefined
  /** Premium purchases: the providers' keys and addresses (see PaymentsConfig). */
  payments: PaymentsConfig
}

/**
 * The payment providers. A provider is on when its keys are set; with neither, the built-in sandbox
 * (test mode, no money moves) takes purchases. The API addresses exist for local stand-ins in tests.
 */
export interface PaymentsConfig {
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined
  paypal: { clientId: string; clientSecret: string; webhookId: string; apiUrl: string } | undefined
  /** The sandbox processor: on when no provider is configured, or when BUY_SANDBOX=true. */
  sandbox: boolean
  /** Minutes a started purchase waits for its payment before it expires (Stripe takes 30 to 1440). */
  pendingMinutes: number
  /** The external video page /free_premium sends players to. */
  freePremiumUrl: string
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim()
  return raw ? raw : undefined
}

function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = optional(env, name)
  if (raw !== undefined && raw.length < 32) throw new ConfigError(`${name} must be at least 32 characters long`)
  return raw
}

function url(env: NodeJS.ProcessEnv, name: string, fallback?: string): string | undefined {
  const raw = optional(env, name) ?? fallback
  if (raw === undefined) return undefined
  try {
    new URL(raw)
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${raw}"`)
  }
  return raw
}

/** MEDIA_ORIGINS: a comma-separated list of ws(s):// or http(s):// origins (a path or anything after the port is refused). */
function mediaOrigins(env: NodeJS.ProcessEnv): string[] {
  const entries = (optional(env, 'MEDIA_ORIGINS') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)
  return entries.map((entry) => {
    let origin: string | undefined
    try {
      const parsed = new URL(entry)
      if (['ws:', 'wss:', 'http:', 'https:'].includes(parsed.protocol) && parsed.origin === entry.replace(/\/+$/, '')) origin = parsed.origin
    } catch {
      // reported below
    }
    if (origin === undefined) throw new ConfigError(`MEDIA_ORIGINS must list origins such as wss://media-1.example.com:8443, got "${entry}"`)
    return origin
  })
}

/** DESKTOP_ORIGINS: a comma-separated list of http(s) origins, beside the desktop app's own app://mafia, which is always allowed. */
function desktopOrigins(env: NodeJS.ProcessEnv): string[] {
  const entries = (optional(env, 'DESKTOP_ORIGINS') ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)
  const origins = entries.map((entry) => {
    let origin: string | undefined
    try {
      const parsed = new URL(entry)
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.origin === entry.replace(/\/+$/, '')) origin = parsed.origin
    } catch {
      // reported below
    }
    if (origin === undefined) throw new ConfigError(`DESKTOP_ORIGINS must list origins such as http://127.0.0.1:5174, got "${entry}"`)
    return origin
  })
  return ['app://mafia', ...origins.filter((origin) => origin !== 'app://mafia')]
}

function trustProxy(env: NodeJS.ProcessEnv): TrustProxy {
  try {
    return parseTrustProxy(env.TRUST_PROXY)
  } catch {
    throw new ConfigError(`TRUST_PROXY must be true, false, a number of hops or a comma-separated list of addresses and CIDR ranges, got "${env.TRUST_PROXY}"`)
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const adminEmail = optional(env, 'ADMIN_EMAIL')
  const adminPassword = optional(env, 'ADMIN_PASSWORD')
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together')
  }
  const mediaNodeEmail = optional(env, 'MEDIA_NODE_EMAIL')
  const mediaNodePassword = optional(env, 'MEDIA_NODE_PASSWORD')
  if ((mediaNodeEmail === undefined) !== (mediaNodePassword === undefined)) {
    throw new ConfigError('MEDIA_NODE_EMAIL and MEDIA_NODE_PASSWORD must be set together')
  }
  if (mediaNodePassword !== undefined && mediaNodePassword.length < 16) throw new ConfigError('MEDIA_NODE_PASSWORD must be at least 16 characters long')
  const mediaNodeUrl = url(env, 'MEDIA_NODE_URL')
  if (mediaNodeUrl !== undefined && !/^wss?:\/\//.test(mediaNodeUrl)) throw new ConfigError(`MEDIA_NODE_URL must be a ws:// or wss:// URL, got "${mediaNodeUrl}"`)
  const mediaNodeId = optional(env, 'MEDIA_NODE_ID')
  if (mediaNodeId !== undefined && !/^[A-Za-z0-9._:-]{1,64}$/.test(mediaNodeId)) throw new ConfigError('MEDIA_NODE_ID may hold up to 64 letters, digits, dots, dashes, underscores and colons')
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    dataDir: resolve(optional(env, 'DATA_DIR') ?? './data'),
    databaseUrl: url(env, 'DATABASE_URL'),
    redisUrl: url(env, 'REDIS_URL'),
    smtpUrl: url(env, 'SMTP_URL'),
    publicUrl: (url(env, 'PUBLIC_URL', 'http://localhost:8080') as string).replace(/\/+$/, ''),
    adminEmail,
    adminPassword,
    logServicePort: integer(env, 'LOG_SERVICE_PORT', 9991, 0, 65535),
    mediaUdpPort: integer(env, 'MEDIA_UDP_PORT', 0, 0, 65535),
    mediaPublicIp: optional(env, 'MEDIA_PUBLIC_IP') ?? '127.0.0.1',
    mediaTokenSecret: secret(env, 'MEDIA_TOKEN_SECRET'),
    mediaPort: integer(env, 'MEDIA_PORT', 8090, 0, 65535),
    mediaAppUrl: url(env, 'MEDIA_APP_URL')?.replace(/\/+$/, ''),
    mediaNodeUrl,
    mediaNodeId,
    mediaNodeCapacity: integer(env, 'MEDIA_NODE_CAPACITY', 240, 1, 1_000_000),
    mediaNodeEmail,
    mediaNodePassword,
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    accountDeletionDays: integer(env, 'ACCOUNT_DELETION_DAYS', 14, 0, 365),
    authRateLimitPerIp: integer(env, 'AUTH_RATE_LIMIT_PER_IP', 30, 1, 1_000_000),
    socketHandshakesPerAddress: integer(env, 'SOCKET_HANDSHAKES_PER_ADDRESS', 30, 1, 1_000_000),
    trustProxy: trustProxy(env),
    mediaOrigins: mediaOrigins(env),
    sessionMaxAgeDays: integer(env, 'SESSION_MAX_AGE_DAYS', 30, 1, 3650),
    sessionIdleDays: integer(env, 'SESSION_IDLE_DAYS', 7, 1, 3650),
    desktopOrigins: desktopOrigins(env),
    i18nSyncUrl: url(env, 'I18N_SYNC_URL')?.replace(/\/+$/, ''),
    i18nSyncToken: optional(env, 'I18N_SYNC_TOKEN'),
    payments: paymentsConfig(env),
  }
}

function paymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const stripeKey = optional(env, 'STRIPE_SECRET_KEY')
  const stripeWebhookSecret = optional(env, 'STRIPE_WEBHOOK_SECRET')
  if ((stripeKey === undefined) !== (stripeWebhookSecret === undefined)) throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together')
  const paypalId = optional(env, 'PAYPAL_CLIENT_ID')
  const paypalSecret = optional(env, 'PAYPAL_CLIENT_SECRET')
  const paypalWebhookId = optional(env, 'PAYPAL_WEBHOOK_ID')
  const paypalSet = [paypalId, paypalSecret, paypalWebhookId].filter((value) => value !== undefined).length
  if (paypalSet !== 0 && paypalSet !== 3) throw new ConfigError('PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID must be set together')
  const stripe = stripeKey && stripeWebhookSecret ? { secretKey: stripeKey, webhookSecret: stripeWebhookSecret, apiUrl: url(env, 'STRIPE_API_URL') } : undefined
  const paypal =
    paypalId && paypalSecret && paypalWebhookId
      ? { clientId: paypalId, clientSecret: paypalSecret, webhookId: paypalWebhookId, apiUrl: url(env, 'PAYPAL_API_URL', 'https://api-m.sandbox.paypal.com') as string }
      : undefined
  const sandboxFlag = optional(env, 'BUY_SANDBOX')
  if (sandboxFlag !== undefined && sandboxFlag !== 'true' && sandboxFlag !== 'false') throw new ConfigError('BUY_SANDBOX must be true or false')
  return {
    stripe,
    paypal,
    sandbox: sandboxFlag === undefined ? stripe === undefined && paypal === undefined : sandboxFlag === 'true',
    pendingMinutes: integer(env, 'BUY_PENDING_MINUTES', 60, 30, 1440),
    freePremiumUrl: url(env, 'FREE_PREMIUM_URL', 'https://www.youtube.com/@mafia.table') as string,
  }
}

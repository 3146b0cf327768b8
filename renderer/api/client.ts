import ky, { HTTPError, type KyInstance } from 'ky'
import type { Static, TSchema } from 'typebox'
import { isErrorCode, type ErrorCode, type HttpErrorBody } from '../../server/contract/errors'
import type { RouteDefinition } from '../../server/contract/http'
import { serverUrl } from '../platform/bridge'

/** An HTTP error from the server, carrying its translation-key code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly body: Partial<HttpErrorBody>,
  ) {
    super(code)
    this.name = 'ApiError'
  }
  get field(): string | undefined {
    return this.body.field
  }
}

type SchemaOf<R extends RouteDefinition, K extends 'body' | 'querystring' | 'params'> = R['schema'][K] extends TSchema ? Static<R['schema'][K]> : undefined
export type ResponseOf<R extends RouteDefinition> = R['schema']['response'][200] extends TSchema ? Static<R['schema']['response'][200]> : unknown

/** What a call sends: each part exists only when the route declares it. */
export type CallInput<R extends RouteDefinition> = (R['schema']['body'] extends TSchema ? { body: SchemaOf<R, 'body'> } : { body?: never }) &
  (R['schema']['params'] extends TSchema ? { params: SchemaOf<R, 'params'> } : { params?: never }) &
  (R['schema']['querystring'] extends TSchema ? { query?: SchemaOf<R, 'querystring'> } : { query?: never }) & { form?: FormData; signal?: AbortSignal }

/** Hooks the app installs: where the token comes from, and what a 401 or 429 does. */
export interface ApiHooks {
  token(): string | null
  /** A 401 from loading the current user (the session is gone). */
  onSessionExpired(): void
  /** Any 429: the seconds until the limit lifts. */
  onRateLimited(retryAfterSeconds: number): void
}

let hooks: ApiHooks = { token: () => null, onSessionExpired: () => {}, onRateLimited: () => {} }
export function installApiHooks(next: ApiHooks): void {
  hooks = next
}

/** The one ky instance of the renderer. */
export const http: KyInstance = ky.create({
  prefixUrl: '',
  retry: 0,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = hooks.token()
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
      },
    ],
  },
})

function fillParams(url: string, params: Record<string, unknown> | undefined): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')))
}

async function toApiError(error: unknown): Promise<unknown> {
  if (!(error instanceof HTTPError)) return error
  let body: Partial<HttpErrorBody> = {}
  try {
    body = (await error.response.clone().json()) as Partial<HttpErrorBody>
  } catch {
    // not JSON
  }
  const status = error.response.status
  const code: ErrorCode = isErrorCode(body.code) ? body.code : status === 429 ? 'errors.rate_limited' : status === 401 ? 'errors.unauthorized' : 'errors.internal'
  return new ApiError(status, code, body)
}

/** What answers a contract call: the server over HTTP, unless replaced (`replaceCalls`). */
export type Caller = <R extends RouteDefinition>(route: R, input: CallInput<R>) => Promise<ResponseOf<R>>

/** Calls a contract route: typed input and output, errors as ApiError with a translation-key code. */
export function call<R extends RouteDefinition>(route: R, input: CallInput<R> = {} as CallInput<R>): Promise<ResponseOf<R>> {
  return caller(route, input)
}

let caller: Caller = callOverHttp

/** Answers every `call` with `next` instead of the server, until the returned function is called: unit tests answer the renderer's calls by route with it. */
export function replaceCalls(next: Caller): () => void {
  const previous = caller
  caller = next
  return () => {
    caller = previous
  }
}

async function callOverHttp<R extends RouteDefinition>(route: R, input: CallInput<R>): Promise<ResponseOf<R>> {
  const url = fillParams(route.url, input.params as Record<string, unknown> | undefined).replace(/^\//, '/')
  const searchParams = input.query ? Object.fromEntries(Object.entries(input.query as Record<string, unknown>).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) : undefined
  try {
    // The page's own server in a browser; the chosen club server in the desktop app.
    const response = await http(serverUrl(url), {
      method: route.method,
      ...(input.form ? { body: input.form } : input.body !== undefined ? { json: input.body } : {}),
      ...(searchParams ? { searchParams } : {}),
      ...(input.signal ? { signal: input.signal } : {}),
    })
    return (await response.json()) as ResponseOf<R>
  } catch (raw) {
    const error = await toApiError(raw)
    if (error instanceof ApiError) {
      if (error.status === 429) hooks.onRateLimited(error.body.retryAfter ?? 60)
      if (error.status === 401 && route.method === 'GET' && route.url === '/api/auth') hooks.onSessionExpired()
    }
    throw error
  }
}

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ReactElement, ReactNode } from 'react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { render } from '@testing-library/react'
import i18next, { type i18n as I18n } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { vi } from 'vitest'
import type { HttpErrorBody } from '../../../../server/contract/errors'
import type { User } from '../../../../server/contract/http'

// jsdom lacks ResizeObserver, which Fluent's message bar uses to choose its layout (writable: Fluent's
// positioning puts its own in place under test, in whichever later file of the worker opens a popover)
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    writable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  })
}

type Nested = { [key: string]: string | Nested }

function merge(target: Nested, source: Nested): Nested {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key]
    target[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value
  }
  return target
}

/** The English texts of the main set, read from the seed files as the server would serve them. */
export function englishMessages(): Nested {
  const dir = join(import.meta.dirname, '../../../../db/seed/i18n/mafia')
  const messages: Nested = {}
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.en.json')).sort()) {
    merge(messages, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Nested)
  }
  return messages
}

/** A small i18next instance with the real English texts in the main namespace. */
export async function createTestI18n(): Promise<I18n> {
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['mafia'],
    defaultNS: 'mafia',
    resources: { en: { mafia: englishMessages() } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return instance
}

/** Shows where the router is, so a test can see a navigation. */
function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/**
 * Renders a screen at `path` under the app's providers. `pattern` is the route's pattern
 * (/confirm/:token); every other address renders the location probe.
 */
export function renderScreen(i18n: I18n, element: ReactElement, options: { path: string; pattern?: string; wrap?: (node: ReactNode) => ReactElement }) {
  const pattern = options.pattern ?? options.path.split('?')[0] ?? '/'
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [options.path] },
  )
  const tree = (
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <RouterProvider router={router} />
      </FluentProvider>
    </I18nextProvider>
  )
  return { router, ...render(options.wrap ? options.wrap(tree) : tree) }
}

/** The text of the elements that describe a control (aria-describedby): where Fluent puts a field's message. */
export function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}

export interface RecordedRequest {
  method: string
  path: string
  json: unknown
  form: FormData | null
}

type Reply = { status?: number; body: unknown }

/**
 * Replaces the network under the real API client: each request is recorded and answered by
 * `respond`, with the server's JSON shapes (errors as { statusCode, code, message, field }).
 */
export function stubServer(respond: (request: RecordedRequest) => Reply | Promise<Reply>) {
  const requests: RecordedRequest[] = []
  // jsdom has no fetch of its own: Node's Request needs absolute addresses, the browser resolves them
  const NodeRequest = globalThis.Request
  // Node's fetch does not understand jsdom's FormData and File: keep the form the page built
  const sentForms = new WeakMap<Request, FormData>()
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, location.href) : input, init)
        if (init?.body instanceof FormData) sentForms.set(this, init.body)
      }
    },
  )
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url)
      const type = request.headers.get('content-type') ?? ''
      const recorded: RecordedRequest = {
        method: request.method,
        path: url.pathname,
        json: type.includes('application/json') ? await request.json() : null,
        form: sentForms.get(request) ?? null,
      }
      requests.push(recorded)
      const reply = await respond(recorded)
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } })
    }),
  )
  return requests
}

export function errorReply(statusCode: number, code: HttpErrorBody['code'], extra: Partial<HttpErrorBody> = {}): Reply {
  return { status: statusCode, body: { statusCode, code, message: 'server text that the client must not show', ...extra } }
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    nickname: 'Don Corleone',
    email: 'don@example.test',
    avatar: null,
    placeholder: null,
    isPremium: false,
    roleId: 1,
    emailConfirmation: true,
    adminConfirmation: false,
    bans: [],
    language: 'en',
    deleteAt: null,
    referralToken: 'ref123token',
    createdAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  }
}

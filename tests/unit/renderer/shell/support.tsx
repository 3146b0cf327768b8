import { FluentProvider, webDarkTheme } from '@fluentui/react-components'
import { render } from '@testing-library/react'
import i18next, { type i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import type { Messages, User } from '../../../../server/contract/http'

// Through the bundler (the browser-like test environment gives no file: URL to db/seed/i18n-files.ts).
const files = import.meta.glob<Messages>('../../../../db/seed/i18n/mafia/*.json', { eager: true, import: 'default' })

function merge(target: Messages, source: Messages): Messages {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key]
    target[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : typeof value === 'object' ? merge({}, value) : value
  }
  return target
}

/** The seed texts of the main set in one language, nested as the server serves them. */
export function seedMessages(locale: string): Messages {
  const messages: Messages = {}
  for (const [file, content] of Object.entries(files)) if (file.endsWith(`.${locale}.json`)) merge(messages, content)
  return messages
}

/** An i18next instance with the real seed texts of the main set, in one language. */
export async function createShellI18n(locale: 'uk' | 'en' | 'de' | 'he' = 'en'): Promise<I18n> {
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    ns: ['mafia'],
    defaultNS: 'mafia',
    resources: { [locale]: { mafia: seedMessages(locale) } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  })
  return instance
}

export function renderWithProviders(i18n: I18n, node: ReactNode) {
  return render(
    <FluentProvider theme={webDarkTheme}>
      <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
    </FluentProvider>,
  )
}

export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    nickname: 'Vesper',
    email: 'vesper@example.test',
    avatar: null,
    placeholder: null,
    isPremium: false,
    roleId: 1,
    emailConfirmation: true,
    adminConfirmation: true,
    bans: [],
    language: 'en',
    deleteAt: null,
    referralToken: 'ref-token',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

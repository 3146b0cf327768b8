import { FluentProvider, webDarkTheme } from '@fluentui/react-components'
import { render } from '@testing-library/react'
import i18next, { type i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { readSeedTranslations } from '../../../../db/seed/i18n-files'
import type { User } from '../../../../server/contract/http'
import { nest } from '../../../../server/modules/i18n/i18n.service'

/** An i18next instance with the real seed texts of the main set, in one language. */
export async function createShellI18n(locale: 'uk' | 'en' | 'de' | 'he' = 'en'): Promise<I18n> {
  const flat = readSeedTranslations().get('mafia')?.get(locale) ?? {}
  const instance = i18next.createInstance()
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'en',
    ns: ['mafia'],
    defaultNS: 'mafia',
    resources: { [locale]: { mafia: nest(Object.entries(flat).map(([constant, translate]) => ({ constant, translate }))) } },
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

import type { Locale, User } from '../../server/contract/http'
import { authRoutes } from '../../server/contract/http/auth'
import { call } from '../api/client'
import { sessionState, setSession } from '../state/session'
import { hasChosenLanguage, storeLanguage } from './language'
import { initI18n, localeLoader, localeState } from './index'

/**
 * The language selector: remembers the choice on this device (`lang`), loads its texts and flips the
 * page direction; a signed-in user's account language is saved too, so mails follow it.
 * Resolves once the interface switched; a failed account save rejects after that (the caller shows it).
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  storeLanguage(localStorage, locale)
  await initI18n()
  await localeLoader.load(locale)
  if (sessionState.token && sessionState.user && sessionState.user.language !== locale) {
    setSession(await call(authRoutes.saveSettings, { body: { settings: { language: locale } } }))
  }
}

/**
 * A signed-in user who has not picked a language on this device sees their account language
 * (a choice made here, stored under `lang`, wins).
 */
export async function adoptAccountLanguage(user: User | null): Promise<void> {
  if (!user || hasChosenLanguage(localStorage) || user.language === localeState.locale) return
  await initI18n()
  await localeLoader.load(user.language)
}

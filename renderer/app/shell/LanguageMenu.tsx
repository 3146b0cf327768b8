import { Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, type MenuProps } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { Locale } from '../../../server/contract/http'
import { supportedLocales } from '../../../server/contract/http/auth'
import { localeState } from '../../i18n'
import { isSupportedLocale } from '../../i18n/language'
import { chooseLanguage } from '../../i18n/language-actions'
import { notify } from '../../state/notices'
import { errorKey } from '../../components/error-text'
import { LanguageButton } from './LanguageButton'

/**
 * The language menu: Ukrainian, English, German, Hebrew, each named in its own language. Loaded by
 * LanguageSelector the first time its button is used, and mounted open then (Fluent's menu moves focus
 * to the checked language's list as it opens, and back to the button when it closes).
 */
export function LanguageMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation()
  const { locale } = useSnapshot(localeState)

  const onChange: MenuProps['onCheckedValueChange'] = (_event, { checkedItems }) => {
    const next = checkedItems[0]
    if (!isSupportedLocale(next) || next === locale) return
    chooseLanguage(next as Locale).catch((error: unknown) => notify(errorKey(error), 'error'))
  }

  return (
    <Menu checkedValues={{ language: [locale] }} onCheckedValueChange={onChange} positioning="below-end" defaultOpen>
      <MenuTrigger disableButtonEnhancement>
        <LanguageButton compact={compact} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {supportedLocales.map((code) => (
            <MenuItemRadio key={code} name="language" value={code} lang={code} dir={code === 'he' ? 'rtl' : 'ltr'} data-testid={`language-${code}`}>
              {t(`shell.language.names.${code}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

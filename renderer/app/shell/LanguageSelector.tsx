import { Button, makeStyles, Menu, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, type MenuProps } from '@fluentui/react-components'
import { Globe20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { supportedLocales, type Locale } from '../../../server/contract/http'
import { localeState } from '../../i18n'
import { isSupportedLocale } from '../../i18n/language'
import { chooseLanguage } from '../../i18n/language-actions'
import { notify } from '../../state/notices'
import { errorKey } from '../../components/error-text'

const useStyles = makeStyles({ button: { minWidth: 0 } })

/** The language selector: Ukrainian, English, German, Hebrew, each named in its own language. */
export function LanguageSelector({ compact }: { compact: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { locale } = useSnapshot(localeState)
  const current = t(`shell.language.names.${locale}`)

  const onChange: MenuProps['onCheckedValueChange'] = (_event, { checkedItems }) => {
    const next = checkedItems[0]
    if (!isSupportedLocale(next) || next === locale) return
    chooseLanguage(next as Locale).catch((error: unknown) => notify(errorKey(error), 'error'))
  }

  return (
    <Menu checkedValues={{ language: [locale] }} onCheckedValueChange={onChange} positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button className={styles.button} appearance="subtle" icon={<Globe20Regular />} aria-label={t('shell.language.label', { language: current })} data-testid="language-selector">
          {compact ? undefined : locale.toUpperCase()}
        </Button>
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

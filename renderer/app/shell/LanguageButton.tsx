import { Button, makeStyles, type ButtonProps } from '@fluentui/react-components'
import { Globe20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { localeState } from '../../i18n'

const useStyles = makeStyles({ button: { minWidth: 0 } })

/** The language button: a globe and, unless compact, the current language's code. Opens the language menu. */
export function LanguageButton({ compact, ...props }: ButtonProps & { compact: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { locale } = useSnapshot(localeState)
  return (
    <Button
      className={styles.button}
      appearance="subtle"
      icon={<Globe20Regular />}
      // The name holds the code the button shows, so a user who sees "EN" can say it (label in name).
      aria-label={`${t('shell.language.label', { language: t(`shell.language.names.${locale}`) })}${compact ? '' : `, ${locale.toUpperCase()}`}`}
      aria-haspopup="menu"
      data-testid="language-selector"
      {...props}
    >
      {compact ? undefined : locale.toUpperCase()}
    </Button>
  )
}

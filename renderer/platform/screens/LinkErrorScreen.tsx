import { Body1, Button, makeStyles, Title1, tokens } from '@fluentui/react-components'
import { Home20Regular, LinkDismiss24Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
    paddingBlock: '10vh',
    paddingInline: tokens.spacingHorizontalL,
  },
  icon: { color: tokens.colorPaletteRedForeground1, fontSize: '48px' },
  title: { margin: 0 },
  text: { color: tokens.colorNeutralForeground2, maxWidth: '36em' },
})

/**
 * Where a `mafia://` link the desktop app does not know lands (electron/main/deep-links.ts): it says so
 * and offers the home page. Nothing the link named was opened or sent.
 */
export function LinkErrorScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <section className={styles.root} aria-labelledby="link-error-title" data-testid="desktop-link-error">
      <LinkDismiss24Regular className={styles.icon} aria-hidden="true" />
      <Title1 as="h1" id="link-error-title" className={styles.title}>
        {t('desktop.linkError.title')}
      </Title1>
      <Body1 as="p" className={styles.text}>
        {t('desktop.linkError.text')}
      </Body1>
      <Button appearance="primary" icon={<Home20Regular />} onClick={() => navigate('/main')}>
        {t('common.goHome')}
      </Button>
    </section>
  )
}

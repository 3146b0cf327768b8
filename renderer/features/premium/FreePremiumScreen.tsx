import { Button, makeStyles, Text, Title2, tokens } from '@fluentui/react-components'
import { Open20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** The external video page of free premium (FREE_PREMIUM_URL on the server; the build's default here). */
export const freePremiumUrl = (import.meta.env.VITE_FREE_PREMIUM_URL as string | undefined) ?? 'https://www.youtube.com/@mafia.table'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'center', textAlign: 'center', padding: tokens.spacingHorizontalXXL },
})

/**
 * /free_premium: leaves the app for the club's video. A new tab in a browser; in the desktop app the
 * shell opens new windows' addresses in the system browser.
 */
export function FreePremiumScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  return (
    <main className={styles.page}>
      <Title2 as="h1">{t('premium.free.title')}</Title2>
      <Text>{t('premium.free.text')}</Text>
      <Button
        as="a"
        appearance="primary"
        icon={<Open20Regular />}
        href={freePremiumUrl}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => setOpened(true)}
        data-testid="free-premium-open"
      >
        {t('premium.free.open')}
      </Button>
      {opened ? <Text aria-live="polite">{t('premium.free.opened')}</Text> : null}
      <Link to="/premium">{t('premium.free.back')}</Link>
    </main>
  )
}

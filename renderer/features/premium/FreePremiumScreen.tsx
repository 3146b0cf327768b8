import { Button, makeStyles, Text, Title2, tokens } from '@fluentui/react-components'
import { Open20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buyRoutes } from '../../../server/contract/http/buy'
import { call } from '../../api/client'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'center', textAlign: 'center', padding: tokens.spacingHorizontalXXL },
})

/**
 * /free_premium: leaves the app for the club's video (the server's FREE_PREMIUM_URL). A new tab in a
 * browser; in the desktop app the shell opens new windows' addresses in the system browser.
 */
export function FreePremiumScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    const abort = new AbortController()
    call(buyRoutes.premiums, { signal: abort.signal })
      .then((answer) => setUrl(answer.freePremiumUrl))
      .catch(() => undefined)
    return () => abort.abort()
  }, [])
  return (
    <main className={styles.page}>
      <Title2 as="h1">{t('premium.free.title')}</Title2>
      <Text>{t('premium.free.text')}</Text>
      <Button
        as="a"
        appearance="primary"
        icon={<Open20Regular />}
        href={url ?? undefined}
        disabled={url === null}
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

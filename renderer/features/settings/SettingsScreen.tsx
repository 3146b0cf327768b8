import { useEffect, useState } from 'react'
import { Spinner, makeStyles, tokens, typographyStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { routes, type AccountSettings } from '../../../server/contract/http'
import { call } from '../../api/client'
import { sessionState } from '../../state/session'
import { DeletionSection } from './DeletionSection'
import { DesktopServerSection } from './DesktopServerSection'
import { DevicesSection } from './DevicesSection'
import { LanguageSection } from './LanguageSection'
import { LoadFailedBar } from './LoadFailedBar'
import { PasswordSection } from './PasswordSection'
import { PicturesSection } from './PicturesSection'
import { ProfileSection } from './ProfileSection'
import { ReferralSection } from './ReferralSection'
import { StreamingSection } from './StreamingSection'

const useStyles = makeStyles({
  page: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '760px',
    marginInline: 'auto',
    paddingBlock: tokens.spacingVerticalXL,
    paddingInline: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
  },
  title: {
    ...typographyStyles.title2,
    margin: 0,
  },
})

type Load = { status: 'loading' } | { status: 'ready'; settings: AccountSettings } | { status: 'failed'; error: unknown }

/** /settings: profile, pictures, language, password, devices, referral link, streamer link, the desktop app's club server and account deletion. */
export function SettingsScreen() {
  const { t } = useTranslation()
  const styles = useStyles()
  const { user } = useSnapshot(sessionState)
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    call(routes.auth.loadSettings, { signal: controller.signal }).then(
      (settings) => setLoad({ status: 'ready', settings }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', error })
      },
    )
    return () => controller.abort()
  }, [attempt])

  const retry = () => {
    setLoad({ status: 'loading' })
    setAttempt((count) => count + 1)
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('settings.title')}</h1>
      {load.status === 'loading' && <Spinner label={t('settings.loading')} />}
      {load.status === 'failed' && (
        <LoadFailedBar message="settings.loadFailed" error={load.error} onRetry={retry} />
      )}
      {load.status === 'ready' && (
        <>
          <ProfileSection nickname={user?.nickname ?? load.settings.nickname} email={user?.email ?? load.settings.email} />
          <PicturesSection avatar={user ? user.avatar : load.settings.avatar} placeholder={user ? user.placeholder : load.settings.placeholder} />
          <LanguageSection language={user?.language ?? load.settings.language} />
          <PasswordSection />
          <DevicesSection />
          {user && <ReferralSection referralToken={user.referralToken} />}
          <StreamingSection />
          <DesktopServerSection />
          <DeletionSection deleteAt={user ? user.deleteAt : load.settings.deleteAt} />
        </>
      )}
    </div>
  )
}

import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components'
import { Checkmark20Regular, Copy20Regular, PersonAdd20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { EmptyState } from '../../components/EmptyState'
import { Screen } from '../../components/Screen'
import { sessionState } from '../../state/session'

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  field: { flexGrow: 1, minWidth: '240px' },
})

/** The referral programme: the user's own sign-up link; invited players are listed once referrals are counted. */
export function ReferralScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { user } = useSnapshot(sessionState)
  const [copied, setCopied] = useState(false)
  const link = user ? `${location.origin}/signup/${encodeURIComponent(user.referralToken)}` : ''
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <Screen title={t('screens.referral.title')}>
      {user ? (
        <div className={styles.row}>
          <Field className={styles.field} label={t('screens.referral.link')} hint={t('screens.referral.linkHint')}>
            <Input value={link} readOnly onFocus={(event) => event.currentTarget.select()} data-testid="referral-link" />
          </Field>
          <Button icon={copied ? <Checkmark20Regular /> : <Copy20Regular />} onClick={() => void copy()}>
            {copied ? t('screens.referral.copied') : t('screens.referral.copy')}
          </Button>
        </div>
      ) : null}
      <EmptyState icon={<PersonAdd20Regular />} title={t('screens.referral.empty')} hint={t('screens.referral.hint')} />
    </Screen>
  )
}

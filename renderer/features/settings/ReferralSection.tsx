import { useRef, useState } from 'react'
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Checkmark20Regular, Copy20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { SettingsSection } from './SettingsSection'

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
  field: {
    flexGrow: 1,
    minWidth: '240px',
  },
  status: {
    minHeight: tokens.lineHeightBase200,
    color: tokens.colorNeutralForeground2,
  },
})

/** The user's own invitation link (/signup/{token}), with a copy button. */
export function ReferralSection({ referralToken }: { referralToken: string }) {
  const { t } = useTranslation()
  const styles = useStyles()
  const inputRef = useRef<HTMLInputElement>(null)
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  const link = `${location.origin}/signup/${referralToken}`

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(link)
      setCopy('copied')
    } catch {
      // no clipboard access (insecure origin, denied permission): select the text for a manual copy
      inputRef.current?.select()
      setCopy('failed')
    }
  }

  return (
    <SettingsSection title={t('settings.referral.title')} description={t('settings.referral.description')}>
      <div className={styles.row}>
        <Field label={t('settings.referral.label')} className={styles.field}>
          <Input ref={inputRef} value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
        </Field>
        <Button icon={copy === 'copied' ? <Checkmark20Regular /> : <Copy20Regular />} onClick={() => void onCopy()}>
          {t('settings.referral.copy')}
        </Button>
      </div>
      <Text role="status" size={200} className={styles.status}>
        {copy === 'copied' ? t('settings.referral.copied') : copy === 'failed' ? t('settings.referral.copyFailed') : ''}
      </Text>
    </SettingsSection>
  )
}

import { useState, type FormEvent } from 'react'
import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { limits, routes } from '../../../server/contract/http'
import { call } from '../../api/client'
import { setSession } from '../../state/session'
import { FailureMessage, SubmitButton, useForm, useFormStyles, validateNickname } from '../auth'
import { SettingsSection } from './SettingsSection'

const fields = ['nickname'] as const

/** The nickname (the email is shown, not edited here). */
export function ProfileSection({ nickname: savedNickname, email }: { nickname: string; email: string }) {
  const { t } = useTranslation()
  const styles = useFormStyles()
  const form = useForm(fields)
  const [nickname, setNickname] = useState(savedNickname)
  const [saved, setSaved] = useState(false)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSaved(false)
    const problem = validateNickname(nickname)
    void form.submit(event, problem ? { nickname: problem } : {}, async () => {
      setSession(await call(routes.auth.saveSettings, { body: { settings: { nickname: nickname.trim() } } }))
      setSaved(true)
    })
  }

  return (
    <SettingsSection title={t('settings.profile.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.pending}>
        <Field label={t('settings.profile.email')} hint={t('settings.profile.emailHint')}>
          <Input type="email" value={email} readOnly />
        </Field>
        <Field label={t('settings.profile.nickname')} hint={t('auth.hints.nickname', { min: limits.nicknameMin, max: limits.nicknameMax })} {...form.fieldProps('nickname')}>
          <Input
            name="nickname"
            autoComplete="nickname"
            required
            value={nickname}
            onChange={(_, data) => {
              setNickname(data.value)
              setSaved(false)
              form.edited('nickname')
            }}
          />
        </Field>
        <FailureMessage error={form.failure} />
        {saved && (
          <MessageBar intent="success">
            <MessageBarBody>{t('settings.profile.saved')}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>{t('settings.profile.save')}</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  )
}

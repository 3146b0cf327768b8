import { useState, type FormEvent } from 'react'
import { Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { limits, routes } from '../../../server/contract/http'
import { call } from '../../api/client'
import { setSession } from '../../state/session'
import { FailureMessage, PasswordInput, SubmitButton, useForm, useFormStyles, validatePasswordChange } from '../auth'
import { SettingsSection } from './SettingsSection'

const fields = ['currentPassword', 'newPassword', 'repeat'] as const

/** A new password; the server ends every other session, this one continues with the new token. */
export function PasswordSection() {
  const { t } = useTranslation()
  const styles = useFormStyles()
  const form = useForm(fields)
  const [currentPassword, setCurrentPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [changed, setChanged] = useState(false)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setChanged(false)
    void form.submit(event, validatePasswordChange({ currentPassword, newPassword, repeat }), async () => {
      setSession(await call(routes.auth.changePassword, { body: { currentPassword, newPassword } }))
      setCurrentPassword('')
      setNewPassword('')
      setRepeat('')
      setChanged(true)
    })
  }

  const edit = (field: (typeof fields)[number], set: (value: string) => void) => (_: unknown, data: { value: string }) => {
    set(data.value)
    setChanged(false)
    form.edited(field)
  }

  return (
    <SettingsSection title={t('settings.password.title')} description={t('settings.password.note')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.pending}>
        <Field label={t('settings.password.current')} {...form.fieldProps('currentPassword')}>
          <Input type="password" name="currentPassword" autoComplete="current-password" required value={currentPassword} onChange={edit('currentPassword', setCurrentPassword)} />
        </Field>
        <Field label={t('settings.password.new')} hint={t('auth.hints.password', { min: limits.passwordMin })} {...form.fieldProps('newPassword')}>
          <PasswordInput name="newPassword" autoComplete="new-password" required value={newPassword} onChange={edit('newPassword', setNewPassword)} />
        </Field>
        <Field label={t('settings.password.repeat')} {...form.fieldProps('repeat')}>
          <Input type="password" name="repeat" autoComplete="new-password" required value={repeat} onChange={edit('repeat', setRepeat)} />
        </Field>
        <FailureMessage error={form.failure} />
        {changed && (
          <MessageBar intent="success" layout="multiline">
            <MessageBarBody>{t('settings.password.changed')}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>{t('settings.password.submit')}</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  )
}

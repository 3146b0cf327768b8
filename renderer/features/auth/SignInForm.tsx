import { useState, type FormEvent } from 'react'
import { Field, Input } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { authRoutes } from '../../../server/contract/http/auth'
import { call } from '../../api/client'
import { takeRedirectTarget } from '../../app/redirect-target'
import { setSession } from '../../state/session'
import { FailureMessage } from './FailureMessage'
import { useFormStyles } from './form-styles'
import { RouterLink } from './RouterLink'
import { SubmitButton } from './SubmitButton'
import { useForm } from './use-form'
import { validateSignIn } from './validation'

const fields = ['email', 'password'] as const

/** Email and password; on success the session is stored and the user goes where they were headed. */
export function SignInForm({ email, onEmailChange }: { email: string; onEmailChange: (email: string) => void }) {
  const { t } = useTranslation()
  const styles = useFormStyles()
  const navigate = useNavigate()
  const form = useForm(fields)
  const [password, setPassword] = useState('')

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    void form.submit(event, validateSignIn({ email, password }), async () => {
      const session = await call(authRoutes.login, { body: { email: email.trim(), password } })
      setSession(session)
      navigate(takeRedirectTarget(), { replace: true })
    })
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.pending}>
      <Field label={t('auth.fields.email')} {...form.fieldProps('email')}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(_, data) => {
            onEmailChange(data.value)
            form.edited('email')
          }}
        />
      </Field>
      <Field label={t('auth.fields.password')} {...form.fieldProps('password')}>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(_, data) => {
            setPassword(data.value)
            form.edited('password')
          }}
        />
      </Field>
      <div className={styles.linkRow}>
        <RouterLink to={{ search: '?view=forgot' }}>{t('auth.signIn.forgotLink')}</RouterLink>
      </div>
      <FailureMessage error={form.failure} />
      <SubmitButton pending={form.pending} className={styles.submit}>
        {t('auth.signIn.submit')}
      </SubmitButton>
    </form>
  )
}

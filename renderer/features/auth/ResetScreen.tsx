import { useState, type FormEvent } from 'react'
import { Field, Input } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { authRoutes, limits } from '../../../server/contract/http/auth'
import { ApiError, call } from '../../api/client'
import { setSession } from '../../state/session'
import { AuthCard } from './AuthCard'
import { FailureMessage } from './FailureMessage'
import { useFormStyles } from './form-styles'
import { PasswordInput } from './PasswordInput'
import { RouterLink } from './RouterLink'
import { SubmitButton } from './SubmitButton'
import { useForm } from './use-form'
import { validatePasswordReset } from './validation'

const fields = ['password', 'repeat'] as const

const tokenProblem = (error: unknown) => error instanceof ApiError && (error.field === 'token' || error.code.startsWith('errors.token_'))

/** /reset/{token}: the link from the reset mail; a new password signs the user in. */
export function ResetScreen() {
  const { t } = useTranslation()
  const styles = useFormStyles()
  const { token = '' } = useParams()
  const navigate = useNavigate()
  const form = useForm(fields)
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    void form.submit(event, validatePasswordReset({ password, repeat }), async () => {
      const session = await call(authRoutes.forgotConfirm, { body: { token, password } })
      setSession(session)
      navigate('/main', { replace: true })
    })
  }

  return (
    <AuthCard title={t('auth.reset.title')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.pending}>
        <Field label={t('auth.fields.newPassword')} hint={t('auth.hints.password', { min: limits.passwordMin })} {...form.fieldProps('password')}>
          <PasswordInput
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(_, data) => {
              setPassword(data.value)
              form.edited('password')
            }}
          />
        </Field>
        <Field label={t('auth.fields.repeatPassword')} {...form.fieldProps('repeat')}>
          <Input
            type="password"
            name="repeat"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(_, data) => {
              setRepeat(data.value)
              form.edited('repeat')
            }}
          />
        </Field>
        <FailureMessage error={form.failure} />
        {tokenProblem(form.failure) && <RouterLink to={{ pathname: '/signin', search: '?view=forgot' }}>{t('auth.reset.requestNew')}</RouterLink>}
        <SubmitButton pending={form.pending} className={styles.submit}>
          {t('auth.reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  )
}

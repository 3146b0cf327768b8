import { useState, type FormEvent } from 'react'
import { Field, Input, Text } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { authRoutes } from '../../../server/contract/http/auth'
import { call } from '../../api/client'
import { LazyMessageBar } from '../../components/LazyMessageBar'
import { FailureMessage } from './FailureMessage'
import { useFormStyles } from './form-styles'
import { RouterLink } from './RouterLink'
import { SubmitButton } from './SubmitButton'
import { useForm } from './use-form'
import { validateForgot } from './validation'

const fields = ['email'] as const

/**
 * Asks for a reset link. The answer is the same whether or not the address has an account, so the
 * form does not tell strangers who is a member.
 */
export function ForgotPasswordForm({ email, onEmailChange }: { email: string; onEmailChange: (email: string) => void }) {
  const { t } = useTranslation()
  const styles = useFormStyles()
  const form = useForm(fields)
  const [sent, setSent] = useState(false)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    void form.submit(event, validateForgot({ email }), async () => {
      await call(authRoutes.forgot, { body: { email: email.trim() } })
      setSent(true)
    })
  }

  return (
    <div className={styles.form}>
      {sent ? (
        <LazyMessageBar intent="success" layout="multiline">
          {t('auth.forgot.sent')}
        </LazyMessageBar>
      ) : (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.pending}>
          <Text>{t('auth.forgot.intro')}</Text>
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
          <FailureMessage error={form.failure} />
          <SubmitButton pending={form.pending} className={styles.submit}>
            {t('auth.forgot.submit')}
          </SubmitButton>
        </form>
      )}
      <RouterLink to="/signin">{t('auth.common.backToSignIn')}</RouterLink>
    </div>
  )
}

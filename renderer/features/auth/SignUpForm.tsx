import { useState, type FormEvent } from 'react'
import { Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Select } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Locale } from '../../../server/contract/http'
import { authRoutes, limits, supportedLocales } from '../../../server/contract/http/auth'
import { call } from '../../api/client'
import { FailureMessage } from './FailureMessage'
import { useFormStyles } from './form-styles'
import { isLocale, languageName, uiLocale } from './languages'
import { PasswordInput } from './PasswordInput'
import { SubmitButton } from './SubmitButton'
import { useForm } from './use-form'
import { validateSignUp } from './validation'

const fields = ['nickname', 'email', 'password', 'language'] as const

/**
 * A new account: nickname, email, password and the account's language (the interface's language by
 * default). `referenceToken` is the invitation a /signup/{token} link carries.
 */
export function SignUpForm({ email, onEmailChange, referenceToken }: { email: string; onEmailChange: (email: string) => void; referenceToken?: string }) {
  const { t, i18n } = useTranslation()
  const styles = useFormStyles()
  const form = useForm(fields)
  const [nickname, setNickname] = useState('')
  const [password, setPassword] = useState('')
  const [language, setLanguage] = useState<Locale>(() => uiLocale(i18n.language))
  const [sentTo, setSentTo] = useState<string | null>(null)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    void form.submit(event, validateSignUp({ nickname, email, password }), async () => {
      const result = await call(authRoutes.signup, {
        body: { nickname: nickname.trim(), email: email.trim(), password, language, ...(referenceToken ? { referenceToken } : {}) },
      })
      setSentTo(result.email)
    })
  }

  if (sentTo) {
    return (
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('auth.signUp.doneTitle')}</MessageBarTitle>
          {t('auth.signUp.done', { email: sentTo })}
        </MessageBarBody>
      </MessageBar>
    )
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.pending}>
      <Field label={t('auth.fields.nickname')} hint={t('auth.hints.nickname', { min: limits.nicknameMin, max: limits.nicknameMax })} {...form.fieldProps('nickname')}>
        <Input
          name="nickname"
          autoComplete="nickname"
          required
          value={nickname}
          onChange={(_, data) => {
            setNickname(data.value)
            form.edited('nickname')
          }}
        />
      </Field>
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
      <Field label={t('auth.fields.password')} hint={t('auth.hints.password', { min: limits.passwordMin })} {...form.fieldProps('password')}>
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
      <Field label={t('auth.fields.language')} hint={t('auth.hints.language')} {...form.fieldProps('language')}>
        <Select
          name="language"
          value={language}
          onChange={(_, data) => {
            if (isLocale(data.value)) setLanguage(data.value)
          }}
        >
          {supportedLocales.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {languageName(locale)}
            </option>
          ))}
        </Select>
      </Field>
      <FailureMessage error={form.failure} />
      <SubmitButton pending={form.pending} className={styles.submit}>
        {t('auth.signUp.submit')}
      </SubmitButton>
    </form>
  )
}

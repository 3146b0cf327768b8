import { useState, type FormEvent } from 'react'
import { Field, MessageBar, MessageBarBody, Select } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { routes, supportedLocales, type Locale } from '../../../server/contract/http'
import { call } from '../../api/client'
import { chooseLanguage } from '../../i18n/language-actions'
import { setSession } from '../../state/session'
import { FailureMessage, SubmitButton, isLocale, languageName, useForm, useFormStyles } from '../auth'
import { SettingsSection } from './SettingsSection'

const fields = ['language'] as const

/** The account's language (mails, the interface on every device), applied to this interface at once. */
export function LanguageSection({ language: savedLanguage }: { language: Locale }) {
  const { t } = useTranslation()
  const styles = useFormStyles()
  const form = useForm(fields)
  // follows the account's language (the top bar can change it too) until the user picks another here
  const [picked, setPicked] = useState<Locale | null>(null)
  const language = picked ?? savedLanguage
  const [saved, setSaved] = useState(false)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setSaved(false)
    void form.submit(event, {}, async () => {
      setSession(await call(routes.auth.saveSettings, { body: { settings: { language } } }))
      // the account has it now; this switches the interface and remembers the choice here (`lang`)
      await chooseLanguage(language)
      setPicked(null)
      setSaved(true)
    })
  }

  return (
    <SettingsSection title={t('settings.language.title')} description={t('settings.language.description')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={form.pending}>
        <Field label={t('settings.language.label')} {...form.fieldProps('language')}>
          <Select
            name="language"
            value={language}
            onChange={(_, data) => {
              if (isLocale(data.value)) setPicked(data.value)
              setSaved(false)
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
        {saved && (
          <MessageBar intent="success">
            <MessageBarBody>{t('settings.language.saved')}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          <SubmitButton pending={form.pending}>{t('settings.language.save')}</SubmitButton>
        </div>
      </form>
    </SettingsSection>
  )
}

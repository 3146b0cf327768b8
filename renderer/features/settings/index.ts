// Placeholder: the settings feature replaces this with the real settings screen.
import { createElement } from 'react'
import { useTranslation } from 'react-i18next'

export function SettingsScreen() {
  const { t } = useTranslation()
  return createElement('h1', null, t('nav.settings'))
}

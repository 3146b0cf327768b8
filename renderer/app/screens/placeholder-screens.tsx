import { Gauge20Regular } from '@fluentui/react-icons'
import type { ComponentType } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../../components/EmptyState'
import { Screen } from '../../components/Screen'

/**
 * Screens that later features fill. Each shows its title and an honest empty state (translation keys
 * `<key>.title`, `<key>.empty`, `<key>.hint`); a feature replaces its screen in the route table.
 */
function placeholder(key: string, Icon: ComponentType, options: { title?: string; hint?: boolean } = {}) {
  return function PlaceholderScreen() {
    const { t } = useTranslation()
    return (
      <Screen title={t(options.title ?? `${key}.title`)}>
        <EmptyState icon={<Icon />} title={t(`${key}.empty`)} hint={options.hint === false ? undefined : t(`${key}.hint`)} />
      </Screen>
    )
  }
}

export const AdminDashboardScreen = placeholder('screens.admin.dashboard', Gauge20Regular, { title: 'adminNav.dashboard' })

import {
  Board20Regular,
  Bug20Regular,
  ChatMultiple20Regular,
  DataBarVertical20Regular,
  Eye20Regular,
  Gauge20Regular,
  Gift20Regular,
  Megaphone20Regular,
  People20Regular,
  PeopleTeam20Regular,
  Premium20Regular,
  Receipt20Regular,
  ReceiptMoney20Regular,
  Table20Regular,
  Translate20Regular,
} from '@fluentui/react-icons'
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

export const FriendsScreen = placeholder('screens.friends', PeopleTeam20Regular)
export const MessagesScreen = placeholder('screens.messages', ChatMultiple20Regular)
export const ChatScreen = placeholder('screens.chat', ChatMultiple20Regular)
export const WatchScreen = placeholder('screens.watch', Eye20Regular)
export const GameStatisticsScreen = placeholder('screens.gameStatistics', DataBarVertical20Regular)
export const TransactionsScreen = placeholder('screens.transactions', ReceiptMoney20Regular)
export const PremiumScreen = placeholder('screens.premium', Premium20Regular)
export const PaymentSuccessScreen = placeholder('screens.success', Receipt20Regular)
export const ThankYouScreen = placeholder('screens.thankyou', Receipt20Regular)
export const GameTableScreen = placeholder('screens.table', Table20Regular)
export const FreePremiumScreen = placeholder('screens.freePremium', Gift20Regular)

export const AdminDashboardScreen = placeholder('screens.admin.dashboard', Gauge20Regular, { title: 'adminNav.dashboard' })
export const AdminUsersScreen = placeholder('screens.admin.users', People20Regular, { title: 'adminNav.users' })
export const AdminGamesScreen = placeholder('screens.admin.games', Board20Regular, { title: 'adminNav.games' })
export const AdminBugReportsScreen = placeholder('screens.admin.bugReports', Bug20Regular, { title: 'adminNav.bugReports' })
export const AdminTranslationsScreen = placeholder('screens.admin.translations', Translate20Regular, { title: 'adminNav.translations' })
export const AdminAdvertisingScreen = placeholder('screens.admin.advertising', Megaphone20Regular, { title: 'adminNav.advertising' })

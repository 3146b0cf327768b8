import {
  BookOpen20Regular,
  Bug20Regular,
  DataBarVertical20Regular,
  DocumentText20Regular,
  Eye20Regular,
  Home20Regular,
  Megaphone20Regular,
  Premium20Regular,
  QuestionCircle20Regular,
  Server20Regular,
  Translate20Regular,
  Trophy20Regular,
  People20Regular,
} from '@fluentui/react-icons'
import type { FluentIconsProps } from '@fluentui/react-icons'
import type { ComponentType } from 'react'

/** One entry of a side menu: where it goes, its translation key, its icon. */
export interface MenuItem {
  id: string
  to: string
  label: string
  icon: ComponentType<FluentIconsProps>
  /** Only an exact address match marks it current. */
  end?: boolean
  /** Other addresses of the same screen (home lives at / and /main). */
  aliases?: string[]
}

/** The main menu: home, rules, watch, tournaments, ratings, how to play; premium only when the premium_page setting is on. */
export function mainMenuItems(premiumPage: boolean): MenuItem[] {
  const items: MenuItem[] = [
    { id: 'home', to: '/main', label: 'nav.home', icon: Home20Regular, end: true, aliases: ['/'] },
    { id: 'rules', to: '/rules', label: 'nav.rules', icon: BookOpen20Regular },
    { id: 'watch', to: '/watch', label: 'nav.watch', icon: Eye20Regular },
    { id: 'tournaments', to: '/tournaments', label: 'nav.tournaments', icon: Trophy20Regular },
    { id: 'ratings', to: '/ratings', label: 'nav.ratings', icon: DataBarVertical20Regular },
    { id: 'how-to-play', to: '/how_to_play', label: 'nav.howToPlay', icon: QuestionCircle20Regular },
  ]
  if (premiumPage) items.push({ id: 'premium', to: '/premium', label: 'nav.premium', icon: Premium20Regular })
  return items
}

/** The admin drawer: users, servers, tournaments, bug reports, translations, logs, advertising. */
export const adminMenuItems: MenuItem[] = [
  { id: 'users', to: '/admin/users', label: 'adminNav.users', icon: People20Regular },
  { id: 'servers', to: '/admin/servers', label: 'adminNav.servers', icon: Server20Regular },
  { id: 'tournaments', to: '/admin/tournaments', label: 'adminNav.tournaments', icon: Trophy20Regular },
  { id: 'bug-reports', to: '/admin/bug_report', label: 'adminNav.bugReports', icon: Bug20Regular },
  { id: 'translations', to: '/admin/translates', label: 'adminNav.translations', icon: Translate20Regular },
  { id: 'logs', to: '/admin/logs', label: 'adminNav.logs', icon: DocumentText20Regular },
  { id: 'advertising', to: '/admin/advertising', label: 'adminNav.advertising', icon: Megaphone20Regular },
]

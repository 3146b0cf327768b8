import type { ComponentType } from 'react'
import { Navigate, Outlet, type RouteObject } from 'react-router'
import { ConfirmScreen, ResetScreen, SignInScreen, SignUpScreen } from '../features/auth'
import { HomeScreen } from '../features/home/HomeScreen'
import { ObsShareScreen } from '../features/obs-share'
import { HowToPlayScreen, RulesScreen, TermsOfProcessingScreen, TermsOfUseScreen } from '../features/pages'
import { SettingsScreen } from '../features/settings'
import { ChatScreen, MessagesScreen } from '../features/chat'
import { FriendsScreen } from '../features/friends'
import { GameRecordScreen } from '../features/statistics'
import { TableScreen } from '../features/table'
import { WatchScreen } from '../features/watch'
import type { Access } from './access'
import { RouteErrorScreen } from './ErrorBoundary'
import { AdminLayout } from './layouts/AdminLayout'
import { ChatLayout } from './layouts/ChatLayout'
import { DefaultLayout } from './layouts/DefaultLayout'
import { EmptyLayout } from './layouts/EmptyLayout'
import { PlainLayout } from './layouts/PlainLayout'
import { LoadingScreen } from './LoadingScreen'
import type { LayoutName, RouteHandle } from './route-handle'
import { RootShell } from './RootShell'
import { NotFoundScreen } from './screens/NotFoundScreen'
import * as screens from './screens/placeholder-screens'
import { ReferralScreen } from './screens/ReferralScreen'

/** One screen of the route table: its address, who may open it, its title key and component. */
export interface ScreenRoute {
  path?: string
  index?: boolean
  access: Access
  title: string
  Component: ComponentType
  children?: ScreenRoute[]
}

export interface LayoutRoute {
  layout: LayoutName
  Component: ComponentType
  children: ScreenRoute[]
}

const screen = (path: string, access: Access, title: string, Component: ComponentType, children?: ScreenRoute[]): ScreenRoute => ({
  path,
  access,
  title,
  Component,
  ...(children ? { children } : {}),
})

function AdminIndex() {
  return <Navigate to="/admin/dashboard" replace />
}

/** /admin itself renders only its children. */
function RouteOutlet() {
  return <Outlet />
}

/** The route table of spec section 2: every address, its layout and its access rule. */
export const routeTable: LayoutRoute[] = [
  {
    layout: 'empty',
    Component: EmptyLayout,
    children: [
      screen('/obs-share', 'public', 'screens.obsShare.title', ObsShareScreen),
      screen('/signin', 'guest', 'routes.signIn', SignInScreen),
      screen('/reset/:token', 'public', 'routes.reset', ResetScreen),
      screen('/confirm/:token', 'public', 'routes.confirm', ConfirmScreen),
      screen('/signup/:token', 'public', 'routes.signUp', SignUpScreen),
      screen('/free_premium', 'login', 'screens.freePremium.title', screens.FreePremiumScreen),
    ],
  },
  {
    layout: 'default',
    Component: DefaultLayout,
    children: [
      screen('/rules', 'public', 'nav.rules', RulesScreen),
      screen('/terms_of_use', 'public', 'routes.termsOfUse', TermsOfUseScreen),
      screen('/terms_of_processing', 'public', 'routes.termsOfProcessing', TermsOfProcessingScreen),
      screen('/how_to_play', 'login', 'nav.howToPlay', HowToPlayScreen),
      screen('/', 'login', 'home.title', HomeScreen),
      screen('/main', 'login', 'home.title', HomeScreen),
      screen('/tournaments', 'login', 'screens.tournaments.title', screens.TournamentsScreen),
      screen('/settings', 'login', 'nav.settings', SettingsScreen),
      screen('/friends', 'login', 'screens.friends.title', FriendsScreen),
      screen('/messages', 'login', 'screens.messages.title', MessagesScreen),
      screen('/chat/:id', 'login', 'screens.chat.title', ChatScreen),
      screen('/referral', 'login', 'screens.referral.title', ReferralScreen),
      screen('/watch', 'login', 'screens.watch.title', WatchScreen),
      screen('/game/statistics/:id', 'login', 'screens.gameStatistics.title', GameRecordScreen),
      screen('/statistics/:id?', 'login', 'screens.statistics.title', screens.StatisticsScreen),
      screen('/ratings', 'login', 'screens.ratings.title', screens.RatingsScreen, [screen('ladder/:id', 'login', 'screens.ratings.title', screens.LadderScreen)]),
      screen('/transactions', 'login', 'screens.transactions.title', screens.TransactionsScreen),
      screen('/premium', 'login', 'screens.premium.title', screens.PremiumScreen),
      screen('/success', 'login', 'screens.success.title', screens.PaymentSuccessScreen),
      screen('/thankyou', 'login', 'screens.thankyou.title', screens.ThankYouScreen),
      screen('/dota2', 'login', 'screens.dota2.title', screens.Dota2Screen),
    ],
  },
  {
    layout: 'chat',
    Component: ChatLayout,
    children: [screen('/mafia/:id', 'login', 'screens.table.title', TableScreen), screen('/mafia_dev', 'login', 'screens.table.title', TableScreen)],
  },
  {
    layout: 'admin',
    Component: AdminLayout,
    children: [
      screen('/admin', 'admin', 'adminNav.dashboard', RouteOutlet, [
        { index: true, access: 'admin', title: 'adminNav.dashboard', Component: AdminIndex },
        screen('logs', 'admin', 'adminNav.logs', screens.AdminLogsScreen),
        screen('logs/:name', 'admin', 'adminNav.logs', screens.AdminLogFileScreen),
        screen('dashboard', 'admin', 'adminNav.dashboard', screens.AdminDashboardScreen),
        screen('users', 'admin', 'adminNav.users', screens.AdminUsersScreen),
        screen('tournaments', 'admin', 'adminNav.tournaments', screens.AdminTournamentsScreen),
        screen('servers', 'admin', 'adminNav.servers', screens.AdminServersScreen),
        screen('games', 'admin', 'adminNav.games', screens.AdminGamesScreen),
        screen('bug_report', 'admin', 'adminNav.bugReports', screens.AdminBugReportsScreen),
        screen('translates', 'admin', 'adminNav.translations', screens.AdminTranslationsScreen),
        screen('advertising', 'admin', 'adminNav.advertising', screens.AdminAdvertisingScreen),
      ]),
    ],
  },
  {
    layout: 'plain',
    Component: PlainLayout,
    children: [screen('*', 'public', 'screens.notFound.title', NotFoundScreen)],
  },
]

/** A loader per access rule (the navigation guard). */
export type GuardFactory = (access: Access) => NonNullable<RouteObject['loader']>

function toScreenObject(route: ScreenRoute, guard: GuardFactory): RouteObject {
  const handle: RouteHandle = { access: route.access, title: route.title }
  const base = { Component: route.Component, handle, loader: guard(route.access) }
  if (route.index) return { index: true, ...base }
  return { path: route.path, ...base, ...(route.children ? { children: route.children.map((child) => toScreenObject(child, guard)) } : {}) }
}

/** The router's route objects: the root shell, then one pathless route per layout, then the screens. */
export function buildRoutes(table: LayoutRoute[], guard: GuardFactory): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootShell,
      HydrateFallback: LoadingScreen,
      ErrorBoundary: RouteErrorScreen,
      children: table.map((layout) => ({
        Component: layout.Component,
        ErrorBoundary: RouteErrorScreen,
        handle: { layout: layout.layout } satisfies RouteHandle,
        children: layout.children.map((route) => toScreenObject(route, guard)),
      })),
    },
  ]
}

/** Every screen address with its layout and access (for checks against the spec). */
export function listRoutes(table: LayoutRoute[] = routeTable): Array<{ path: string; layout: LayoutName; access: Access }> {
  const result: Array<{ path: string; layout: LayoutName; access: Access }> = []
  const walk = (routes: ScreenRoute[], layout: LayoutName, prefix: string) => {
    for (const route of routes) {
      const path = route.index ? prefix : route.path?.startsWith('/') || route.path === '*' ? route.path : `${prefix}/${route.path}`
      result.push({ path: path ?? prefix, layout, access: route.access })
      if (route.children) walk(route.children, layout, path ?? prefix)
    }
  }
  for (const layout of table) walk(layout.children, layout.layout, '')
  return result
}

import type { ComponentType } from 'react'
import { Navigate, Outlet, type RouteObject } from 'react-router'
import type { Access } from './access'
import { RouteErrorScreen } from './ErrorBoundary'
import { LoadingScreen } from './LoadingScreen'
import type { LayoutName, RouteHandle } from './route-handle'
import { RootShell } from './RootShell'

// Every layout and screen is its own chunk, loaded when its address is opened: /signin loads the sign-in
// form and its layout, not the table, the chats, settings or admin. The router fetches a route's chunk
// and runs its guard together; meanwhile the first page shows the loading screen and later navigations
// the progress bar (RootShell). A chunk that fails to load ends in the route's error screen.

/** Loads one screen or layout component (a dynamic import: its own chunk). */
export type LoadComponent = () => Promise<ComponentType>

/** One screen of the route table: its address, who may open it, its title key and component. */
export interface ScreenRoute {
  path?: string
  index?: boolean
  access: Access
  title: string
  /** A component of the shell itself (small, always loaded)... */
  Component?: ComponentType
  /** ...or the screen's chunk, loaded when the address is opened. */
  load?: LoadComponent
  children?: ScreenRoute[]
}

export interface LayoutRoute {
  layout: LayoutName
  Component?: ComponentType
  load?: LoadComponent
  children: ScreenRoute[]
}

const screen = (path: string, access: Access, title: string, load: LoadComponent, children?: ScreenRoute[]): ScreenRoute => ({
  path,
  access,
  title,
  load,
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
    load: () => import('./layouts/EmptyLayout').then((module) => module.EmptyLayout),
    children: [
      screen('/obs-share', 'public', 'screens.obsShare.title', () => import('../features/obs-share').then((module) => module.ObsShareScreen)),
      // from its own file, not the feature's index: the sign-up form it loads on demand stays out of /signin's chunk
      screen('/signin', 'guest', 'routes.signIn', () => import('../features/auth/SignInScreen').then((module) => module.SignInScreen)),
      screen('/reset/:token', 'public', 'routes.reset', () => import('../features/auth').then((module) => module.ResetScreen)),
      screen('/confirm/:token', 'public', 'routes.confirm', () => import('../features/auth').then((module) => module.ConfirmScreen)),
      screen('/signup/:token', 'public', 'routes.signUp', () => import('../features/auth/SignUpScreen').then((module) => module.SignUpScreen)),
      screen('/free_premium', 'login', 'screens.freePremium.title', () => import('../features/premium').then((module) => module.FreePremiumScreen)),
      // The desktop app's own screens: its club server, and where a mafia:// link it does not know lands.
      screen('/desktop/server', 'public', 'desktop.server.title', () => import('../platform/screens/ServerChoiceScreen').then((module) => module.ServerChoiceScreen)),
      screen('/desktop/link-error', 'public', 'desktop.linkError.title', () => import('../platform/screens/LinkErrorScreen').then((module) => module.LinkErrorScreen)),
    ],
  },
  {
    layout: 'default',
    load: () => import('./layouts/DefaultLayout').then((module) => module.DefaultLayout),
    children: [
      screen('/rules', 'public', 'nav.rules', () => import('../features/pages').then((module) => module.RulesScreen)),
      screen('/terms_of_use', 'public', 'routes.termsOfUse', () => import('../features/pages').then((module) => module.TermsOfUseScreen)),
      screen('/terms_of_processing', 'public', 'routes.termsOfProcessing', () => import('../features/pages').then((module) => module.TermsOfProcessingScreen)),
      screen('/how_to_play', 'login', 'nav.howToPlay', () => import('../features/pages').then((module) => module.HowToPlayScreen)),
      screen('/', 'login', 'home.title', () => import('../features/home/HomeScreen').then((module) => module.HomeScreen)),
      screen('/main', 'login', 'home.title', () => import('../features/home/HomeScreen').then((module) => module.HomeScreen)),
      screen('/tournaments', 'login', 'screens.tournaments.title', () => import('../features/tournaments').then((module) => module.TournamentsScreen)),
      screen('/settings', 'login', 'nav.settings', () => import('../features/settings').then((module) => module.SettingsScreen)),
      screen('/friends', 'login', 'screens.friends.title', () => import('../features/friends').then((module) => module.FriendsScreen)),
      screen('/messages', 'login', 'screens.messages.title', () => import('../features/chat').then((module) => module.MessagesScreen)),
      screen('/chat/:id', 'login', 'screens.chat.title', () => import('../features/chat').then((module) => module.ChatScreen)),
      screen('/referral', 'login', 'screens.referral.title', () => import('../features/referrals').then((module) => module.ReferralScreen)),
      screen('/watch', 'login', 'screens.watch.title', () => import('../features/watch').then((module) => module.WatchScreen)),
      screen('/game/statistics/:id', 'login', 'screens.gameStatistics.title', () => import('../features/statistics').then((module) => module.GameRecordScreen)),
      screen('/statistics/:id?', 'login', 'screens.statistics.title', () => import('../features/statistics/StatisticsScreen').then((module) => module.StatisticsScreen)),
      screen('/ratings', 'login', 'screens.ratings.title', () => import('../features/ratings').then((module) => module.RatingsScreen), [
        screen('ladder/:id', 'login', 'screens.ratings.title', () => import('../features/ratings').then((module) => module.LadderScreen)),
      ]),
      screen('/transactions', 'login', 'screens.transactions.title', () => import('../features/premium').then((module) => module.TransactionsScreen)),
      screen('/premium', 'login', 'screens.premium.title', () => import('../features/premium').then((module) => module.PremiumScreen)),
      screen('/success', 'login', 'screens.success.title', () => import('../features/premium').then((module) => module.PaymentSuccessScreen)),
      screen('/thankyou', 'login', 'screens.thankyou.title', () => import('../features/premium').then((module) => module.ThankYouScreen)),
      screen('/dota2', 'login', 'screens.dota2.title', () => import('../features/tournaments').then((module) => module.Dota2Screen)),
    ],
  },
  {
    layout: 'chat',
    load: () => import('./layouts/ChatLayout').then((module) => module.ChatLayout),
    children: [
      screen('/mafia/:id', 'login', 'screens.table.title', () => import('../features/table').then((module) => module.TableScreen)),
      screen('/mafia_dev', 'login', 'screens.table.title', () => import('../features/table').then((module) => module.TableScreen)),
    ],
  },
  {
    layout: 'admin',
    load: () => import('./layouts/AdminLayout').then((module) => module.AdminLayout),
    children: [
      {
        path: '/admin',
        access: 'admin',
        title: 'adminNav.dashboard',
        Component: RouteOutlet,
        children: [
          { index: true, access: 'admin', title: 'adminNav.dashboard', Component: AdminIndex },
          screen('logs', 'admin', 'adminNav.logs', () => import('../features/admin/logs').then((module) => module.LogsScreen)),
          screen('logs/:name', 'admin', 'adminNav.logs', () => import('../features/admin/logs').then((module) => module.LogFileScreen)),
          screen('dashboard', 'admin', 'adminNav.dashboard', () => import('../features/admin/dashboard').then((module) => module.AdminDashboardScreen)),
          screen('users', 'admin', 'adminNav.users', () => import('../features/admin/users').then((module) => module.AdminUsersScreen)),
          screen('tournaments', 'admin', 'adminNav.tournaments', () => import('../features/admin/tournaments').then((module) => module.AdminTournamentsScreen)),
          screen('servers', 'admin', 'adminNav.servers', () => import('../features/admin/servers').then((module) => module.ServersScreen)),
          screen('games', 'admin', 'adminNav.games', () => import('../features/admin/games').then((module) => module.AdminGamesScreen)),
          screen('bug_report', 'admin', 'adminNav.bugReports', () => import('../features/admin/bugs').then((module) => module.AdminBugReportsScreen)),
          screen('translates', 'admin', 'adminNav.translations', () => import('../features/admin/translations').then((module) => module.AdminTranslationsScreen)),
          screen('advertising', 'admin', 'adminNav.advertising', () => import('../features/admin/advertising').then((module) => module.AdminAdvertisingScreen)),
        ],
      },
    ],
  },
  {
    layout: 'plain',
    load: () => import('./layouts/PlainLayout').then((module) => module.PlainLayout),
    children: [screen('*', 'public', 'screens.notFound.title', () => import('./screens/NotFoundScreen').then((module) => module.NotFoundScreen))],
  },
]

/** A loader per access rule (the navigation guard). */
export type GuardFactory = (access: Access) => NonNullable<RouteObject['loader']>

/** The component of a layout or screen: at once when it is the shell's own, else from its chunk when first opened. */
function component(route: { Component?: ComponentType; load?: LoadComponent }): Pick<RouteObject, 'Component' | 'lazy'> {
  if (route.Component) return { Component: route.Component }
  const { load } = route
  if (!load) throw new Error('a route needs a Component or a load')
  return { lazy: async () => ({ Component: await load() }) }
}

function toScreenObject(route: ScreenRoute, guard: GuardFactory): RouteObject {
  const handle: RouteHandle = { access: route.access, title: route.title }
  const base = { ...component(route), handle, loader: guard(route.access) }
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
        ...component(layout),
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

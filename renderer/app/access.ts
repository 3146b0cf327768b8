import type { User } from '../../server/contract/http'
import { Role } from '../../server/contract/http/auth'

/**
 * Who may open a route: everyone (`public`), only visitors who are not signed in (`guest`: the
 * sign-in page), signed-in users (`login`), or admins (`admin`).
 */
export type Access = 'public' | 'guest' | 'login' | 'admin'

export type AccessDecision =
  | { kind: 'allow' }
  /** Go to /signin; `saveTarget`: remember the address for after sign-in. */
  | { kind: 'signin'; saveTarget: boolean }
  | { kind: 'redirect'; to: string }

/**
 * The navigation guard's rules (spec section 2): a login route sends an anonymous visitor to /signin
 * (remembering the address), a role route sends other roles to /main, /signin sends a signed-in
 * user to /main. A session that just expired (401 on loading the user) goes to /signin.
 */
export function decideAccess(access: Access, user: User | null, options: { sessionExpired?: boolean } = {}): AccessDecision {
  const needsUser = access === 'login' || access === 'admin'
  if (options.sessionExpired && access !== 'guest') return { kind: 'signin', saveTarget: needsUser }
  switch (access) {
    case 'public':
      return { kind: 'allow' }
    case 'guest':
      return user ? { kind: 'redirect', to: '/main' } : { kind: 'allow' }
    case 'login':
      return user ? { kind: 'allow' } : { kind: 'signin', saveTarget: true }
    case 'admin':
      if (!user) return { kind: 'signin', saveTarget: true }
      return user.roleId === Role.admin ? { kind: 'allow' } : { kind: 'redirect', to: '/main' }
  }
}

import type { Ok } from '../../../server/contract/http'
import { authRoutes } from '../../../server/contract/http/auth'
import { call } from '../../api/client'

const inFlight = new Map<string, Promise<Ok>>()

/**
 * Confirms a sign-up token once. It signs nobody in: the user signs in with the password afterwards.
 * A token works only once, and React's StrictMode runs an effect twice on mount, so a second caller
 * while the first call runs gets the same promise instead of a second request.
 */
export function confirmSignup(token: string): Promise<Ok> {
  let pending = inFlight.get(token)
  if (!pending) {
    pending = call(authRoutes.signupConfirm, { body: { token } })
    inFlight.set(token, pending)
    const forget = () => inFlight.delete(token)
    pending.then(forget, forget)
  }
  return pending
}

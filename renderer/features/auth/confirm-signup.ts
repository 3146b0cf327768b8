import { routes, type Session } from '../../../server/contract/http'
import { call } from '../../api/client'
import { setSession } from '../../state/session'

const inFlight = new Map<string, Promise<Session>>()

/**
 * Confirms a sign-up token once and stores the session. A token works only once, and React's
 * StrictMode runs an effect twice on mount, so a second caller while the first call runs gets the
 * same promise instead of a second request.
 */
export function confirmSignup(token: string): Promise<Session> {
  let pending = inFlight.get(token)
  if (!pending) {
    pending = call(routes.auth.signupConfirm, { body: { token } }).then((session) => {
      setSession(session)
      return session
    })
    inFlight.set(token, pending)
    const forget = () => inFlight.delete(token)
    pending.then(forget, forget)
  }
  return pending
}

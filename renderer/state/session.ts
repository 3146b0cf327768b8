import { proxy } from 'valtio'
import type { Session, User } from '../../server/contract/http'
import { Role } from '../../server/contract/http/auth'
import { ApiError, call } from '../api/client'
import { authRoutes } from '../../server/contract/http/auth'
import { clearPersonVolumes } from './person-volume'
import { clearSeatMarks } from './seat-marks'
import { readTokenCookie, writeTokenCookie } from './token-cookie'

/** The signed-in user and their token. `status` is 'unknown' until the first load finishes. */
export const sessionState = proxy({
  token: typeof document === 'undefined' ? null : readTokenCookie(),
  user: null as User | null,
  status: 'unknown' as 'unknown' | 'loading' | 'ready',
})

export const isAdmin = (user: User | null) => user?.roleId === Role.admin

/** Sign-in, confirmation and settings saves all answer { token, user }. */
export function setSession(session: Session): void {
  writeTokenCookie(session.token)
  sessionState.token = session.token
  sessionState.user = session.user
  sessionState.status = 'ready'
}

export function updateUser(user: User): void {
  sessionState.user = user
}

/** Signed out (or the session is gone): what this device kept for the user goes with it. */
export function clearSession(): void {
  clearSeatMarks()
  clearPersonVolumes()
  writeTokenCookie(null)
  sessionState.token = null
  sessionState.user = null
  sessionState.status = 'ready'
}

/** Loads the current user when there is a token; a 401 clears the session (the API hook sends to /signin). */
export async function loadCurrentUser(): Promise<User | null> {
  if (!sessionState.token) {
    sessionState.status = 'ready'
    return null
  }
  sessionState.status = 'loading'
  try {
    const user = await call(authRoutes.me)
    sessionState.user = user
    return user
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) clearSession()
    return null
  } finally {
    sessionState.status = 'ready'
  }
}

/** Ends the session on the server (best effort) and here. */
export async function signOut(): Promise<void> {
  try {
    if (sessionState.token) await call(authRoutes.logout)
  } catch {
    // the token may already be revoked; signing out here is what matters
  }
  clearSession()
}

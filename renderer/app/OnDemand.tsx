import { lazy, Suspense, useState } from 'react'
import { useSnapshot } from 'valtio'
import { noticesState } from '../state/notices'
import { rateLimitState } from '../state/rate-limit'

// Parts of the shell that most visits never show: their code (Fluent's dialog and toasts) loads the first
// time they are needed, not with the first page. Once loaded they stay mounted, so they close and
// reopen as before.
const RateLimitDialog = lazy(() => import('../features/rate-limit/RateLimitDialog').then((module) => ({ default: module.RateLimitDialog })))
const Notices = lazy(() => import('./Notices').then((module) => ({ default: module.Notices })))

/** True from the first time `wanted` is true. */
function useOnceWanted(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(wanted)
  if (wanted && !loaded) setLoaded(true)
  return loaded || wanted
}

/** The global rate-limit notice, loaded on the first 429. */
export function RateLimitNotice() {
  const { secondsLeft } = useSnapshot(rateLimitState)
  if (!useOnceWanted(secondsLeft > 0)) return null
  return (
    <Suspense fallback={null}>
      <RateLimitDialog />
    </Suspense>
  )
}

/** The toasts, loaded with the first notice (which waits in its queue meanwhile). */
export function NoticeToasts() {
  const { queue } = useSnapshot(noticesState)
  if (!useOnceWanted(queue.length > 0)) return null
  return (
    <Suspense fallback={null}>
      <Notices />
    </Suspense>
  )
}

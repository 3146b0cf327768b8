import { useEffect, useState } from 'react'
import type { GameView } from '../../../../server/contract/game'
import { timeLeft } from '../table-display'

/** The phase timer's milliseconds left, ticking four times a second; null when the phase has no timer. */
export function useTimeLeft(view: Pick<GameView, 'deadline' | 'paused' | 'remaining'>): number | null {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [])
  return timeLeft(view, now)
}

import { makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import type { GameView } from '../../../../server/contract/game'
import { timeLeft } from '../table-display'

const useStyles = makeStyles({
  clock: { fontVariantNumeric: 'tabular-nums', fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, direction: 'ltr', unicodeBidi: 'isolate' },
  low: { color: tokens.colorPaletteRedForeground1 },
})

function formatClock(milliseconds: number): string {
  const seconds = Math.ceil(milliseconds / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** The phase's countdown, from the view's deadline (red for the last ten seconds). */
export function Countdown({ view }: { view: GameView }) {
  const styles = useStyles()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [])
  const left = timeLeft(view, now)
  if (left === null) return null
  return (
    <span className={`${styles.clock} ${left <= 10_000 ? styles.low : ''}`} data-testid="phase-countdown" role="timer" aria-live="off">
      {formatClock(left)}
    </span>
  )
}

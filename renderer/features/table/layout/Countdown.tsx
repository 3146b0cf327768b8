import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { GameView } from '../../../../server/contract/game'
import { formatClock } from '../table-display'
import { useTimeLeft } from './use-time-left'

const useStyles = makeStyles({
  clock: { fontVariantNumeric: 'tabular-nums', fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold, direction: 'ltr', unicodeBidi: 'isolate' },
  low: { color: tokens.colorPaletteRedForeground1 },
})

/** The phase's countdown, from the view's deadline (red for the last ten seconds). */
export function Countdown({ view }: { view: GameView }) {
  const styles = useStyles()
  const left = useTimeLeft(view)
  if (left === null) return null
  return (
    <span className={mergeClasses(styles.clock, left <= 10_000 && styles.low)} data-testid="phase-countdown" role="timer" aria-live="off">
      {formatClock(left)}
    </span>
  )
}

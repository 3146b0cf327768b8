import { makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { GameView } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { JudgeCockpit } from '../judge'
import { BarError, Feedback } from './Feedback'
import { PlayerControls } from './PlayerControls'
import { StartControls } from './StartControls'
import { useTableCommands } from './table-commands'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '32px' },
})

/**
 * The viewer's own controls in one bar: what their last action did, then what they may do now.
 * Spectators have none. Seats are acted on in their tiles.
 */
export function ActionBar({ lobby, view }: { lobby: Lobby; view: GameView | null }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { error } = useTableCommands()
  if (lobby.as === 'spectator') return null
  const barError = error && error.place === 'bar' ? t(error.key) : null
  return (
    <div className={styles.root} data-testid="action-bar" role="region" aria-label={t('game.screen.actionBar')}>
      {view ? <Feedback lobby={lobby} view={view} /> : null}
      <div className={styles.row}>
        {view?.actions.player ? <PlayerControls lobby={lobby} view={view} controls={view.actions.player} /> : null}
        {!view && lobby.as === 'judge' ? <StartControls lobby={lobby} /> : null}
        <BarError error={barError} />
      </div>
      {view?.actions.judge ? <JudgeCockpit lobby={lobby} view={view} /> : null}
    </div>
  )
}

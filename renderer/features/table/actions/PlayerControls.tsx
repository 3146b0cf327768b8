import { Body1Strong, Button } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { GameView, PlayerActions } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { bestMoveLimit } from '../seats/seat-actions'
import { seatName, seatNicknames } from '../seats/seat-name'
import { actionPrompt } from './feedback'
import { useTableCommands } from './table-commands'

/** A seated player's own controls: the prompt, end of speech, the lift vote, sending the best move. Seats are picked on the tiles. */
export function PlayerControls({ lobby, view, controls }: { lobby: Lobby; view: GameView; controls: PlayerActions }) {
  const { t } = useTranslation()
  const { run, busy, bestMove } = useTableCommands()
  const prompt = actionPrompt(view)
  const picks = bestMove.filter((seat) => controls.bestMove.includes(seat))
  const names = seatNicknames(lobby)
  return (
    <>
      {prompt ? <Body1Strong data-testid="action-prompt">{t(prompt.key, { count: bestMoveLimit })}</Body1Strong> : null}
      {controls.liftVote ? (
        <>
          <Button disabled={busy} onClick={() => void run({ type: 'lift_vote', leave: true }, 'bar')} data-testid="lift-yes">
            {t('game.controls.liftYes')}
          </Button>
          <Button disabled={busy} onClick={() => void run({ type: 'lift_vote', leave: false }, 'bar')} data-testid="lift-no">
            {t('game.controls.liftNo')}
          </Button>
        </>
      ) : null}
      {controls.bestMove.length > 0 ? (
        <Button appearance="primary" disabled={busy} onClick={() => void run({ type: 'best_move', targets: picks }, 'bar')} data-testid="best-move-send">
          {picks.length > 0 ? t('game.screen.bestMoveSend', { seats: picks.map((seat) => seatName(t, seat, names.get(seat))).join(', ') }) : t('game.screen.bestMoveNone')}
        </Button>
      ) : null}
      {controls.endSpeech ? (
        <Button appearance={controls.bestMove.length > 0 ? 'secondary' : 'primary'} disabled={busy} onClick={() => void run({ type: 'end_speech' }, 'bar')} data-testid="end-speech">
          {t('game.controls.endSpeech')}
        </Button>
      ) : null}
    </>
  )
}

import { Button, Caption1 } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { seatsTaken } from '../table-display'
import { useTableCommands } from './table-commands'

/** Before the deal the judge starts the game once every seat is taken (a matter of the lobby, not of the game). */
export function StartControls({ lobby }: { lobby: Lobby }) {
  const { t } = useTranslation()
  const { run, busy } = useTableCommands()
  const ready = seatsTaken(lobby.lobby)
  return (
    <>
      <Button appearance="primary" disabled={busy || !ready} onClick={() => void run({ type: 'start' }, 'bar')} data-testid="judge-start">
        {t('game.judge.start')}
      </Button>
      {!ready ? <Caption1>{t('game.judge.waitingSeats', { taken: lobby.lobby.players.length, total: lobby.lobby.seatCount })}</Caption1> : null}
    </>
  )
}

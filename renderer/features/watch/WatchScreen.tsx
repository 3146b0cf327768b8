import { useTranslation } from 'react-i18next'
import { Screen } from '../../components/Screen'
import { LobbyList } from '../lobby'

/** /watch: the games in play, with their phase, day and players; watching opens the table as a spectator. */
export function WatchScreen() {
  const { t } = useTranslation()
  return (
    <Screen title={t('screens.watch.title')}>
      <div data-testid="watch-list">
        <LobbyList filter={(summary) => summary.status === 'running'} emptyTitle={t('lobby.watch.empty')} emptyHint={t('lobby.watch.hint')} showPlayers />
      </div>
    </Screen>
  )
}

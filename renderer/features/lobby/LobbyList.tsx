import { Badge, Body1, Button, Caption1, Card, makeStyles, MessageBar, MessageBarBody, Subtitle2, tokens } from '@fluentui/react-components'
import { Eye20Regular, Gavel20Regular, PersonAdd20Regular, Table20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSnapshot } from 'valtio'
import type { LobbyStage, LobbySummary } from '../../../server/contract/socket/lobbies'
import { EmptyState } from '../../components/EmptyState'
import { LoadingState } from '../../components/LoadingState'
import { RouterLink } from '../../components/RouterLink'
import { UserAvatar } from '../../components/UserAvatar'
import { realtimeState } from '../../realtime'
import { requestErrorKey } from '../../realtime/requests'
import { loadLobbyList, lobbyListState } from '../../state/lobby-list'
import { joinLobby, moderateLobby, tableState, watchLobby } from '../../state/table'
import { sessionState } from '../../state/session'
import { tableActions, settingBadges } from './lobby-rules'

const useStyles = makeStyles({
  list: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: tokens.spacingHorizontalM, listStyle: 'none', margin: 0, padding: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, height: '100%' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { margin: 0, flexGrow: 1 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  meta: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
  judge: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  players: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingVerticalXXS },
  player: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginBlockStart: 'auto' },
})

/** The day or night a running game is in: night phases (the zero night too) count nights, the rest days. */
function stagePeriod(stage: LobbyStage, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (stage.phase === 'zero_night') return t('game.record.zeroNight')
  return stage.phase.startsWith('night_') ? t('game.night', { night: stage.night }) : t('lobby.watch.day', { day: stage.day })
}

function TableCard({ summary, onError, showPlayers }: { summary: LobbySummary; onError: (key: string) => void; showPlayers?: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { current } = useSnapshot(tableState)
  const { user } = useSnapshot(sessionState)
  const [busy, setBusy] = useState(false)
  const allowed = tableActions(summary, current, user?.id ?? null)
  const go = async (action: (id: number) => Promise<unknown>) => {
    setBusy(true)
    try {
      await action(summary.id)
      navigate(`/mafia/${summary.id}`)
    } catch (error) {
      onError(requestErrorKey(error))
    } finally {
      setBusy(false)
    }
  }
  return (
    <li data-testid="lobby-card" data-lobby-id={summary.id}>
      <Card className={styles.card}>
        <div className={styles.head}>
          <Subtitle2 as="h3" className={styles.name}>
            {summary.name}
          </Subtitle2>
          <Badge appearance="tint" color={summary.status === 'running' ? 'danger' : 'success'}>
            {t(`lobby.status.${summary.status}`)}
          </Badge>
        </div>
        <div className={styles.meta}>
          <Caption1>{t('lobby.card.language', { language: summary.language.toUpperCase() })}</Caption1>
          <Caption1>{t(`lobby.deck.${summary.deckId}`)}</Caption1>
          <Caption1 data-testid="lobby-seats">{t('lobby.card.seats', { taken: summary.players.length, total: summary.seatCount })}</Caption1>
          <Caption1>{t('lobby.card.spectators', { count: summary.spectators })}</Caption1>
        </div>
        {summary.stage ? (
          <Body1 data-testid="lobby-stage" data-phase={summary.stage.phase}>
            {t('lobby.watch.phase', { phase: t(`game.phase.${summary.stage.phase}`) })} · {stagePeriod(summary.stage, t)}
          </Body1>
        ) : null}
        <div className={styles.badges}>
          {settingBadges(summary).map((key) => (
            // Neutral, not the brand colour: the brand red on the dark card read at 3.75:1, under the 4.5:1 small text needs.
            <Badge key={key} appearance="outline" color="informative" size="small">
              {t(key)}
            </Badge>
          ))}
        </div>
        {showPlayers ? (
          <ol className={styles.players} aria-label={t('lobby.watch.players')} data-testid="lobby-players">
            {[...summary.players]
              .sort((a, b) => a.seat - b.seat)
              .map((seat) => (
                <li key={seat.seat} className={styles.player}>
                  <Caption1>{seat.seat}</Caption1>
                  <UserAvatar user={seat.user} size={16} />
                  <Caption1>{seat.user.nickname}</Caption1>
                </li>
              ))}
          </ol>
        ) : null}
        <Body1 className={styles.judge}>
          <Gavel20Regular aria-hidden="true" />
          {summary.judge ? (
            <>
              <UserAvatar user={summary.judge} size={20} />
              {t('lobby.card.judge', { nickname: summary.judge.nickname })}
            </>
          ) : summary.settings.judge ? (
            t('lobby.card.judgeWanted')
          ) : (
            t('lobby.badges.noJudge')
          )}
        </Body1>
        <div className={styles.actions}>
          {allowed.open ? (
            <Button appearance="primary" icon={<Table20Regular />} onClick={() => navigate(`/mafia/${summary.id}`)} data-testid="lobby-open">
              {t('lobby.actions.open')}
            </Button>
          ) : null}
          {allowed.join ? (
            <Button appearance="primary" icon={<PersonAdd20Regular />} disabled={busy} onClick={() => void go(joinLobby)} data-testid="lobby-join">
              {t('lobby.actions.join')}
            </Button>
          ) : null}
          {allowed.judge ? (
            <Button icon={<Gavel20Regular />} disabled={busy} onClick={() => void go(moderateLobby)} data-testid="lobby-judge">
              {t('lobby.actions.judge')}
            </Button>
          ) : null}
          {allowed.watch ? (
            <Button icon={<Eye20Regular />} disabled={busy} onClick={() => void go(watchLobby)} data-testid="lobby-watch">
              {t('lobby.actions.watch')}
            </Button>
          ) : null}
        </div>
      </Card>
    </li>
  )
}

/** The viewer's own table has finished (they are still at it): the way to its record. */
function FinishedTableNotice() {
  const { t } = useTranslation()
  const { current } = useSnapshot(tableState)
  if (!current || current.lobby.status !== 'ended') return null
  return (
    <MessageBar intent="info" data-testid="finished-table">
      <MessageBarBody>
        {t('lobby.list.finished', { name: current.lobby.name })} <RouterLink to={`/game/statistics/${current.id}`}>{t('game.recordLink')}</RouterLink>
      </MessageBarBody>
    </MessageBar>
  )
}

/** The live list of tables: `filter` picks which (open ones on the home screen, running ones on /watch). */
export function LobbyList({ filter, emptyTitle, emptyHint, showPlayers }: { filter: (summary: LobbySummary) => boolean; emptyTitle: string; emptyHint?: string; showPlayers?: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { list, loaded } = useSnapshot(lobbyListState)
  const { connected } = useSnapshot(realtimeState)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (connected) loadLobbyList().catch((failure: unknown) => setError(requestErrorKey(failure)))
  }, [connected])
  const shown = (list as LobbySummary[]).filter(filter)
  return (
    <>
      <FinishedTableNotice />
      {error ? (
        <MessageBar intent="error" role="alert" data-testid="lobby-error">
          <MessageBarBody>{t(error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!loaded ? (
        <LoadingState />
      ) : shown.length === 0 ? (
        <EmptyState icon={<Table20Regular />} title={emptyTitle} hint={emptyHint} />
      ) : (
        <ul className={styles.list}>
          {shown.map((summary) => (
            <TableCard key={summary.id} summary={summary} onError={setError} showPlayers={showPlayers} />
          ))}
        </ul>
      )}
    </>
  )
}

import { Badge, Body1Strong, Button, Caption1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components'
import { SignOut20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { GameView } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { RouterLink } from '../../../components/RouterLink'
import { leaveLobby } from '../../../state/table'
import { mayLeave, nominationsShown, phaseLabel } from '../table-display'
import { Countdown } from './Countdown'
import { RoleChip } from './RoleChip'

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: { margin: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '16em', color: tokens.colorNeutralForeground3 },
  phase: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexGrow: 1, minWidth: 0, flexWrap: 'wrap' },
  end: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginInlineStart: 'auto' },
})

/** The table's phase, its timer and the viewer's role chip: always in sight (the top of the table area). */
export function PhaseBar({ lobby, view }: { lobby: Lobby; view: GameView | null }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const label = view ? phaseLabel(view) : null
  const phase = label ? t(label.key, { ...label.values, phase: label.values?.phase ? t(String(label.values.phase)) : undefined }) : t('game.waiting', { taken: lobby.lobby.players.length, total: lobby.lobby.seatCount })
  const leave = () => {
    leaveLobby()
    navigate('/main')
  }
  return (
    <div className={styles.bar} data-testid="phase-bar">
      <Subtitle2 as="h1" className={styles.title} data-testid="table-title">
        {lobby.lobby.name}
      </Subtitle2>
      <div className={styles.phase}>
        <Body1Strong data-testid="phase">{phase}</Body1Strong>
        {view ? <Countdown view={view} /> : null}
        {view?.paused ? <Badge color="warning">{t('game.paused')}</Badge> : null}
        {view?.pendingNomination ? <Caption1>{t('game.pending', { by: view.pendingNomination.by, target: view.pendingNomination.target })}</Caption1> : null}
        {view && nominationsShown(view) && view.nominations.length > 0 ? <Caption1 data-testid="nominations">{t('game.nominations', { seats: view.nominations.map((item) => item.target).join(', ') })}</Caption1> : null}
        {view?.voting?.kind === 'vote' ? <Caption1 data-testid="vote-counts">{view.voting.counts.map((count) => `#${count.candidate}: ${count.votes}`).join(' · ')}</Caption1> : null}
        {view?.voting?.kind === 'lift' ? <Caption1>{t('game.liftCount', { yes: view.voting.yes, needed: view.voting.needed })}</Caption1> : null}
        {view?.result ? (
          <Body1Strong data-testid="game-result">
            {t(`game.outcome.${view.result.outcome}`)} · <RouterLink to={`/game/statistics/${lobby.id}`}>{t('game.recordLink')}</RouterLink>
          </Body1Strong>
        ) : null}
      </div>
      <div className={styles.end}>
        <RoleChip lobby={lobby} view={view} />
        {mayLeave(lobby.as, lobby.lobby.status) ? (
          <Button size="small" icon={<SignOut20Regular />} onClick={leave} data-testid="leave-table">
            {t('game.leave')}
          </Button>
        ) : null}
      </div>
    </div>
  )
}

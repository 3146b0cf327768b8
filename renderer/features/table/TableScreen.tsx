import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Select,
  shorthands,
  Subtitle1,
  Subtitle2,
  tokens,
} from '@fluentui/react-components'
import { MicOff16Regular, Mic16Regular, SignOut20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate, useParams } from 'react-router'
import { useSnapshot } from 'valtio'
import type { GameCommandPayload, GameView, JudgeActions, Outcome, PlayerActions } from '../../../server/contract/game'
import type { Lobby, LobbySeat } from '../../../server/contract/socket/lobbies'
import { EmptyState } from '../../components/EmptyState'
import { LoadingState } from '../../components/LoadingState'
import { RoleIcon } from '../../components/role-icons'
import { RouterLink } from '../../components/RouterLink'
import { UserAvatar } from '../../components/UserAvatar'
import { realtimeState } from '../../realtime'
import { requestErrorKey } from '../../realtime/requests'
import { joinLobby, leaveLobby, loadLobby, sendGameCommand, tableState, watchLobby } from '../../state/table'
import { mayLeave, seatsTaken, timeLeft } from './table-display'
import { SeatVideo, TableMedia } from './video'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, boxSizing: 'border-box' },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { margin: 0, flexGrow: 1 },
  phase: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  clock: { fontVariantNumeric: 'tabular-nums', fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  table: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: tokens.spacingHorizontalS, listStyle: 'none', margin: 0, padding: 0 },
  seat: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    ...shorthands.border(tokens.strokeWidthThick, 'solid', 'transparent'),
  },
  speaking: { ...shorthands.borderColor(tokens.colorBrandStroke1) },
  nominated: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  left: { opacity: 0.55 },
  video: { width: '100%', aspectRatio: '16 / 9', backgroundColor: tokens.colorNeutralBackground6, borderRadius: tokens.borderRadiusMedium },
  seatLine: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  nick: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flexGrow: 1 },
  panels: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: tokens.spacingHorizontalM },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  role: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  roleIcon: { color: tokens.colorBrandForeground1 },
})

function formatClock(milliseconds: number): string {
  const seconds = Math.ceil(milliseconds / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** The phase's countdown, from the view's deadline. */
function Countdown({ view }: { view: GameView }) {
  const styles = useStyles()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250)
    return () => clearInterval(timer)
  }, [])
  const left = timeLeft(view, now)
  if (left === null) return null
  return (
    <span className={styles.clock} data-testid="phase-countdown" role="timer" aria-live="off">
      {formatClock(left)}
    </span>
  )
}

/** Runs a game command, showing a refusal translated. */
function useCommand(): { run: (command: GameCommandPayload) => Promise<void>; error: string | null; busy: boolean } {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (command: GameCommandPayload) => {
    setBusy(true)
    setError(null)
    try {
      await sendGameCommand(command)
    } catch (failure) {
      setError(requestErrorKey(failure))
    } finally {
      setBusy(false)
    }
  }
  return { run, error, busy }
}

function ErrorBar({ error }: { error: string | null }) {
  const { t } = useTranslation()
  if (!error) return null
  return (
    <MessageBar intent="error" role="alert" data-testid="command-error">
      <MessageBarBody>{t(error)}</MessageBarBody>
    </MessageBar>
  )
}

function SeatTile({ number, card, view, isJudgeSeat }: { number: number; card: LobbySeat['user'] | null; view: GameView | null; isJudgeSeat?: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const seat = view && !isJudgeSeat ? view.seats[number - 1] : undefined
  const speaking = !isJudgeSeat && view?.speaker === number
  const nominated = !isJudgeSeat && (view?.nominations.some((nomination) => nomination.target === number) ?? false)
  // The view holds a role only where this viewer may know it.
  const role = seat?.role ?? null
  const micOpen = view && !isJudgeSeat ? view.microphones.includes(number) : false
  const label = isJudgeSeat ? t('game.seat.judge') : t('game.seat.number', { seat: number })
  return (
    <li
      className={mergeClasses(styles.seat, speaking && styles.speaking, nominated && styles.nominated, seat && !seat.atTable && styles.left)}
      data-testid={isJudgeSeat ? 'judge-seat' : `seat-${number}`}
      data-speaking={speaking || undefined}
      data-nominated={nominated || undefined}
      data-left={seat && !seat.atTable ? seat.left ?? 'yes' : undefined}
      aria-label={card ? `${label}: ${card.nickname}` : label}
    >
      <div className={styles.video} data-testid={`video-slot-${isJudgeSeat ? 'judge' : number}`}>
        <SeatVideo user={card} view={view} seat={isJudgeSeat ? 'judge' : number} />
      </div>
      <div className={styles.seatLine}>
        <Badge appearance="filled" color={isJudgeSeat ? 'important' : 'brand'} shape="rounded">
          {isJudgeSeat ? <RoleIcon role="Judge" size={14} /> : number}
        </Badge>
        {card ? <UserAvatar user={card} size={20} /> : null}
        <Body1 className={styles.nick}>{card ? card.nickname : t('game.seat.empty')}</Body1>
        {view && !isJudgeSeat ? micOpen ? <Mic16Regular aria-label={t('game.seat.micOpen')} /> : <MicOff16Regular aria-label={t('game.seat.micClosed')} /> : null}
      </div>
      {seat ? (
        <div className={styles.seatLine}>
          {role ? (
            <span title={t(`roles.${role}`)} data-testid={`seat-role-${number}`}>
              <RoleIcon role={role} size={18} label={t(`roles.${role}`)} />
            </span>
          ) : null}
          <Caption1 data-testid={`fouls-${number}`}>{t('game.seat.fouls', { count: seat.fouls })}</Caption1>
          {speaking ? <Badge color="brand">{t('game.seat.speaking')}</Badge> : null}
          {nominated ? <Badge color="warning">{t('game.seat.nominated')}</Badge> : null}
          {!seat.atTable ? <Badge color="danger">{t(`game.left.${seat.left ?? 'vote'}`)}</Badge> : null}
          {!seat.connected ? <Badge color="subtle">{t('game.seat.offline')}</Badge> : null}
        </div>
      ) : null}
    </li>
  )
}

function RoleCard({ view }: { view: GameView }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const you = view.you
  if (!you?.role) return null
  return (
    <Card className={styles.panel} data-testid="role-card">
      <div className={styles.role}>
        <RoleIcon role={you.role} size={48} className={styles.roleIcon} />
        <div>
          <Subtitle2 as="h3" data-testid="own-role">
            {t(`roles.${you.role}`)}
          </Subtitle2>
          <Caption1>{t(`game.team.${you.team ?? 'red'}`)}</Caption1>
        </div>
      </div>
      {you.partners.length > 0 ? (
        <Body1>{t('game.partners', { seats: you.partners.map((partner) => partner.seat).join(', ') })}</Body1>
      ) : null}
      {view.nightActions
        .filter((action) => action.seat === you.seat && action.result !== null)
        .map((action) => (
          <Caption1 key={`${action.night}-${action.step}`} data-testid="check-result">
            {t('game.check', { night: action.night, seat: action.target, result: t(`game.result.${action.result}`) })}
          </Caption1>
        ))}
    </Card>
  )
}

function SeatButtons({ seats, onPick, testId, disabled }: { seats: readonly number[]; onPick: (seat: number) => void; testId: string; disabled: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <div className={styles.row} role="group">
      {seats.map((seat) => (
        <Button key={seat} size="small" disabled={disabled} onClick={() => onPick(seat)} data-testid={`${testId}-${seat}`} aria-label={t('game.seat.number', { seat })}>
          {seat}
        </Button>
      ))}
    </div>
  )
}

/** What a seated player may do now, exactly as the view says. */
function PlayerPanel({ controls }: { controls: PlayerActions }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { run, error, busy } = useCommand()
  const [picked, setPicked] = useState<number[]>([])
  const bestMove = picked.filter((seat) => controls.bestMove.includes(seat))
  const any = controls.endSpeech || controls.nominate.length > 0 || controls.vote.length > 0 || controls.liftVote || controls.night !== null || controls.bestMove.length > 0
  if (!any && !error) return null
  return (
    <Card className={styles.panel} data-testid="player-controls">
      <Subtitle2 as="h3">{t('game.controls.title')}</Subtitle2>
      {controls.nominate.length > 0 ? (
        <Field label={t('game.controls.nominate')}>
          <SeatButtons seats={controls.nominate} testId="nominate" disabled={busy} onPick={(target) => void run({ type: 'nominate', target })} />
        </Field>
      ) : null}
      {controls.endSpeech ? (
        <Button appearance="primary" disabled={busy} onClick={() => void run({ type: 'end_speech' })} data-testid="end-speech">
          {t('game.controls.endSpeech')}
        </Button>
      ) : null}
      {controls.vote.length > 0 ? (
        <Field label={t('game.controls.vote')}>
          <SeatButtons seats={controls.vote} testId="vote" disabled={busy} onPick={(target) => void run({ type: 'vote', target })} />
        </Field>
      ) : null}
      {controls.liftVote ? (
        <Field label={t('game.controls.liftVote')}>
          <div className={styles.row}>
            <Button disabled={busy} onClick={() => void run({ type: 'lift_vote', leave: true })} data-testid="lift-yes">
              {t('game.controls.liftYes')}
            </Button>
            <Button disabled={busy} onClick={() => void run({ type: 'lift_vote', leave: false })} data-testid="lift-no">
              {t('game.controls.liftNo')}
            </Button>
          </div>
        </Field>
      ) : null}
      {controls.night ? (
        <Field label={t(`game.controls.night.${controls.night.step}`)}>
          <SeatButtons seats={controls.night.targets} testId="night" disabled={busy} onPick={(target) => void run({ type: 'night_action', target })} />
        </Field>
      ) : null}
      {controls.bestMove.length > 0 ? (
        <Field label={t('game.controls.bestMove')}>
          <div className={styles.row} role="group">
            {controls.bestMove.map((seat) => (
              <Button
                key={seat}
                size="small"
                appearance={bestMove.includes(seat) ? 'primary' : 'secondary'}
                aria-pressed={bestMove.includes(seat)}
                onClick={() => setPicked(bestMove.includes(seat) ? bestMove.filter((item) => item !== seat) : bestMove.length < 3 ? [...bestMove, seat] : bestMove)}
                data-testid={`best-${seat}`}
              >
                {seat}
              </Button>
            ))}
          </div>
          <Button appearance="primary" disabled={busy} onClick={() => void run({ type: 'best_move', targets: bestMove })} data-testid="best-move-send">
            {t('game.controls.bestMoveSend')}
          </Button>
        </Field>
      ) : null}
      <ErrorBar error={error} />
    </Card>
  )
}

const outcomes: Outcome[] = ['red', 'black', 'maniac', 'draw']

/** Before the deal the judge starts the game once every seat is taken (a matter of the lobby, not of the game). */
function StartPanel({ lobby }: { lobby: Lobby }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { run, error, busy } = useCommand()
  const ready = seatsTaken(lobby.lobby)
  return (
    <Card className={styles.panel} data-testid="judge-panel">
      <Subtitle2 as="h3">{t('game.judge.title')}</Subtitle2>
      <div className={styles.row}>
        <Button appearance="primary" disabled={busy || !ready} onClick={() => void run({ type: 'start' })} data-testid="judge-start">
          {t('game.judge.start')}
        </Button>
      </div>
      {!ready ? <Caption1>{t('game.judge.waitingSeats', { taken: lobby.lobby.players.length, total: lobby.lobby.seatCount })}</Caption1> : null}
      <ErrorBar error={error} />
    </Card>
  )
}

/** The seats the judge may act on now, for any of the per-seat tools. */
const judgeSeats = (controls: JudgeActions): number[] =>
  [...new Set([...controls.foul, ...controls.disqualify, ...controls.microphone, ...controls.awardPoints])].sort((a, b) => a - b)

/** What the judge may do now in the running or finished game, exactly as the view says. */
function JudgePanel({ view, controls }: { view: GameView; controls: JudgeActions }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { run, error, busy } = useCommand()
  const [picked, setPicked] = useState<number | null>(null)
  const [points, setPoints] = useState('0.1')
  const [reason, setReason] = useState('')
  const [outcome, setOutcome] = useState<Outcome>('red')
  const seats = judgeSeats(controls)
  const seat = picked !== null && seats.includes(picked) ? picked : (seats[0] ?? null)
  const micOpen = seat !== null && view.microphones.includes(seat)
  return (
    <Card className={styles.panel} data-testid="judge-panel">
      <Subtitle2 as="h3">{t('game.judge.title')}</Subtitle2>
      <div className={styles.row}>
        {controls.next ? (
          <Button appearance="primary" disabled={busy} onClick={() => void run({ type: 'next' })} data-testid="judge-next">
            {t('game.judge.next')}
          </Button>
        ) : null}
        {controls.confirmNomination ? (
          <Button disabled={busy} onClick={() => void run({ type: 'confirm_nomination' })} data-testid="judge-confirm">
            {t('game.judge.confirm', { seat: view.pendingNomination?.target })}
          </Button>
        ) : null}
        {controls.rejectNomination ? (
          <Button disabled={busy} onClick={() => void run({ type: 'reject_nomination' })} data-testid="judge-reject">
            {t('game.judge.reject')}
          </Button>
        ) : null}
        {controls.pause ? (
          <Button disabled={busy} onClick={() => void run({ type: 'pause' })} data-testid="judge-pause">
            {t('game.judge.pause')}
          </Button>
        ) : null}
        {controls.resume ? (
          <Button disabled={busy} onClick={() => void run({ type: 'resume' })} data-testid="judge-resume">
            {t('game.judge.resume')}
          </Button>
        ) : null}
        {controls.finalise ? (
          <Button appearance="primary" disabled={busy} onClick={() => void run({ type: 'finalise' })} data-testid="judge-finalise">
            {t('game.judge.finalise')}
          </Button>
        ) : null}
      </div>
      {seat !== null ? (
        <div className={styles.row}>
          <Field label={t('game.judge.seat')}>
            <Select value={String(seat)} onChange={(_, data) => setPicked(Number(data.value))} data-testid="judge-seat-select">
              {seats.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </Select>
          </Field>
          {controls.foul.length > 0 ? (
            <Button disabled={busy || !controls.foul.includes(seat)} onClick={() => void run({ type: 'foul', seat })} data-testid="judge-foul">
              {t('game.judge.foul')}
            </Button>
          ) : null}
          {controls.microphone.length > 0 ? (
            <Button disabled={busy || !controls.microphone.includes(seat)} onClick={() => void run({ type: 'microphone', seat, open: !micOpen })} data-testid="judge-mic">
              {micOpen ? t('game.judge.mute') : t('game.judge.unmute')}
            </Button>
          ) : null}
          {controls.disqualify.length > 0 ? (
            <Button disabled={busy || !controls.disqualify.includes(seat)} onClick={() => void run({ type: 'disqualify', seat })} data-testid="judge-disqualify">
              {t('game.judge.disqualify')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {seat !== null && controls.awardPoints.length > 0 ? (
        <div className={styles.row}>
          <Field label={t('game.judge.points')}>
            <Input type="number" step="0.05" min="-1" max="1" value={points} onChange={(_, data) => setPoints(data.value)} data-testid="judge-points" />
          </Field>
          <Field label={t('game.judge.reason')}>
            <Input value={reason} maxLength={500} onChange={(_, data) => setReason(data.value)} data-testid="judge-reason" />
          </Field>
          <Button
            disabled={busy || !reason.trim() || !controls.awardPoints.includes(seat)}
            onClick={() => void run({ type: 'award_points', seat, points: Math.round(Number(points) * 100) / 100, reason: reason.trim() })}
            data-testid="judge-award"
          >
            {t('game.judge.award')}
          </Button>
        </div>
      ) : null}
      {controls.endGame ? (
        <div className={styles.row}>
          <Field label={t('game.judge.outcome')}>
            <Select value={outcome} onChange={(_, data) => setOutcome(data.value as Outcome)}>
              {outcomes.map((item) => (
                <option key={item} value={item}>
                  {t(`game.outcome.${item}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Button disabled={busy} onClick={() => void run({ type: 'end_game', outcome })} data-testid="judge-end">
            {t('game.judge.end')}
          </Button>
        </div>
      ) : null}
      <ErrorBar error={error} />
    </Card>
  )
}

function phaseText(t: (key: string, options?: Record<string, unknown>) => string, view: GameView): string {
  const phase = t(`game.phase.${view.phase}`)
  if (view.phase === 'ended' || view.phase === 'created' || view.phase === 'zero_night') return phase
  if (view.phase.startsWith('night_')) return `${t('game.night', { night: view.night })} · ${phase}`
  const speaker = view.speaker !== null ? ` · ${t('game.seat.number', { seat: view.speaker })}` : ''
  return `${t('game.day', { day: view.day })} · ${phase}${speaker}`
}

function TableBody({ lobby }: { lobby: Lobby }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const view = (lobby.game?.view ?? null) as GameView | null
  const cards = new Map(lobby.lobby.players.map((seat) => [seat.seat, seat.user]))
  const seats = Array.from({ length: lobby.lobby.seatCount }, (_, index) => index + 1)
  const leave = () => {
    leaveLobby()
    navigate('/main')
  }
  return (
    <div className={styles.root} data-testid="game-table" data-viewer={lobby.as} data-phase={view?.phase ?? 'waiting'}>
      <header className={styles.head}>
        <Subtitle1 as="h1" className={styles.title}>
          {lobby.lobby.name}
        </Subtitle1>
        <Badge appearance="outline">{t(`lobby.deck.${lobby.lobby.deckId}`)}</Badge>
        <Badge appearance="tint">{t(`game.as.${lobby.as}`)}</Badge>
        {mayLeave(lobby.as, lobby.lobby.status) ? (
          <Button icon={<SignOut20Regular />} onClick={leave} data-testid="leave-table">
            {t('game.leave')}
          </Button>
        ) : null}
      </header>
      <div className={styles.phase} aria-live="polite">
        <Body1 data-testid="phase">{view ? phaseText(t, view) : t('game.waiting', { taken: lobby.lobby.players.length, total: lobby.lobby.seatCount })}</Body1>
        {view ? <Countdown view={view} /> : null}
        {view?.paused ? <Badge color="warning">{t('game.paused')}</Badge> : null}
        {view?.pendingNomination ? <Caption1>{t('game.pending', { by: view.pendingNomination.by, target: view.pendingNomination.target })}</Caption1> : null}
        {view && view.nominations.length > 0 ? <Caption1 data-testid="nominations">{t('game.nominations', { seats: view.nominations.map((item) => item.target).join(', ') })}</Caption1> : null}
        {view?.voting?.kind === 'vote' ? (
          <Caption1 data-testid="vote-counts">{view.voting.counts.map((count) => `${count.candidate}: ${count.votes}`).join(' · ')}</Caption1>
        ) : null}
        {view?.voting?.kind === 'lift' ? <Caption1>{t('game.liftCount', { yes: view.voting.yes, needed: view.voting.needed })}</Caption1> : null}
      </div>
      {view?.result ? (
        <MessageBar intent="success" data-testid="game-result">
          <MessageBarBody>
            {t(`game.outcome.${view.result.outcome}`)} · <RouterLink to={`/game/statistics/${lobby.id}`}>{t('game.recordLink')}</RouterLink>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <TableMedia lobby={lobby} />
      <ul className={styles.table} aria-label={t('game.seats')}>
        <SeatTile number={0} card={lobby.lobby.judge} view={view} isJudgeSeat />
        {seats.map((number) => (
          <SeatTile key={number} number={number} card={cards.get(number) ?? null} view={view} />
        ))}
      </ul>
      <div className={styles.panels}>
        {view ? <RoleCard view={view} /> : null}
        {view?.actions.player ? <PlayerPanel controls={view.actions.player} /> : null}
        {!view && lobby.as === 'judge' ? <StartPanel lobby={lobby} /> : null}
        {view?.actions.judge ? <JudgePanel view={view} controls={view.actions.judge} /> : null}
      </div>
    </div>
  )
}

/** /mafia/:id and /mafia_dev: the table, its seats, the phase and what this viewer may do. */
export function TableScreen() {
  const { t } = useTranslation()
  const params = useParams()
  const location = useLocation()
  const { current } = useSnapshot(tableState)
  const { connected } = useSnapshot(realtimeState)
  const dev = location.pathname.startsWith('/mafia_dev')
  const id = dev ? (current?.id ?? null) : Number(params.id)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const here = current !== null && current.id === id

  // Entering the page loads the table once; during play pushes and syncs keep it current.
  useEffect(() => {
    if (!connected || here || id === null || !Number.isInteger(id) || id <= 0) return
    loadLobby(id).catch((failure: unknown) => setError(requestErrorKey(failure)))
  }, [connected, here, id])

  const enter = async (action: (id: number) => Promise<unknown>) => {
    if (id === null) return
    setBusy(true)
    setError(null)
    try {
      await action(id)
    } catch (failure) {
      setError(requestErrorKey(failure))
    } finally {
      setBusy(false)
    }
  }

  if (here && current) return <TableBody lobby={current as Lobby} />
  if (id === null || !Number.isInteger(id)) return <EmptyState title={t('game.noTable')} hint={t('game.noTableHint')} action={<RouterLink to="/main">{t('game.toLobbies')}</RouterLink>} />
  if (!error) return <LoadingState />
  return (
    <EmptyState
      title={t(error)}
      hint={t('game.notMemberHint')}
      action={
        <div style={{ display: 'flex', gap: 8 }}>
          <Button appearance="primary" disabled={busy} onClick={() => void enter(joinLobby)} data-testid="table-join">
            {t('lobby.actions.join')}
          </Button>
          <Button disabled={busy} onClick={() => void enter(watchLobby)} data-testid="table-watch">
            {t('lobby.actions.watch')}
          </Button>
        </div>
      }
    />
  )
}

import { Button, makeStyles, MessageBar, MessageBarBody, Radio, RadioGroup, Tooltip, tokens } from '@fluentui/react-components'
import { ArrowCounterclockwise20Regular, Checkmark20Regular, Dismiss20Regular, Flag20Regular, Keyboard20Regular, Next20Regular, Pause20Regular, Play20Regular, Timer20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GameCommandPayload, GameView, JudgeActions } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { seatName } from '../announcements/announcement-of'
import { useJudgeHotkeys, type JudgeHotkey } from './judge-hotkeys'
import { nextLabel } from './next-label'
import { NightActions } from './NightActions'
import { useJudgeCommand } from './use-judge-command'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  next: { maxWidth: '100%' },
  nextText: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

/** How the judge may end the game: a side's win or a draw, or a team's loss for cheating. */
type Ending = { type: 'end_game'; outcome: 'red' | 'black' | 'maniac' | 'draw' } | { type: 'team_loss'; team: 'red' | 'black' }

const endingId = (ending: Ending) => (ending.type === 'end_game' ? ending.outcome : `team_loss_${ending.team}`)

/** The endings the judge may choose now: the Maniac's win only where a Maniac sits, team losses only when allowed. */
function endingsFor(view: GameView, controls: JudgeActions): Ending[] {
  const endings: Ending[] = []
  if (controls.endGame) {
    endings.push({ type: 'end_game', outcome: 'red' }, { type: 'end_game', outcome: 'black' })
    if (view.seats.some((seat) => seat.role === 'Maniac')) endings.push({ type: 'end_game', outcome: 'maniac' })
    endings.push({ type: 'end_game', outcome: 'draw' })
  }
  if (controls.teamLoss) endings.push({ type: 'team_loss', team: 'red' }, { type: 'team_loss', team: 'black' })
  return endings
}

/**
 * The judge's part of the action bar, one or two rows: Next (saying what it leads to), the
 * pending nomination's confirm and reject, pause or resume, +30 s and a timer restart, ending the
 * game (an outcome, then a confirmation), closing the protocol, and this night's actions. Only
 * what the view's `actions.judge` allows is offered. Hotkeys: N next, P pause/resume, + 30 s.
 */
export function JudgeCockpit({ lobby, view }: { lobby: Lobby; view: GameView }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { run, busy, error, clearError } = useJudgeCommand()
  const [ending, setEnding] = useState<string | null>(null)
  const [endOpen, setEndOpen] = useState(false)
  const controls = view.actions.judge
  const cards = lobby.lobby.players

  useJudgeHotkeys((hotkey: JudgeHotkey) => {
    if (!controls) return
    if (hotkey === 'next' && controls.next) void run({ type: 'next' })
    if (hotkey === 'pause' && (controls.pause || controls.resume)) void run({ type: controls.pause ? 'pause' : 'resume' })
    if (hotkey === 'extend' && controls.extendTimer) void run({ type: 'extend_timer' })
  })

  if (!controls) return null
  const next = nextLabel(controls.upcoming, cards)
  const endings = endingsFor(view, controls)
  const chosen = endings.find((item) => endingId(item) === ending) ?? null
  const send = (command: GameCommandPayload) => void run(command)
  const endingText = (item: Ending) => (item.type === 'end_game' ? t(`game.outcome.${item.outcome}`) : t(`game.cockpit.teamLoss.${item.team}`))

  const confirmEnd = async () => {
    if (!chosen) return
    const done = await run(chosen.type === 'end_game' ? { type: 'end_game', outcome: chosen.outcome } : { type: 'team_loss', team: chosen.team })
    if (done) {
      setEndOpen(false)
      setEnding(null)
    }
  }

  return (
    <div className={styles.root} data-testid="judge-cockpit">
      <div className={styles.row} role="group" aria-label={t('game.cockpit.title')}>
        {controls.next ? (
          <Button className={styles.next} appearance="primary" icon={<Next20Regular />} disabled={busy} onClick={() => send({ type: 'next' })} aria-keyshortcuts="N" data-testid="judge-next">
            <span className={styles.nextText}>{t(next.key, next.params)}</span>
          </Button>
        ) : null}
        {controls.confirmNomination ? (
          <Button icon={<Checkmark20Regular />} disabled={busy} onClick={() => send({ type: 'confirm_nomination' })} data-testid="judge-confirm">
            {view.pendingNomination ? t('game.cockpit.confirm', { seat: seatName(view.pendingNomination.target, cards) }) : t('game.cockpit.confirmPlain')}
          </Button>
        ) : null}
        {controls.rejectNomination ? (
          <Button icon={<Dismiss20Regular />} disabled={busy} onClick={() => send({ type: 'reject_nomination' })} data-testid="judge-reject">
            {t('game.cockpit.reject')}
          </Button>
        ) : null}
        {controls.pause ? (
          <Button icon={<Pause20Regular />} disabled={busy} onClick={() => send({ type: 'pause' })} aria-keyshortcuts="P" data-testid="judge-pause">
            {t('game.judge.pause')}
          </Button>
        ) : null}
        {controls.resume ? (
          <Button icon={<Play20Regular />} disabled={busy} onClick={() => send({ type: 'resume' })} aria-keyshortcuts="P" data-testid="judge-resume">
            {t('game.judge.resume')}
          </Button>
        ) : null}
        {controls.extendTimer ? (
          <Button icon={<Timer20Regular />} disabled={busy} onClick={() => send({ type: 'extend_timer' })} aria-keyshortcuts="+" title={t('game.cockpit.extendLabel')} data-testid="judge-extend-timer">
            {t('game.cockpit.extend')}
          </Button>
        ) : null}
        {controls.resetTimer ? (
          <Button icon={<ArrowCounterclockwise20Regular />} disabled={busy} onClick={() => send({ type: 'reset_timer' })} data-testid="judge-reset-timer">
            {t('game.cockpit.reset')}
          </Button>
        ) : null}
        {endings.length > 0 ? (
          <Button
            icon={<Flag20Regular />}
            disabled={busy}
            onClick={() => {
              clearError()
              setEndOpen(true)
            }}
            data-testid="judge-end"
          >
            {t('game.judge.end')}
          </Button>
        ) : null}
        {controls.finalise ? (
          <Button appearance="primary" disabled={busy} onClick={() => send({ type: 'finalise' })} data-testid="judge-finalise">
            {t('game.judge.finalise')}
          </Button>
        ) : null}
        <Tooltip content={t('game.cockpit.hotkeys')} relationship="description">
          <Button appearance="subtle" icon={<Keyboard20Regular />} aria-label={t('game.cockpit.hotkeysTitle')} data-testid="judge-hotkeys" />
        </Tooltip>
      </div>
      <NightActions view={view} cards={cards} />
      {error && !endOpen ? (
        <MessageBar intent="error" role="alert" data-testid="command-error">
          <MessageBarBody>{t(error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <ConfirmDialog
        open={endOpen && endings.length > 0}
        title={t('game.cockpit.endTitle')}
        text={chosen ? t('game.cockpit.endText', { outcome: endingText(chosen) }) : t('game.cockpit.endChoose')}
        confirmLabel={t('game.judge.end')}
        cancelLabel={t('game.cockpit.cancel')}
        busy={busy}
        danger
        error={error ? t(error) : null}
        onCancel={() => {
          setEndOpen(false)
          setEnding(null)
          clearError()
        }}
        onConfirm={() => void confirmEnd()}
        confirmDisabled={!chosen}
      >
        <RadioGroup value={ending ?? ''} onChange={(_, data) => setEnding(data.value)} aria-label={t('game.judge.outcome')}>
          {endings.map((item) => (
            <Radio key={endingId(item)} value={endingId(item)} label={endingText(item)} data-testid={`end-outcome-${endingId(item)}`} />
          ))}
        </RadioGroup>
      </ConfirmDialog>
    </div>
  )
}

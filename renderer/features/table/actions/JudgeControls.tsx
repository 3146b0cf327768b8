import { Button, Input, Select } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GameView, JudgeActions, Outcome } from '../../../../server/contract/game'
import { useTableCommands } from './table-commands'

const outcomes: Outcome[] = ['red', 'black', 'maniac', 'draw']

/** The seats the judge may act on now, for any of the per-seat tools. */
const judgeSeats = (controls: JudgeActions): number[] => [...new Set([...controls.foul, ...controls.disqualify, ...controls.microphone, ...controls.awardPoints])].sort((a, b) => a - b)

/** What the judge may do now in the running or finished game, exactly as the view says, in one wrapping row. */
export function JudgeControls({ view, controls }: { view: GameView; controls: JudgeActions }) {
  const { t } = useTranslation()
  const { run, busy } = useTableCommands()
  const [picked, setPicked] = useState<number | null>(null)
  const [points, setPoints] = useState('0.1')
  const [reason, setReason] = useState('')
  const [outcome, setOutcome] = useState<Outcome>('red')
  const seats = judgeSeats(controls)
  const seat = picked !== null && seats.includes(picked) ? picked : (seats[0] ?? null)
  const micOpen = seat !== null && view.microphones.includes(seat)
  const bar = (command: Parameters<typeof run>[0]) => void run(command, 'bar')
  return (
    <>
      {controls.next ? (
        <Button appearance="primary" disabled={busy} onClick={() => bar({ type: 'next' })} data-testid="judge-next">
          {t('game.judge.next')}
        </Button>
      ) : null}
      {controls.confirmNomination ? (
        <Button disabled={busy} onClick={() => bar({ type: 'confirm_nomination' })} data-testid="judge-confirm">
          {t('game.judge.confirm', { seat: view.pendingNomination?.target })}
        </Button>
      ) : null}
      {controls.rejectNomination ? (
        <Button disabled={busy} onClick={() => bar({ type: 'reject_nomination' })} data-testid="judge-reject">
          {t('game.judge.reject')}
        </Button>
      ) : null}
      {controls.pause ? (
        <Button disabled={busy} onClick={() => bar({ type: 'pause' })} data-testid="judge-pause">
          {t('game.judge.pause')}
        </Button>
      ) : null}
      {controls.resume ? (
        <Button disabled={busy} onClick={() => bar({ type: 'resume' })} data-testid="judge-resume">
          {t('game.judge.resume')}
        </Button>
      ) : null}
      {controls.finalise ? (
        <Button appearance="primary" disabled={busy} onClick={() => bar({ type: 'finalise' })} data-testid="judge-finalise">
          {t('game.judge.finalise')}
        </Button>
      ) : null}
      {seat !== null ? (
        <>
          <Select aria-label={t('game.judge.seat')} value={String(seat)} onChange={(_, data) => setPicked(Number(data.value))} data-testid="judge-seat-select">
            {seats.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </Select>
          {controls.foul.length > 0 ? (
            <Button disabled={busy || !controls.foul.includes(seat)} onClick={() => bar({ type: 'foul', seat })} data-testid="judge-foul">
              {t('game.judge.foul')}
            </Button>
          ) : null}
          {controls.microphone.length > 0 ? (
            <Button disabled={busy || !controls.microphone.includes(seat)} onClick={() => bar({ type: 'microphone', seat, open: !micOpen })} data-testid="judge-mic">
              {micOpen ? t('game.judge.mute') : t('game.judge.unmute')}
            </Button>
          ) : null}
          {controls.disqualify.length > 0 ? (
            <Button disabled={busy || !controls.disqualify.includes(seat)} onClick={() => bar({ type: 'disqualify', seat })} data-testid="judge-disqualify">
              {t('game.judge.disqualify')}
            </Button>
          ) : null}
          {controls.awardPoints.length > 0 ? (
            <>
              <Input aria-label={t('game.judge.points')} type="number" step="0.05" min="-1" max="1" value={points} onChange={(_, data) => setPoints(data.value)} data-testid="judge-points" />
              <Input aria-label={t('game.judge.reason')} placeholder={t('game.judge.reason')} value={reason} maxLength={500} onChange={(_, data) => setReason(data.value)} data-testid="judge-reason" />
              <Button
                disabled={busy || !reason.trim() || !controls.awardPoints.includes(seat)}
                onClick={() => bar({ type: 'award_points', seat, points: Math.round(Number(points) * 100) / 100, reason: reason.trim() })}
                data-testid="judge-award"
              >
                {t('game.judge.award')}
              </Button>
            </>
          ) : null}
        </>
      ) : null}
      {controls.endGame ? (
        <>
          <Select aria-label={t('game.judge.outcome')} value={outcome} onChange={(_, data) => setOutcome(data.value as Outcome)}>
            {outcomes.map((item) => (
              <option key={item} value={item}>
                {t(`game.outcome.${item}`)}
              </option>
            ))}
          </Select>
          <Button disabled={busy} onClick={() => bar({ type: 'end_game', outcome })} data-testid="judge-end">
            {t('game.judge.end')}
          </Button>
        </>
      ) : null}
    </>
  )
}

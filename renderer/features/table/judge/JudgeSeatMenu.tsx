import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  Textarea,
  tokens,
} from '@fluentui/react-components'
import { Mic20Regular, MicOff20Regular, MoreVertical16Regular, PersonProhibited20Regular, Star20Regular, Warning20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { GameCommandPayload, GameView } from '../../../../server/contract/game'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { checkPoints, reasonMaxLength } from './points-form'
import { useJudgeCommand } from './use-judge-command'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

/** The judge's tools for one seat that the view allows now (foul, microphone, disqualify, extra points). */
export function seatMenuItems(view: GameView, seat: number): { foul: boolean; microphone: boolean; disqualify: boolean; points: boolean } {
  const controls = view.actions.judge
  return {
    foul: controls?.foul.includes(seat) ?? false,
    microphone: controls?.microphone.includes(seat) ?? false,
    disqualify: controls?.disqualify.includes(seat) ?? false,
    points: controls?.awardPoints.includes(seat) ?? false,
  }
}

/**
 * The judge's menu on a seat's tile (`seat-menu-{n}`): a foul, the microphone opened or closed,
 * a disqualification (asked first) and extra points (a small form), each only when the view's
 * judge actions allow it for this seat; nothing at all when none is allowed. A refusal is shown
 * translated: in its dialog, or as a notice for a one-click item.
 */
export function JudgeSeatMenu({ view, seat, nickname }: { view: GameView; seat: number; nickname?: string | null }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { run, busy, error, clearError } = useJudgeCommand()
  const [dialog, setDialog] = useState<'disqualify' | 'points' | null>(null)
  const [points, setPoints] = useState('')
  const [reason, setReason] = useState('')
  const [checked, setChecked] = useState<{ points: string | null; reason: string | null }>({ points: null, reason: null })
  const allowed = seatMenuItems(view, seat)
  const name = nickname ? `#${seat} ${nickname}` : `#${seat}`
  const micOpen = view.microphones.includes(seat)

  // A one-click item has no dialog to hold its refusal: a notice says it.
  const quick = (command: GameCommandPayload) => void run(command, { notice: true })
  const close = () => {
    setDialog(null)
    clearError()
    setChecked({ points: null, reason: null })
  }
  const disqualify = async () => {
    if (await run({ type: 'disqualify', seat })) close()
  }
  const award = async () => {
    const result = checkPoints(points, reason)
    if (!result.ok) {
      setChecked({ points: result.points, reason: result.reason })
      return
    }
    setChecked({ points: null, reason: null })
    if (await run({ type: 'award_points', seat, points: result.points, reason: result.reason })) {
      setPoints('')
      setReason('')
      close()
    }
  }

  if (!allowed.foul && !allowed.microphone && !allowed.disqualify && !allowed.points) return null

  return (
    <>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button size="small" appearance="subtle" icon={<MoreVertical16Regular />} aria-label={t('game.seatMenu.open', { seat: name })} disabled={busy} data-testid={`seat-menu-${seat}`} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {allowed.foul ? (
              <MenuItem icon={<Warning20Regular />} onClick={() => quick({ type: 'foul', seat })} data-testid="seat-menu-foul">
                {t('game.seatMenu.foul')}
              </MenuItem>
            ) : null}
            {allowed.microphone ? (
              <MenuItem icon={micOpen ? <MicOff20Regular /> : <Mic20Regular />} onClick={() => quick({ type: 'microphone', seat, open: !micOpen })} data-testid="seat-menu-mic">
                {micOpen ? t('game.judge.mute') : t('game.judge.unmute')}
              </MenuItem>
            ) : null}
            {allowed.points ? (
              <MenuItem icon={<Star20Regular />} onClick={() => setDialog('points')} data-testid="seat-menu-points">
                {t('game.seatMenu.points')}
              </MenuItem>
            ) : null}
            {allowed.disqualify ? (
              <MenuItem icon={<PersonProhibited20Regular />} onClick={() => setDialog('disqualify')} data-testid="seat-menu-disqualify">
                {t('game.judge.disqualify')}
              </MenuItem>
            ) : null}
          </MenuList>
        </MenuPopover>
      </Menu>
      <ConfirmDialog
        open={dialog === 'disqualify'}
        title={t('game.seatMenu.disqualifyTitle', { seat: name })}
        text={t('game.seatMenu.disqualifyText')}
        confirmLabel={t('game.judge.disqualify')}
        cancelLabel={t('game.cockpit.cancel')}
        danger
        busy={busy}
        error={error ? t(error) : null}
        onCancel={close}
        onConfirm={() => void disqualify()}
      />
      <Dialog open={dialog === 'points'} onOpenChange={(_, data) => !data.open && !busy && close()}>
        <DialogSurface data-testid="points-dialog">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              void award()
            }}
          >
            <DialogBody>
              <DialogTitle>{t('game.seatMenu.pointsTitle', { seat: name })}</DialogTitle>
              <DialogContent className={styles.form}>
                <Field label={t('game.judge.points')} hint={t('game.seatMenu.pointsHint')} validationMessage={checked.points ? t(checked.points) : undefined} required>
                  <Input type="number" inputMode="decimal" step="0.05" min="-1" max="1" value={points} onChange={(_, data) => setPoints(data.value)} data-testid="points-value" />
                </Field>
                <Field
                  label={t('game.judge.reason')}
                  hint={t('game.seatMenu.reasonHint', { count: reason.trim().length, max: reasonMaxLength })}
                  validationMessage={checked.reason ? t(checked.reason, { max: reasonMaxLength }) : undefined}
                  required
                >
                  <Textarea value={reason} onChange={(_, data) => setReason(data.value)} resize="vertical" data-testid="points-reason" />
                </Field>
                {error ? (
                  <MessageBar intent="error" role="alert" data-testid="points-error">
                    <MessageBarBody>{t(error)}</MessageBarBody>
                  </MessageBar>
                ) : null}
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" disabled={busy} onClick={close} data-testid="points-cancel">
                  {t('game.cockpit.cancel')}
                </Button>
                <Button appearance="primary" type="submit" disabledFocusable={busy} data-testid="points-save">
                  {t('game.judge.award')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </>
  )
}

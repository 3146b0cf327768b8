import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1 },
  },
})

export interface ConfirmDialogProps {
  open: boolean
  title: string
  /** The sentence that says what confirming does. */
  text: string
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => void
  /** Cancel, Escape or a click outside; never while `busy`, so a running step is not left behind. */
  onCancel: () => void
  /** The confirmed step is running: both buttons wait. */
  busy?: boolean
  /** Something must still be chosen (in `children`) before confirming. */
  confirmDisabled?: boolean
  /** The last attempt's refusal, already translated. */
  error?: string | null
  /** Confirming cannot be undone (ending a game, a disqualification): the button says so by its colour. */
  danger?: boolean
  /** More to choose before confirming (an outcome, a reason). */
  children?: ReactNode
}

/**
 * Asks before a step that cannot be undone: a title, a sentence, Cancel and Confirm (`confirm-dialog`,
 * `confirm-ok`, `confirm-cancel`). Cancel holds the first focus, so Enter never confirms by accident.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const styles = useStyles()
  const busy = props.busy ?? false
  return (
    <Dialog
      open={props.open}
      modalType="alert"
      onOpenChange={(_, data) => {
        if (!data.open && !busy) props.onCancel()
      }}
    >
      <DialogSurface data-testid="confirm-dialog">
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>{props.text}</Text>
            {props.children}
            {props.error ? (
              <MessageBar intent="error" role="alert" data-testid="confirm-error">
                <MessageBarBody>{props.error}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={props.onCancel} data-testid="confirm-cancel" autoFocus>
              {props.cancelLabel}
            </Button>
            <Button
              appearance="primary"
              disabledFocusable={busy || (props.confirmDisabled ?? false)}
              onClick={props.onConfirm}
              data-testid="confirm-ok"
              className={props.danger ? styles.danger : undefined}
            >
              {props.confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

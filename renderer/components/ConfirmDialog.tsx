import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, mergeClasses, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components'
import type { ReactElement, ReactNode } from 'react'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground2, color: tokens.colorNeutralForegroundOnBrand },
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
  /** The `trigger` asks to open the dialog. */
  onOpen?: () => void
  /** The button that opens the dialog, wrapped in a Fluent `DialogTrigger` by the caller. */
  trigger?: ReactElement
  /** The confirmed step is running: both buttons wait, and Confirm shows a spinner. */
  busy?: boolean
  /** Something must still be chosen (in `children`) before confirming. */
  confirmDisabled?: boolean
  /** The last attempt's refusal, already translated. */
  error?: string | null
  /** Confirming cannot be undone (ending a game, a disqualification, deleting an account): the button says so by its colour. */
  danger?: boolean
  /** More to read or choose before confirming (an outcome, a reason, the last failure in full). */
  children?: ReactNode
}

/**
 * Asks before a step that cannot be undone: a title, a sentence, Cancel and Confirm (`confirm-dialog`,
 * `confirm-ok`, `confirm-cancel`). Cancel holds the first focus, so Enter never confirms by accident.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const styles = useStyles()
  const busy = props.busy ?? false
  const surface = (
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
            icon={busy ? <Spinner size="tiny" /> : undefined}
            disabledFocusable={busy || (props.confirmDisabled ?? false)}
            onClick={props.onConfirm}
            data-testid="confirm-ok"
            className={mergeClasses(props.danger && styles.danger)}
          >
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </DialogBody>
    </DialogSurface>
  )
  const onOpenChange = (_: unknown, data: { open: boolean }) => {
    if (data.open) props.onOpen?.()
    else if (!busy) props.onCancel()
  }
  // Fluent's Dialog takes the surface alone or a trigger and the surface, not an empty slot.
  return props.trigger ? (
    <Dialog open={props.open} modalType="alert" onOpenChange={onOpenChange}>
      {props.trigger}
      {surface}
    </Dialog>
  ) : (
    <Dialog open={props.open} modalType="alert" onOpenChange={onOpenChange}>
      {surface}
    </Dialog>
  )
}

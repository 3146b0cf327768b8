import type { ReactElement } from 'react'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, DialogTrigger, Spinner, Text } from '@fluentui/react-components'
import { FailureMessage } from '../auth'

export interface ConfirmDialogProps {
  open: boolean
  /** The dialog asks to open or close (its trigger, Cancel, Escape); never while `busy`, so a running step is not left behind. */
  onOpenChange: (open: boolean) => void
  title: string
  text: string
  /** The last attempt's error, shown in the dialog. */
  failure: unknown
  /** A confirmed step is running: Cancel is disabled and Confirm shows a spinner. */
  busy: boolean
  cancelLabel: string
  confirmLabel: string
  onConfirm: () => void
  /** The button that opens the dialog, wrapped in a `DialogTrigger` by the caller. */
  trigger?: ReactElement
  contentClassName?: string
  confirmClassName?: string
}

/** A settings step that asks first: a title, a sentence, the last failure, Cancel and Confirm. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { busy } = props
  const surface = (
    <DialogSurface>
      <DialogBody>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogContent className={props.contentClassName}>
          <Text>{props.text}</Text>
          <FailureMessage error={props.failure} />
        </DialogContent>
        <DialogActions>
          <DialogTrigger disableButtonEnhancement>
            <Button appearance="secondary" disabled={busy}>
              {props.cancelLabel}
            </Button>
          </DialogTrigger>
          <Button appearance="primary" className={props.confirmClassName} icon={busy ? <Spinner size="tiny" /> : undefined} disabledFocusable={busy} onClick={props.onConfirm}>
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </DialogBody>
    </DialogSurface>
  )
  const onOpenChange = (_: unknown, data: { open: boolean }) => {
    if (!busy) props.onOpenChange(data.open)
  }
  // Fluent's Dialog takes the surface alone or a trigger and the surface, not an empty slot.
  return props.trigger ? (
    <Dialog open={props.open} onOpenChange={onOpenChange}>
      {props.trigger}
      {surface}
    </Dialog>
  ) : (
    <Dialog open={props.open} onOpenChange={onOpenChange}>
      {surface}
    </Dialog>
  )
}

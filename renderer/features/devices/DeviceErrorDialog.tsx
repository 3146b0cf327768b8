import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

/**
 * A camera or microphone that cannot start, said in a modal with OK (`device-error-dialog`,
 * `device-error-text`, `device-error-ok`): open while `problem` (a translation key) is set;
 * OK, Escape or closing in any way calls `onClose`.
 */
export function DeviceErrorDialog({ problem, onClose }: { problem: string | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog open={problem !== null} modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface data-testid="device-error-dialog">
        <DialogBody>
          <DialogTitle>{t('devices.errorTitle')}</DialogTitle>
          <DialogContent>
            <Body1 as="p" data-testid="device-error-text">
              {problem ? t(problem) : ''}
            </Body1>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose} data-testid="device-error-ok">
              {t('common.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

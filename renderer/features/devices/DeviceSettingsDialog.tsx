import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({ surface: { maxWidth: '440px', width: 'calc(100vw - 32px)' } })

/**
 * Camera and microphone settings. They come with the video tables (device lists, preview, mic level);
 * until then the dialog says so.
 */
export function DeviceSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface} data-testid="device-settings-dialog">
        <DialogBody>
          <DialogTitle>{t('devices.title')}</DialogTitle>
          <DialogContent>
            <Body1 as="p">{t('devices.text')}</Body1>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

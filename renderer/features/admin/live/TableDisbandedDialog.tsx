import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { disbandNoticeState, dismissDisbandNotice } from './disband-notice'

const useStyles = makeStyles({
  surface: { width: '420px', maxWidth: 'calc(100vw - 32px)', boxSizing: 'border-box' },
  reason: {
    margin: 0,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderInlineStartWidth: tokens.strokeWidthThick,
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorPaletteRedBorder2,
    backgroundColor: tokens.colorNeutralBackground3,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

/** Open while a disbanded table's notice waits: the admin's reason, in the player's language around it. */
export function TableDisbandedDialog() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { notice } = useSnapshot(disbandNoticeState)
  return (
    <Dialog open={notice !== null} modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : dismissDisbandNotice())}>
      <DialogSurface className={styles.surface} data-testid="table-disbanded-dialog">
        <DialogBody>
          <DialogTitle>{t('adminLive.disbanded.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1 as="p" style={{ margin: 0 }}>
              {t('adminLive.disbanded.text')}
            </Body1>
            <blockquote className={styles.reason} data-testid="table-disbanded-reason">
              {notice?.reason ?? ''}
            </blockquote>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={dismissDisbandNotice} data-testid="table-disbanded-ok">
              {t('adminLive.disbanded.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

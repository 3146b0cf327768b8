import { useState } from 'react'
import {
  Button,
  DialogTrigger,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowUndo20Regular, Delete20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { routes } from '../../../server/contract/http'
import { call } from '../../api/client'
import { updateUser } from '../../state/session'
import { FailureMessage, formatDateTime } from '../auth'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { SettingsSection } from './SettingsSection'

const useStyles = makeStyles({
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  dangerOutline: {
    color: tokens.colorPaletteRedForeground1,
    ':hover': { color: tokens.colorPaletteRedForeground2 },
    ':hover:active': { color: tokens.colorPaletteRedForeground2 },
  },
})

/**
 * Deleting the account is scheduled, not immediate: the date is shown and the deletion can be
 * cancelled until then.
 */
export function DeletionSection({ deleteAt }: { deleteAt: string | null }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<unknown>(null)
  const [cancelled, setCancelled] = useState(false)

  const run = async (action: () => Promise<void>) => {
    setPending(true)
    setFailure(null)
    try {
      await action()
    } catch (error) {
      setFailure(error)
    } finally {
      setPending(false)
    }
  }

  const requestDeletion = () =>
    run(async () => {
      updateUser(await call(routes.auth.deleteUser))
      setCancelled(false)
      setOpen(false)
    })

  const cancelDeletion = () =>
    run(async () => {
      updateUser(await call(routes.auth.cancelDeleteUser))
      setCancelled(true)
    })

  return (
    <SettingsSection title={t('settings.deletion.title')} description={t('settings.deletion.description')}>
      {deleteAt ? (
        <>
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{t('settings.deletion.scheduled', { date: formatDateTime(deleteAt, i18n.language) })}</MessageBarBody>
          </MessageBar>
          <FailureMessage error={failure} />
          <div className={styles.actions}>
            <Button appearance="primary" icon={pending ? <Spinner size="tiny" /> : <ArrowUndo20Regular />} disabledFocusable={pending} onClick={() => void cancelDeletion()}>
              {t('settings.deletion.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {cancelled && (
            <Text role="status" size={200}>
              {t('settings.deletion.cancelled')}
            </Text>
          )}
          <ConfirmDialog
            open={open}
            onOpen={() => {
              setOpen(true)
              setFailure(null)
            }}
            onCancel={() => setOpen(false)}
            trigger={
              <div className={styles.actions}>
                <DialogTrigger disableButtonEnhancement>
                  <Button className={styles.dangerOutline} icon={<Delete20Regular />}>
                    {t('settings.deletion.delete')}
                  </Button>
                </DialogTrigger>
              </div>
            }
            title={t('settings.deletion.dialogTitle')}
            text={t('settings.deletion.dialogText')}
            busy={pending}
            cancelLabel={t('settings.deletion.keep')}
            confirmLabel={t('settings.deletion.confirm')}
            onConfirm={() => void requestDeletion()}
            danger
          >
            <FailureMessage error={failure} />
          </ConfirmDialog>
        </>
      )}
    </SettingsSection>
  )
}

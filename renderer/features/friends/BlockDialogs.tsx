import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserCard } from '../../../server/contract/socket/common'
import { blockUser, unblockUser } from './friends-actions'

/**
 * Asks before blocking or unblocking `user` (null: closed). Blocking says what it does to both of
 * them; the dialog closes once the server answered, and a refusal shows as a translated notice.
 */
export function BlockDialog({ user, unblock = false, onClose }: { user: UserCard | null; unblock?: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  const texts = unblock ? 'friends.unblock' : 'friends.block'
  const confirm = async () => {
    if (!user) return
    setBusy(true)
    try {
      await (unblock ? unblockUser(user.id) : blockUser(user))
    } finally {
      setBusy(false)
      onClose()
    }
  }
  return (
    <Dialog open={user !== null} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t(`${texts}.title`, { nickname: user?.nickname ?? '' })}</DialogTitle>
          <DialogContent>{t(`${texts}.text`, { nickname: user?.nickname ?? '' })}</DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t(`${texts}.cancel`)}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void confirm()} data-testid={unblock ? 'confirm-unblock' : 'confirm-block'}>
              {t(`${texts}.confirm`)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

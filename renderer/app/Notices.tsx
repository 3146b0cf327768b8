import { Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { noticesState, takeNotices } from '../state/notices'

/** Shows queued notices (state/notices.ts) as toasts: each key translated here, once, with its values. */
export function Notices() {
  const { t } = useTranslation()
  const toasterId = useId('notices')
  const { dispatchToast } = useToastController(toasterId)
  const { queue } = useSnapshot(noticesState)
  useEffect(() => {
    if (queue.length === 0) return
    for (const notice of takeNotices()) {
      dispatchToast(
        <Toast>
          <ToastTitle>{t(notice.text, notice.values)}</ToastTitle>
        </Toast>,
        { intent: notice.intent, timeout: 6000 },
      )
    }
  }, [queue.length, dispatchToast, t])
  return <Toaster toasterId={toasterId} position="bottom-end" pauseOnHover pauseOnWindowBlur />
}

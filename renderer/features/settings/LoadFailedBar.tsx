import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'

/** What failed to load (`message`, a translation key), why (the server's code, or a network error), and a retry button. */
export function LoadFailedBar(props: { message: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        {t(props.message)} {props.error instanceof ApiError ? t(props.error.code) : t('auth.common.networkError')}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={props.onRetry}>{t('settings.retry')}</Button>
      </MessageBarActions>
    </MessageBar>
  )
}

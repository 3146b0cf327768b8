import { Text, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { ApiError } from '../../api/client'
import { LazyMessageBar } from '../../components/LazyMessageBar'
import { formatDateTime } from './format'

const useStyles = makeStyles({
  hint: {
    color: tokens.colorPaletteDarkOrangeForeground1,
  },
  line: {
    display: 'block',
  },
})

/**
 * A form's failure that is not about one of its fields, translated. A 429 gets only a short hint:
 * the app's rate-limit dialog already tells the user how long to wait.
 */
export function FailureMessage({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  if (!error) return null
  if (error instanceof ApiError && error.status === 429) {
    return (
      <Text role="status" size={200} className={styles.hint}>
        {t('auth.common.rateLimitedHint')}
      </Text>
    )
  }
  const locale = i18n.language
  const details: string[] = []
  let title = t('auth.common.networkError')
  if (error instanceof ApiError) {
    title = t(error.code)
    if (error.code === 'errors.banned' && error.body.ban) {
      if (error.body.ban.reason) details.push(t('auth.common.banReason', { reason: error.body.ban.reason }))
      details.push(t('auth.common.banUntil', { date: formatDateTime(error.body.ban.time, locale) }))
    }
    if (error.code === 'errors.account_locked' && error.body.lockedUntil) {
      details.push(t('auth.common.lockedUntil', { date: formatDateTime(error.body.lockedUntil, locale) }))
    }
  }
  return (
    <LazyMessageBar intent="error" layout={details.length ? 'multiline' : 'auto'} title={title}>
      {details.map((line) => (
        <span key={line} className={styles.line}>
          {line}
        </span>
      ))}
    </LazyMessageBar>
  )
}

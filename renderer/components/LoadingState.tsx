import { makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Spinner } from './Spinner'

const useStyles = makeStyles({
  root: { display: 'flex', justifyContent: 'center', alignItems: 'center', paddingBlock: tokens.spacingVerticalXXXL, minHeight: '40vh' },
  full: { minHeight: '100dvh' },
})

/** A spinner with a translated label (empty until the first texts arrive). */
export function LoadingState({ fullScreen = false }: { fullScreen?: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const label = t('common.loading', { defaultValue: '' })
  return (
    <div className={fullScreen ? `${styles.root} ${styles.full}` : styles.root} role="status" aria-live="polite" aria-busy="true">
      <Spinner size="large" label={label || undefined} aria-label={label || undefined} />
    </div>
  )
}

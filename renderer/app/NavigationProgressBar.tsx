import { makeStyles, ProgressBar } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  progress: { position: 'fixed', insetBlockStart: 0, insetInline: 0, zIndex: 1000 },
})

/** The bar along the top of the window while the next screen loads (RootShell shows it). */
export function NavigationProgressBar() {
  const styles = useStyles()
  const { t } = useTranslation()
  return <ProgressBar className={styles.progress} thickness="large" aria-label={t('common.loading')} />
}

import { Button, makeStyles, Tooltip } from '@fluentui/react-components'
import { ArrowSync20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({ button: { width: '100%', justifyContent: 'flex-start' }, rail: { justifyContent: 'center' } })

/**
 * Re-calculates the ratings (GET /api/statistic/recalc). Rating ladders do not exist yet and neither
 * does that route, so the button stays disabled (still focusable, so its tooltip can be read).
 */
export function RecalcRatingButton({ expanded }: { expanded: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <Tooltip content={t('shell.recalcUnavailable')} relationship="description" positioning="after">
      <Button
        className={expanded ? styles.button : styles.rail}
        appearance="secondary"
        icon={<ArrowSync20Regular />}
        disabledFocusable
        aria-label={expanded ? undefined : t('shell.recalcRating')}
        data-testid="recalc-rating"
      >
        {expanded ? t('shell.recalcRating') : undefined}
      </Button>
    </Tooltip>
  )
}

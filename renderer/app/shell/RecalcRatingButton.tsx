import { Button, makeStyles, Spinner, Tooltip } from '@fluentui/react-components'
import { ArrowSync20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { recalcCalls, recalcStarts, startOrJoinRecalc } from '../../features/admin/dashboard/recalc'
import { errorKey } from '../../components/error-text'
import { notify } from '../../state/notices'

const useStyles = makeStyles({ button: { width: '100%', justifyContent: 'flex-start' }, rail: { justifyContent: 'center' } })

/**
 * Re-calculates every rating from the stored games (GET /api/statistic/recalc), or joins the
 * recompute already running, then opens the dashboard, whose panel shows its progress to the end.
 * A refusal is told in a notice.
 */
export function RecalcRatingButton({ expanded }: { expanded: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [starting, setStarting] = useState(false)

  async function start() {
    setStarting(true)
    try {
      await startOrJoinRecalc(recalcCalls)
      recalcStarts.at = Date.now()
      await navigate('/admin/dashboard')
    } catch (error) {
      notify(errorKey(error), 'error')
    } finally {
      setStarting(false)
    }
  }

  return (
    <Tooltip content={t('shell.recalcHint')} relationship="description" positioning="after">
      <Button
        className={expanded ? styles.button : styles.rail}
        appearance="secondary"
        icon={starting ? <Spinner size="tiny" /> : <ArrowSync20Regular />}
        disabledFocusable={starting}
        onClick={() => void start()}
        aria-label={expanded ? undefined : t('shell.recalcRating')}
        data-testid="recalc-rating"
      >
        {expanded ? t('shell.recalcRating') : undefined}
      </Button>
    </Tooltip>
  )
}

import { Button, Field, makeStyles, ProgressBar, Subtitle2, Text, tokens } from '@fluentui/react-components'
import { ArrowSync20Regular } from '@fluentui/react-icons'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { RecomputeProgress } from '../../../../server/contract/http'
import { errorText } from '../../../components/error-text'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { followRecalc, recalcCalls as calls, recalcShare, startOrJoinRecalc, recalcStarts } from './recalc'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1 },
  heading: { margin: 0 },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
})

/** How often the progress is read while a recompute runs. */
export const recalcPollMs = 1000

/**
 * The rating recompute: starts it (or joins the one running), then shows its progress until it
 * ends. A recompute already running when the screen opens is shown and followed too.
 */
export function RecalcPanel() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [progress, setProgress] = useState<RecomputeProgress | null>(null)
  const [finished, setFinished] = useState<RecomputeProgress | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [starting, setStarting] = useState(false)
  const abort = useRef<AbortController | null>(null)
  // Set when the drawer's button has just started a recompute: follow it from here.
  const startedFromDrawer = useSnapshot(recalcStarts).at

  function follow(first: RecomputeProgress, announceEnd: boolean) {
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    followRecalc(calls, first, setProgress, { intervalMs: recalcPollMs, signal: controller.signal })
      .then((last) => {
        if (!controller.signal.aborted && announceEnd && !last.running) setFinished(last)
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(error)
      })
  }

  useEffect(() => {
    // A recompute started elsewhere (another admin, another app server) is followed from here too.
    let live = true
    calls.status().then(
      (first) => {
        if (live && first.running) follow(first, true)
      },
      () => undefined,
    )
    return () => {
      live = false
      abort.current?.abort()
    }
  }, [startedFromDrawer])

  async function start() {
    setStarting(true)
    setFailure(null)
    setFinished(null)
    try {
      follow(await startOrJoinRecalc(calls), true)
    } catch (error) {
      setFailure(error)
    } finally {
      setStarting(false)
    }
  }

  const running = progress?.running ?? false
  const number = new Intl.NumberFormat(i18n.language)
  const counts = progress ? t('adminDashboard.recalc.counts', { done: number.format(progress.done), total: number.format(progress.total) }) : ''
  return (
    <section className={styles.root} aria-labelledby="dashboard-recalc" data-testid="dashboard-recalc">
      <Subtitle2 as="h2" id="dashboard-recalc" className={styles.heading}>
        {t('adminDashboard.recalc.title')}
      </Subtitle2>
      <Text>{t('adminDashboard.recalc.explain')}</Text>
      <div className={styles.row}>
        <Button appearance="primary" icon={<ArrowSync20Regular />} disabled={running || starting} onClick={() => void start()} data-testid="recalc-start">
          {t('adminDashboard.recalc.start')}
        </Button>
      </div>
      {running && progress ? (
        <Field label={t('adminDashboard.recalc.running')} validationMessage={counts} validationState="none" data-testid="recalc-progress">
          <ProgressBar value={recalcShare(progress)} max={1} aria-valuetext={counts} />
        </Field>
      ) : null}
      {finished ? (
        <div role="status" data-testid="recalc-done">
          <TextMessageBar intent="success">{t('adminDashboard.recalc.done', { total: number.format(finished.total) })}</TextMessageBar>
        </div>
      ) : null}
      {failure ? <TextMessageBar intent="error">{errorText(t, failure)}</TextMessageBar> : null}
    </section>
  )
}

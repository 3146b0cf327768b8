import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens, typographyStyles } from '@fluentui/react-components'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { durationParts, localeState } from '../../i18n'
import { translatePlural } from '../../i18n/plural'
import { dismissRateLimit, rateLimitState, tickRateLimit } from '../../state/rate-limit'

/** The countdown ticks once a second (spec section 9). */
export const rateLimitTickMilliseconds = 1000

const useStyles = makeStyles({
  surface: { width: '400px', maxWidth: 'calc(100vw - 32px)', boxSizing: 'border-box' },
  title: { textAlign: 'center' },
  content: { display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: tokens.spacingVerticalM },
  left: { margin: 0, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: tokens.spacingHorizontalXS, ...typographyStyles.body1Strong },
  countdown: { fontVariantNumeric: 'tabular-nums' },
  text: { margin: 0, textAlign: 'center' },
  actions: { gridColumnStart: 1, gridColumnEnd: -1, justifySelf: 'center', justifyContent: 'center' },
})

/**
 * The global rate-limit notice: open while seconds are left, counting down each second, closing at 0;
 * Ok closes it at once.
 */
export function RateLimitDialog() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { secondsLeft } = useSnapshot(rateLimitState)
  const { locale } = useSnapshot(localeState)
  const open = secondsLeft > 0

  useEffect(() => {
    if (!open) return
    const timer = setInterval(tickRateLimit, rateLimitTickMilliseconds)
    return () => clearInterval(timer)
  }, [open])

  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_event, data) => (data.open ? undefined : dismissRateLimit())}>
      <DialogSurface className={styles.surface} data-testid="rate-limit-dialog">
        <DialogBody>
          <DialogTitle className={styles.title}>{t('error.429.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1 as="p" className={styles.text}>
              {t('error.429.text')}
            </Body1>
            <p className={styles.left}>
              <span>{t('error.429.left')}</span>
              <span className={styles.countdown} data-testid="rate-limit-countdown">
                {durationParts(secondsLeft).map(({ unit, value }, index) => (
                  <span key={unit} data-unit={unit}>
                    {index > 0 ? ' ' : ''}
                    {`${value} ${translatePlural(t, locale, `units.${unit}`, value)}`}
                  </span>
                ))}
              </span>
            </p>
          </DialogContent>
          <DialogActions className={styles.actions} fluid={false}>
            <Button appearance="primary" onClick={dismissRateLimit} data-testid="rate-limit-ok">
              {t('common.ok')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

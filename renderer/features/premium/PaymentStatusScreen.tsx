import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { buyRoutes, type PremiumTransaction } from '../../../server/contract/http/buy'
import { ApiError, call } from '../../api/client'
import { errorText } from '../../components/error-text'
import { Screen } from '../../components/Screen'
import { TextMessageBar } from '../../components/TextMessageBar'
import { loadCurrentUser } from '../../state/session'

/** How often a pending payment's status is asked for. */
export const statusPollMs = 2000

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, alignItems: 'flex-start' },
  links: { display: 'flex', gap: tokens.spacingHorizontalL },
})

/**
 * /success (the card provider and the sandbox send the buyer here) and /thankyou (PayPal, which first
 * needs the capture): the transaction's live status, asked again until it is settled.
 */
function PaymentStatus({ capture }: { capture: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const id = params.get('tx')
  const orderId = params.get('token')
  const [transaction, setTransaction] = useState<PremiumTransaction | null>(null)
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    if (!id) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const ask = async () => {
      try {
        const answer = await call(buyRoutes.transaction, { params: { id } })
        if (stopped) return
        setTransaction(answer)
        if (answer.status === 'pending') timer = setTimeout(() => void ask(), statusPollMs)
        else if (answer.status === 'paid') void loadCurrentUser()
      } catch (failure) {
        if (!stopped) setError(failure)
      }
    }
    const start = async () => {
      if (capture && orderId) {
        // Back from PayPal: capture the approved order (a capture the notice already made is fine).
        await call(buyRoutes.paypalConfirm, { body: { orderId } }).catch((failure: unknown) => {
          if (!(failure instanceof ApiError && failure.code === 'errors.buy.already_paid') && !stopped) setError(failure)
        })
      }
      await ask()
    }
    void start()
    return () => {
      stopped = true
      if (timer) clearTimeout(timer)
    }
  }, [id, orderId, capture])

  const status = transaction?.status
  const gift = transaction && transaction.direction === 'gift_sent' && transaction.recipient
  return (
    <Screen title={t('premium.success.title')}>
      <div className={styles.body} aria-live="polite">
        {!id ? <TextMessageBar intent="warning">{t('premium.success.missing')}</TextMessageBar> : null}
        {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
        {transaction?.testMode ? <TextMessageBar intent="warning">{t('premium.testMode')}</TextMessageBar> : null}
        {id && !error && (!transaction || status === 'pending') ? <Spinner label={t('premium.success.waiting')} data-testid="payment-waiting" /> : null}
        {status && status !== 'pending' ? (
          <Text size={500} data-testid="payment-status" data-status={status}>
            {status === 'paid' ? (gift ? t('premium.success.giftPaid', { nickname: gift.nickname }) : t('premium.success.paid')) : t(`premium.success.${status}`)}
          </Text>
        ) : null}
        <div className={styles.links}>
          <Link to="/transactions">
            <Button appearance="secondary">{t('premium.success.transactions')}</Button>
          </Link>
          <Link to="/premium">{t('premium.success.back')}</Link>
        </div>
      </div>
    </Screen>
  )
}

export function PaymentSuccessScreen() {
  return <PaymentStatus capture={false} />
}

export function ThankYouScreen() {
  return <PaymentStatus capture />
}

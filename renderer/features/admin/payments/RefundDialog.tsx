import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buyRoutes, type PremiumTransaction } from '../../../../server/contract/http/buy'
import { call } from '../../../api/client'
import { errorText } from '../../../components/error-text'
import { TextMessageBar } from '../../../components/TextMessageBar'
import { formatPrice } from '../../premium/premium-format'

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } })

/**
 * Asks before refunding a payment (the money goes back and the premium days it gave end), then
 * shows what came of it: the transaction as the server now has it, or the refusal, translated.
 */
export function RefundDialog({ transaction, onClose }: { transaction: PremiumTransaction; onClose: (refunded: PremiumTransaction | null) => void }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<{ refunded: PremiumTransaction } | { error: unknown } | null>(null)

  async function refund() {
    setBusy(true)
    try {
      setOutcome({ refunded: await call(buyRoutes.adminRefund, { params: { id: transaction.id } }) })
    } catch (error) {
      setOutcome({ error })
    } finally {
      setBusy(false)
    }
  }

  const close = () => onClose(outcome && 'refunded' in outcome ? outcome.refunded : null)
  const done = outcome !== null && 'refunded' in outcome
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => (!data.open && !busy ? close() : undefined)}>
      <DialogSurface data-testid="refund-dialog">
        <DialogBody>
          <DialogTitle>{t('adminDashboard.payments.refundTitle')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Text>
              {t('adminDashboard.payments.refundWhat', {
                amount: formatPrice(transaction.amount, transaction.currency, i18n.language),
                buyer: transaction.buyer?.nickname ?? '—',
                recipient: transaction.recipient?.nickname ?? '—',
                days: transaction.days,
              })}
            </Text>
            {!done ? <Text weight="semibold">{t('premium.admin.refundConfirm')}</Text> : null}
            {outcome && 'refunded' in outcome ? (
              <div role="status" data-testid="refund-outcome">
                <TextMessageBar intent="success" title={t('premium.admin.refunded')}>
                  {t('adminDashboard.payments.statusNow', { status: t(`premium.status.${outcome.refunded.status}`) })}
                </TextMessageBar>
              </div>
            ) : null}
            {outcome && 'error' in outcome ? (
              <div role="alert" data-testid="refund-error">
                <TextMessageBar intent="error">{errorText(t, outcome.error)}</TextMessageBar>
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            {done ? (
              <Button appearance="primary" onClick={close} data-testid="refund-close">
                {t('adminDashboard.payments.close')}
              </Button>
            ) : (
              <>
                <Button appearance="secondary" disabled={busy} onClick={close} autoFocus>
                  {t('premium.admin.cancel')}
                </Button>
                <Button appearance="primary" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void refund()} data-testid="refund-confirm">
                  {t('premium.admin.refund')}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

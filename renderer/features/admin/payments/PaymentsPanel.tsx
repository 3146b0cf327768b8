import {
  Badge,
  Button,
  createTableColumn,
  Field,
  makeStyles,
  Select,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { ReceiptMoney20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buyRoutes, transactionStatuses, type PremiumTransaction, type TransactionStatus } from '../../../../server/contract/http/buy'
import { call } from '../../../api/client'
import { EmptyState } from '../../../components/EmptyState'
import { formatPrice } from '../../premium/premium-format'
import { AdminGrid, usePagedList } from '../shared'
import { RefundDialog } from './RefundDialog'
import { isRefundable } from './refundable'

export const paymentsPageSize = 20

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'end' },
  amount: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', flexWrap: 'wrap' },
})

/** Every premium transaction of the club, newest first, by status and page; a paid purchase can be refunded. */
export function PaymentsPanel() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [status, setStatus] = useState<TransactionStatus | ''>('')
  const [refunding, setRefunding] = useState<PremiumTransaction | null>(null)

  const list = usePagedList((page, signal) => call(buyRoutes.adminTransactions, { query: { page, limit: paymentsPageSize, ...(status ? { status } : {}) }, signal }), {
    pageSize: paymentsPageSize,
    filters: status,
  })

  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language)
  const person = (who: PremiumTransaction['buyer']) => (who ? <span dir="auto">{who.nickname}</span> : '—')
  const columns: TableColumnDefinition<PremiumTransaction>[] = [
    createTableColumn({ columnId: 'date', renderHeaderCell: () => t('adminDashboard.payments.date'), renderCell: (item) => date(item.createdAt) }),
    createTableColumn({ columnId: 'buyer', renderHeaderCell: () => t('premium.admin.buyer'), renderCell: (item) => person(item.buyer) }),
    createTableColumn({ columnId: 'recipient', renderHeaderCell: () => t('premium.admin.recipient'), renderCell: (item) => person(item.recipient) }),
    createTableColumn({
      columnId: 'product',
      renderHeaderCell: () => t('adminDashboard.payments.product'),
      renderCell: (item) => (item.productId ? t(`premium.products.${item.productId}`, { defaultValue: item.productId }) : t('premium.days', { count: item.days })),
    }),
    createTableColumn({
      columnId: 'amount',
      renderHeaderCell: () => t('adminDashboard.payments.amount'),
      renderCell: (item) => (
        <span className={styles.amount}>
          {item.kind === 'grant' ? '—' : formatPrice(item.amount, item.currency, i18n.language)}
          <Badge appearance="outline" color="informative">
            {item.processor}
          </Badge>
          {item.testMode ? (
            <Badge appearance="tint" color="warning">
              {t('premium.transactions.test')}
            </Badge>
          ) : null}
        </span>
      ),
    }),
    createTableColumn({ columnId: 'status', renderHeaderCell: () => t('adminDashboard.payments.status'), renderCell: (item) => t(`premium.status.${item.status}`) }),
    createTableColumn({
      columnId: 'actions',
      renderHeaderCell: () => t('adminDashboard.payments.actions'),
      renderCell: (item) =>
        isRefundable(item) ? (
          <Button size="small" onClick={() => setRefunding(item)} data-testid="payment-refund">
            {t('premium.admin.refund')}
          </Button>
        ) : null,
    }),
  ]

  return (
    <section className={styles.root} aria-label={t('premium.admin.transactions')} data-testid="dashboard-payments">
      <div className={styles.filters}>
        <Field label={t('adminDashboard.payments.status')}>
          <Select
            value={status}
            onChange={(_, data) => setStatus(data.value as TransactionStatus | '')}
            data-testid="payments-status"
          >
            <option value="">{t('adminPanel.any')}</option>
            {transactionStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`premium.status.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <AdminGrid
        list={list}
        columns={columns}
        getRowId={(item) => item.id}
        label={t('premium.admin.transactions')}
        empty={<EmptyState icon={<ReceiptMoney20Regular />} title={t('adminDashboard.payments.empty')} />}
        pager={{ label: t('adminPanel.pager'), previous: t('adminPanel.previous'), next: t('adminPanel.next'), status: t('adminPanel.page', { page: list.page, pages: list.pages, total: list.result?.total ?? 0 }) }}
        testId="payments-grid"
        rowTestId={() => 'payment-row'}
        rowData={(item) => ({ 'data-status': item.status })}
      />
      {refunding ? (
        <RefundDialog
          key={refunding.id}
          transaction={refunding}
          onClose={(refunded) => {
            setRefunding(null)
            if (refunded) list.reload()
          }}
        />
      ) : null}
    </section>
  )
}

import { Badge, Button, makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components'
import { ReceiptMoney20Regular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buyRoutes, type PremiumTransaction, type TransactionList } from '../../../server/contract/http/buy'
import { call } from '../../api/client'
import { EmptyState } from '../../components/EmptyState'
import { errorText } from '../../components/error-text'
import { Screen } from '../../components/Screen'
import { TextMessageBar } from '../../components/TextMessageBar'
import { formatDate, formatPrice } from './premium-format'

export const transactionsPageSize = 20

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  pager: { display: 'flex', gap: tokens.spacingHorizontalS, marginBlockStart: tokens.spacingVerticalM },
})

type Translate = (key: string, options?: Record<string, unknown>) => string

/** Who a transaction was for, from the reader's side. */
export function whoText(t: Translate, item: PremiumTransaction): string {
  const someone = t('premium.transactions.someone')
  if (item.direction === 'grant') return item.reason ? `${t('premium.transactions.grant')}: ${item.reason}` : t('premium.transactions.grant')
  if (item.direction === 'gift_sent') return t('premium.transactions.giftSent', { nickname: item.recipient?.nickname ?? someone })
  if (item.direction === 'gift_received') return t('premium.transactions.giftReceived', { nickname: item.buyer?.nickname ?? someone })
  return t('premium.transactions.own')
}

/** /transactions: the reader's premium purchases, the gifts they gave and received, and rewards, newest first. */
export function TransactionsScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [page, setPage] = useState(1)
  const [list, setList] = useState<TransactionList | null>(null)
  const [error, setError] = useState<unknown>(null)

  useEffect(() => {
    const abort = new AbortController()
    call(buyRoutes.transactions, { query: { page, limit: transactionsPageSize }, signal: abort.signal })
      .then(setList)
      .catch((failure: unknown) => {
        if (!abort.signal.aborted) setError(failure)
      })
    return () => abort.abort()
  }, [page])

  const pages = list ? Math.max(1, Math.ceil(list.total / transactionsPageSize)) : 1
  return (
    <Screen title={t('premium.transactions.title')}>
      {error ? <TextMessageBar intent="error">{errorText(t, error)}</TextMessageBar> : null}
      {list === null && !error ? <Spinner label={t('premium.transactions.loading')} /> : null}
      {list && list.items.length === 0 ? (
        <EmptyState icon={<ReceiptMoney20Regular />} title={t('premium.transactions.empty')} action={<Link to="/premium">{t('premium.title')}</Link>} />
      ) : null}
      {list && list.items.length > 0 ? (
        <div className={styles.scroll}>
          <Table aria-label={t('premium.transactions.title')} data-testid="transactions">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('premium.transactions.date')}</TableHeaderCell>
                <TableHeaderCell>{t('premium.transactions.product')}</TableHeaderCell>
                <TableHeaderCell>{t('premium.transactions.who')}</TableHeaderCell>
                <TableHeaderCell>{t('premium.transactions.amount')}</TableHeaderCell>
                <TableHeaderCell>{t('premium.transactions.status')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.items.map((item) => (
                <TableRow key={item.id} data-testid="transaction" data-direction={item.direction} data-status={item.status}>
                  <TableCell>{formatDate(item.createdAt, i18n.language)}</TableCell>
                  <TableCell>{item.productId ? t(`premium.products.${item.productId}`) : t('premium.days', { count: item.days })}</TableCell>
                  <TableCell>{whoText(t, item)}</TableCell>
                  <TableCell>
                    {item.kind === 'grant' ? '—' : formatPrice(item.amount, item.currency, i18n.language)}{' '}
                    {item.testMode && item.kind === 'purchase' ? <Badge appearance="tint" color="warning">{t('premium.transactions.test')}</Badge> : null}
                  </TableCell>
                  <TableCell>{t(`premium.status.${item.status}`)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {pages > 1 ? (
            <div className={styles.pager}>
              <Button
                disabled={page <= 1}
                onClick={() => {
                  setList(null)
                  setPage(page - 1)
                }}
              >
                {t('premium.transactions.previous')}
              </Button>
              <Button
                disabled={page >= pages}
                onClick={() => {
                  setList(null)
                  setPage(page + 1)
                }}
              >
                {t('premium.transactions.next')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </Screen>
  )
}

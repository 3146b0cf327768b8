import type { PremiumTransaction } from '../../../../server/contract/http/buy'

/** What the server refunds: a paid purchase (a grant moved no money; other statuses were never paid or are already back). */
export function isRefundable(transaction: Pick<PremiumTransaction, 'status' | 'kind'>): boolean {
  return transaction.status === 'paid' && transaction.kind === 'purchase'
}

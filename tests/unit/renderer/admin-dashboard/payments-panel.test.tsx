// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../renderer/api/client'
import { PaymentsPanel } from '../../../../renderer/features/admin/payments'
import type { RouteDefinition } from '../../../../server/contract/http'
import { buyRoutes, type PremiumTransaction } from '../../../../server/contract/http/buy'
import { answerCalls, type CallAnswer } from '../calls'
import { createShellI18n, renderWithProviders } from '../shell/support'

// jsdom has no ResizeObserver; Fluent's data grid and message bars ask for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

/** The server: what each test makes it answer. */
const call = vi.fn<CallAnswer>()
answerCalls(call)

const transaction = (id: string, overrides: Partial<PremiumTransaction> = {}): PremiumTransaction => ({
  id,
  kind: 'purchase',
  status: 'paid',
  productId: 'month',
  processor: 'sandbox',
  testMode: true,
  days: 30,
  amount: 499,
  currency: 'USD',
  buyer: { id: 5, nickname: 'Alice' },
  recipient: { id: 6, nickname: 'Bob' },
  direction: 'own',
  reason: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  paidAt: '2026-11-20T10:01:00.000Z',
  ...overrides,
})

let ledger: PremiumTransaction[] = []
let refund: (id: string) => Promise<PremiumTransaction>
const listed: unknown[] = []

let i18n: I18n
beforeAll(async () => {
  i18n = await createShellI18n('en')
})

beforeEach(() => {
  listed.length = 0
  ledger = [transaction('paid-purchase-1'), transaction('pending-purchase', { status: 'pending' }), transaction('grant-000001', { kind: 'grant', amount: 0 })]
  refund = (id) => {
    const row = ledger.find((item) => item.id === id) as PremiumTransaction
    row.status = 'refunded'
    return Promise.resolve({ ...row })
  }
  call.mockImplementation((route: RouteDefinition, input: { query?: { status?: string }; params?: { id: string } }) => {
    if (route === buyRoutes.adminTransactions) {
      listed.push(input.query)
      const items = ledger.filter((item) => !input.query?.status || item.status === input.query.status).map((item) => ({ ...item }))
      return Promise.resolve({ items, total: items.length })
    }
    if (route === buyRoutes.adminRefund) return refund(input.params?.id ?? '')
    return Promise.reject(new Error(`unexpected call ${route.url}`))
  })
})

afterEach(() => {
  cleanup()
})

describe('the payments panel', () => {
  it('offers a refund for a paid purchase only, asks first, and shows the outcome and the new status', async () => {
    const typing = userEvent.setup({ delay: null })
    renderWithProviders(i18n, <PaymentsPanel />)
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(3))
    const refundButtons = screen.getAllByTestId('payment-refund')
    expect(refundButtons).toHaveLength(1)
    await typing.click(refundButtons[0] as HTMLElement)
    const dialog = await screen.findByTestId('refund-dialog')
    expect(dialog.textContent).toContain(i18n.t('premium.admin.refundConfirm'))
    expect(ledger[0]?.status).toBe('paid')
    await typing.click(within(dialog).getByTestId('refund-confirm'))
    const outcome = await screen.findByTestId('refund-outcome')
    expect(outcome.textContent).toContain(i18n.t('premium.admin.refunded'))
    expect(outcome.textContent).toContain(i18n.t('premium.status.refunded'))
    await typing.click(screen.getByTestId('refund-close'))
    // The list is read again and shows the refund.
    await waitFor(() => expect(screen.getAllByTestId('payment-row')[0]?.getAttribute('data-status')).toBe('refunded'))
    expect(screen.queryAllByTestId('payment-refund')).toHaveLength(0)
  })

  it('shows a refused refund translated, in the dialog', async () => {
    const typing = userEvent.setup({ delay: null })
    refund = () => Promise.reject(new ApiError(409, 'errors.buy.not_refundable', {}))
    renderWithProviders(i18n, <PaymentsPanel />)
    await typing.click(await screen.findByTestId('payment-refund'))
    await typing.click(await screen.findByTestId('refund-confirm'))
    expect((await screen.findByTestId('refund-error')).textContent).toContain(i18n.t('errors.buy.not_refundable'))
  })

  it('filters by status on the server', async () => {
    const typing = userEvent.setup({ delay: null })
    renderWithProviders(i18n, <PaymentsPanel />)
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(3))
    await typing.selectOptions(screen.getByTestId('payments-status'), 'pending')
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(1))
    expect(listed.at(-1)).toEqual({ page: 1, limit: 20, status: 'pending' })
  })
})

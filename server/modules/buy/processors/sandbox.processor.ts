import { badRequest } from '../../../lib/app-error'
import type { PaymentProcessor } from './processor'

/**
 * Test mode: the processor when neither provider has keys. Its "provider page" is the app's own
 * approval page (`/api/buy/sandbox/{transaction}`), marked as test mode; paying there marks the
 * transaction paid through the same ledger as a provider's notice. No money moves, and it takes no
 * notices from outside. Its page's address is relative: it is this app's, whatever address the
 * buyer reached it by.
 */
export function createSandboxProcessor(): PaymentProcessor {
  return {
    id: 'sandbox',
    kind: 'test',
    testMode: true,
    async startCheckout(request) {
      return { sessionId: `sandbox_${request.transactionId}`, redirectUrl: `/api/buy/sandbox/${request.transactionId}` }
    },
    async readNotice() {
      throw badRequest('errors.buy.bad_signature')
    },
    async refund() {
      // Nothing was taken.
    },
  }
}

/** Premium credited to the signed-in user: a purchase of their own paid, a gift received, a grant. */
export interface PremiumCredited {
  transactionId: string
  days: number
  /** The new premium end, ISO. */
  premiumUntil: string | null
  /** Who paid when it is a gift from someone else; null otherwise. */
  from: { id: number; nickname: string } | null
  kind: 'purchase' | 'gift' | 'grant'
}

export interface PremiumServerEvents {
  /** Sent to every socket of the user whose premium was credited, on every app server. */
  'premium:credited': (payload: PremiumCredited) => void
}

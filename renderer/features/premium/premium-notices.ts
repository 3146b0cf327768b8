import { registerConnectHook, type AppSocket } from '../../realtime'
import { notify } from '../../state/notices'
import { loadCurrentUser } from '../../state/session'

const attached = new WeakSet<AppSocket>()

/**
 * Premium credited to the viewer (their payment, a friend's gift, a reward): the user is reloaded at
 * once, so the premium logo and avatar show without a page load, and a notice says what happened.
 */
export function attachPremiumNotices(socket: AppSocket): void {
  if (attached.has(socket)) return
  attached.add(socket)
  socket.on('premium:credited', (credited) => {
    void loadCurrentUser()
    const key = credited.kind === 'gift' ? 'premium.notice.gift' : credited.kind === 'grant' ? 'premium.notice.grant' : 'premium.notice.purchase'
    // The key and its values, not a text: the toaster translates with the app's own i18next instance.
    notify(key, 'success', { count: credited.days, nickname: credited.from?.nickname ?? '' })
  })
}

let started = false

/** Follows the one socket. Safe to call twice. */
export function startPremiumNotices(): void {
  if (started) return
  started = true
  registerConnectHook((socket) => attachPremiumNotices(socket))
}

import i18next from 'i18next'
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
    notify(i18next.t(key, { count: credited.days, nickname: credited.from?.nickname ?? '' }), 'success')
  })
}

let started = false

/** Follows the one socket. Safe to call twice. */
export function startPremiumNotices(): void {
  if (started) return
  started = true
  registerConnectHook((socket) => attachPremiumNotices(socket))
}

import { serverOriginOf } from '../platform/bridge'
import { runTableMedia, type TableMediaHandle, type TableMediaOptions } from './table-media'

export { reconnectDelay } from './backoff'
export { markSoundBlocked, mediaState, type MediaStatus, type PeerMedia, type TableMediaState } from './media-state'
export { signallingUrl } from './signalling-url'
export { TicketRefused, type LocalMedia, type TableMediaHandle } from './table-media'

let current: TableMediaHandle | null = null

/**
 * Joins a table's media room with this browser's WebRTC (one table at a time: a running one is left
 * first). The state is `mediaState`.
 */
export function startTableMedia(options: Omit<TableMediaOptions, 'environment' | 'origin' | 'state'>): TableMediaHandle {
  current?.stop()
  const handle = runTableMedia({
    ...options,
    // The page's own server in a browser; the chosen club server in the desktop app.
    origin: serverOriginOf(window.location.origin),
    environment: { WebSocket: window.WebSocket, RTCPeerConnection: window.RTCPeerConnection, MediaStream: window.MediaStream },
  })
  current = handle
  // Back online: join again at once rather than after the backoff.
  const online = () => handle.retryNow()
  window.addEventListener('online', online)
  void handle.done.then(() => {
    window.removeEventListener('online', online)
    if (current === handle) current = null
  })
  return handle
}

/** Leaves the table's media room, if this browser is in one. */
export function stopTableMedia(): void {
  current?.stop()
  current = null
}

/** Asks for one peer in high quality (a pinned tile), or null to follow the speaker. */
export function preferPeer(peerId: string | null): void {
  current?.prefer(peerId)
}

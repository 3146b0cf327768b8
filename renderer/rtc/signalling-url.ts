/**
 * The signalling WebSocket's address from a media ticket: the ticket may carry an absolute
 * `ws:`/`wss:` URL (a media node of its own) or a path on the app's origin (the built-in server),
 * and an `http:`/`https:` address is turned into its WebSocket twin.
 */
export function signallingUrl(ticketUrl: string, origin: string): string {
  const url = new URL(ticketUrl, origin)
  if (url.protocol === 'http:') url.protocol = 'ws:'
  else if (url.protocol === 'https:') url.protocol = 'wss:'
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new TypeError(`not a WebSocket address: ${url.protocol}`)
  return url.toString()
}

import { desktopChannelPrefix, type DesktopChannel } from './bridge'

const channelPattern = /^desktop:[a-z0-9]+(?:[:-][a-z0-9]+)*$/

/**
 * Whether a name is one of this app's IPC channels: `desktop:` followed by lower-case words joined by
 * `:` or `-`. The preload invokes and the main process handles nothing else, so neither side can be
 * talked into Electron's internal channels or another library's.
 */
export function isDesktopChannel(channel: unknown): channel is DesktopChannel {
  return typeof channel === 'string' && channel.startsWith(desktopChannelPrefix) && channelPattern.test(channel)
}

/** Returns the channel if it is a `desktop:*` channel; throws otherwise. */
export function assertDesktopChannel(channel: unknown): DesktopChannel {
  if (!isDesktopChannel(channel)) throw new Error(`Refused IPC channel ${JSON.stringify(channel)}: only desktop:* channels are allowed`)
  return channel
}

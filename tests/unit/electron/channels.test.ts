import { describe, expect, it } from 'vitest'
import { desktopChannelPrefix, desktopChannels } from '../../../electron/common/bridge'
import { assertDesktopChannel, isDesktopChannel } from '../../../electron/common/channels'

describe('the desktop channel guard', () => {
  it('lets every channel of the bridge through', () => {
    for (const channel of Object.values(desktopChannels)) {
      expect(channel.startsWith(desktopChannelPrefix)).toBe(true)
      expect(isDesktopChannel(channel)).toBe(true)
      expect(assertDesktopChannel(channel)).toBe(channel)
    }
  })

  it('names every channel once', () => {
    const channels = Object.values(desktopChannels)
    expect(new Set(channels).size).toBe(channels.length)
  })

  it.each([
    'ELECTRON_BROWSER_REQUIRE',
    'ELECTRON_GUEST_VIEW_MANAGER_CALL',
    'app:version',
    'desktop',
    'desktop:',
    'Desktop:app:version',
    'desktop:APP',
    'desktop:app::version',
    'desktop:app:version ',
    ' desktop:app:version',
    'xdesktop:app',
    'desktop:app/../version',
    '',
  ])('refuses %j', (channel) => {
    expect(isDesktopChannel(channel)).toBe(false)
    expect(() => assertDesktopChannel(channel)).toThrow(/only desktop:\* channels/)
  })

  it.each([undefined, null, 42, {}, ['desktop:app:version']])('refuses a non-string %j', (channel) => {
    expect(isDesktopChannel(channel)).toBe(false)
    expect(() => assertDesktopChannel(channel)).toThrow()
  })
})

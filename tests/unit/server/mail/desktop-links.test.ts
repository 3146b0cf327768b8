import { describe, expect, it } from 'vitest'
import { deepLinkRoute } from '../../../../electron/main/deep-links'
import { desktopLinkOf, withDesktopLink } from '../../../../server/modules/mail/mail.service'

describe('mails offer the desktop app\'s link beside the web link', () => {
  it('for confirmation, reset and sign-up links, in a form the app opens at the same screen', () => {
    for (const kind of ['confirm', 'reset', 'signup']) {
      const appLink = desktopLinkOf(`https://club.example.org/${kind}/Zk3_x-9aQ2bT7yWvLmN0pR4s`)
      expect(appLink).toBe(`mafia://${kind}/Zk3_x-9aQ2bT7yWvLmN0pR4s`)
      expect(deepLinkRoute(appLink)).toBe(`/${kind}/Zk3_x-9aQ2bT7yWvLmN0pR4s`)
    }
    for (const link of [undefined, 'https://club.example.org/main', 'https://club.example.org/reset/x', 'not a url', 'https://club.example.org/confirm/abc/def']) expect(desktopLinkOf(link)).toBeNull()
  })

  it('on the line after the web link, leaving other mails as they are', () => {
    const link = 'http://localhost:8080/confirm/Zk3_x-9aQ2bT7yWvLmN0pR4s'
    expect(withDesktopLink({ text: `Hello!\n\n${link}\n\nBye`, link })).toBe(`Hello!\n\n${link}\n🖥 mafia://confirm/Zk3_x-9aQ2bT7yWvLmN0pR4s\n\nBye`)
    expect(withDesktopLink({ text: 'No link here', link })).toBe('No link here')
    expect(withDesktopLink({ text: 'Plain mail' })).toBe('Plain mail')
  })
})

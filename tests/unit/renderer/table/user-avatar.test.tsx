// @vitest-environment jsdom
import { FluentProvider, webDarkTheme } from '@fluentui/react-components'
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { initialsOf, UserAvatar } from '../../../../renderer/components/UserAvatar'

afterEach(() => cleanup())

describe('avatar initials', () => {
  it('keep a Latin name\'s initials in order on a right-to-left page, in their own direction', () => {
    const { container } = render(
      <FluentProvider theme={webDarkTheme} dir="rtl">
        <UserAvatar user={{ nickname: 'Oleh Kovalenko', avatar: null, isPremium: false }} />
      </FluentProvider>,
    )
    const initials = container.querySelector('[dir="auto"]')
    expect(initials?.textContent).toBe('OK')
  })

  it('take the first and the last word of two or three, one initial for one word, none from symbols', () => {
    expect(initialsOf('Oleh Kovalenko')).toBe('OK')
    expect(initialsOf('anna maria smith')).toBe('AS')
    expect(initialsOf('Vesper')).toBe('V')
    expect(initialsOf('דנה לוי')).toBe('דל')
    expect(initialsOf('★ [] ')).toBe('')
  })
})

// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AuthTabs, focusTarget } from '../../../../renderer/features/auth/AuthTabs'

afterEach(cleanup)

function Tabs({ dir = 'ltr', onIntent = () => {} }: { dir?: 'ltr' | 'rtl'; onIntent?: () => void }) {
  const [selected, setSelected] = useState<'signin' | 'signup'>('signin')
  return (
    <FluentProvider theme={webLightTheme} dir={dir}>
      <AuthTabs
        label="Account"
        selected={selected}
        onSelect={setSelected}
        panelId="panel"
        tabs={[
          { value: 'signin', label: 'Sign in', id: 'tab-signin' },
          { value: 'signup', label: 'Create account', id: 'tab-signup', onIntent },
        ]}
      />
      <button type="button">After the tabs</button>
    </FluentProvider>
  )
}

const tab = (name: string) => screen.getByRole('tab', { name })

describe('the sign-in page tabs', () => {
  it('are one Tab stop on the selected tab, labelled, and point at their panel', async () => {
    render(<Tabs />)
    expect(screen.getByRole('tablist', { name: 'Account' })).toBeTruthy()
    expect(tab('Sign in').getAttribute('aria-selected')).toBe('true')
    expect(tab('Create account').getAttribute('aria-selected')).toBe('false')
    expect(tab('Create account').getAttribute('aria-controls')).toBe('panel')
    const user = userEvent.setup()
    await user.tab()
    expect(document.activeElement).toBe(tab('Sign in'))
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After the tabs' }))
  })

  it('move the focus with the arrows, Home and End, and select with Enter or Space', async () => {
    render(<Tabs />)
    const user = userEvent.setup()
    await user.tab()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(tab('Create account'))
    expect(tab('Sign in').getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{Enter}')
    expect(tab('Create account').getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(tab('Sign in'))
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(tab('Create account'))
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(tab('Sign in'))
    await user.keyboard(' ')
    expect(tab('Sign in').getAttribute('aria-selected')).toBe('true')
  })

  it('mirror the arrows right to left, wrapping at both ends', () => {
    // three tabs, so that the next and the previous tab differ
    expect(focusTarget('ArrowRight', 0, 3, false)).toBe(1)
    expect(focusTarget('ArrowLeft', 0, 3, false)).toBe(2)
    expect(focusTarget('ArrowRight', 0, 3, true)).toBe(2)
    expect(focusTarget('ArrowLeft', 0, 3, true)).toBe(1)
    expect(focusTarget('ArrowRight', 2, 3, false)).toBe(0)
    expect(focusTarget('End', 0, 3, true)).toBe(2)
    expect(focusTarget('Home', 2, 3, true)).toBe(0)
    expect(focusTarget('a', 0, 3, false)).toBeNull()
  })

  it("follow the provider's direction", async () => {
    render(<Tabs dir="rtl" />)
    const user = userEvent.setup()
    await user.tab()
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(tab('Create account'))
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(tab('Sign in'))
  })

  it('tell when a tab is pointed at or focused, before it is selected', async () => {
    const onIntent = vi.fn()
    render(<Tabs onIntent={onIntent} />)
    const user = userEvent.setup()
    await user.hover(tab('Create account'))
    expect(onIntent).toHaveBeenCalled()
    expect(tab('Create account').getAttribute('aria-selected')).toBe('false')
  })
})

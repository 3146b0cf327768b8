// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { cleanup, render, screen } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { I18nextProvider } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { LazyMessageBar } from '../../../../renderer/components/LazyMessageBar'
import { LoadingState } from '../../../../renderer/components/LoadingState'
import { SubmitButton } from '../../../../renderer/features/auth/SubmitButton'
import { createTestI18n } from '../auth/support'

let i18n: I18n
beforeAll(async () => {
  i18n = await createTestI18n()
})
afterEach(cleanup)

const show = (element: React.ReactElement) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={i18n}>{element}</I18nextProvider>
    </FluentProvider>,
  )

describe('the parts of the first pages drawn without Fluent’s own components', () => {
  it('the loading screen shows a busy indicator named with the translated “loading” text', () => {
    show(<LoadingState fullScreen />)
    const label = i18n.t('common.loading')
    expect(label).not.toBe('common.loading')
    expect(screen.getByRole('progressbar', { name: label })).toBeTruthy()
    // the label is shown beside the ring, as Fluent's Spinner shows it
    expect(screen.getByText(label).tagName).toBe('LABEL')
  })

  it('a pending submit button shows a busy indicator and stays focusable but inactive', () => {
    const { rerender } = show(<SubmitButton pending={false}>Sign in</SubmitButton>)
    expect(screen.queryByRole('progressbar')).toBeNull()
    rerender(
      <FluentProvider theme={webLightTheme}>
        <I18nextProvider i18n={i18n}>
          <SubmitButton pending>Sign in</SubmitButton>
        </I18nextProvider>
      </FluentProvider>,
    )
    expect(screen.getByRole('progressbar')).toBeTruthy()
    const button = screen.getByRole('button', { name: 'Sign in' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.hasAttribute('disabled')).toBe(false)
  })

  it('a message bar loaded on demand shows its title and text', async () => {
    show(
      <LazyMessageBar intent="error" title="Wrong password">
        Three attempts left
      </LazyMessageBar>,
    )
    expect(await screen.findByText('Wrong password')).toBeTruthy()
    expect(screen.getByText('Three attempts left')).toBeTruthy()
  })
})

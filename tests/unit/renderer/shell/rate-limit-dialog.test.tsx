// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { RateLimitDialog } from '../../../../renderer/features/rate-limit/RateLimitDialog'
import { dismissRateLimit, rateLimitState, showRateLimit, tickRateLimit } from '../../../../renderer/state/rate-limit'
import { createShellI18n, renderWithProviders } from './support'

let i18n: I18n

beforeAll(async () => {
  i18n = await createShellI18n('en')
})

beforeEach(() => {
  vi.useFakeTimers()
  dismissRateLimit()
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const countdown = () => screen.getByTestId('rate-limit-countdown').textContent

describe('rate-limit state', () => {
  it('keeps the longer wait and never goes below zero', async () => {
    showRateLimit(5)
    showRateLimit(3)
    expect(rateLimitState.secondsLeft).toBe(5)
    showRateLimit(8.2)
    expect(rateLimitState.secondsLeft).toBe(9)
    dismissRateLimit()
    tickRateLimit()
    expect(rateLimitState.secondsLeft).toBe(0)
    showRateLimit(Number.NaN)
    expect(rateLimitState.secondsLeft).toBe(0)
  })
})

describe('rate-limit dialog', () => {
  it('stays closed at 0', async () => {
    renderWithProviders(i18n, <RateLimitDialog />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('opens above 0 with the translated text and countdown, ticks each second and closes at 0', async () => {
    renderWithProviders(i18n, <RateLimitDialog />)
    await act(async () => {
      showRateLimit(62)
    })
    const dialog = screen.getByRole('dialog')
    expect(dialog.textContent).toContain(i18n.t('error.429.text'))
    expect(dialog.textContent).toContain(i18n.t('error.429.left'))
    expect(countdown()).toBe('1 minute 2 seconds')

    await act(async () => {
      vi.advanceTimersByTime(999)
    })
    expect(countdown()).toBe('1 minute 2 seconds')
    await act(async () => {
      vi.advanceTimersByTime(1)
    })
    expect(countdown()).toBe('1 minute 1 second')
    await act(async () => {
      vi.advanceTimersByTime(1000)
    })
    expect(countdown()).toBe('1 minute')
    await act(async () => {
      vi.advanceTimersByTime(59_000)
    })
    expect(countdown()).toBe('1 second')
    expect(screen.getByRole('dialog')).toBeTruthy()

    await act(async () => {
      vi.advanceTimersByTime(1000)
    })
    expect(rateLimitState.secondsLeft).toBe(0)
    await act(async () => {
      vi.runOnlyPendingTimers()
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('Ok sets the time to 0 and closes at once', async () => {
    renderWithProviders(i18n, <RateLimitDialog />)
    await act(async () => {
      showRateLimit(3600 * 24 * 40)
    })
    expect(countdown()).toBe('1 month 10 days')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: i18n.t('common.ok') }))
    })
    expect(rateLimitState.secondsLeft).toBe(0)
    await act(async () => {
      vi.runOnlyPendingTimers()
    })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows the units in the active language with their plural forms', async () => {
    const ukrainian = await createShellI18n('uk')
    const { localeState } = await import('../../../../renderer/i18n')
    await act(async () => {
      localeState.locale = 'uk'
    })
    try {
      renderWithProviders(ukrainian, <RateLimitDialog />)
      await act(async () => {
        showRateLimit(2 * 3600 + 22 * 60 + 11)
      })
      expect(countdown()).toBe('2 години 22 хвилини 11 секунд')
    } finally {
      localeState.locale = 'en'
    }
  })
})

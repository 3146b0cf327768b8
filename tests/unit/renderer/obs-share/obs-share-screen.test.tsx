// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ObsShareScreen } from '../../../../renderer/features/obs-share'
import { createTestI18n, renderScreen } from '../auth/support'

let i18n: I18n

beforeAll(async () => {
  i18n = await createTestI18n()
})

afterEach(() => {
  cleanup()
  window.location.hash = ''
})

describe('ObsShareScreen', () => {
  it('without a key says where the link comes from, and makes the page transparent only while shown', () => {
    window.location.hash = ''
    const view = renderScreen(i18n, <ObsShareScreen />, { path: '/obs-share' })
    expect(screen.getByTestId('obs-no-key').textContent).toBe(i18n.t('obsShare.noKey'))
    expect(document.documentElement.getAttribute('data-surface')).toBe('transparent')
    expect(screen.queryAllByRole('button')).toEqual([])
    view.unmount()
    expect(document.documentElement.hasAttribute('data-surface')).toBe(false)
  })
})

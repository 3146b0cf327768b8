// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { LazyMessageBar } from '../../../../renderer/components/LazyMessageBar'

// The message bar's chunk cannot be loaded (offline after the first page arrived).
vi.mock('../../../../renderer/components/TextMessageBar', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})
afterEach(cleanup)

it('a message whose bar cannot be loaded is still shown, as text the screen reader announces', async () => {
  render(
    <LazyMessageBar intent="error" title="No connection">
      Check the network and try again
    </LazyMessageBar>,
  )
  const alert = await screen.findByRole('alert')
  expect(alert.textContent).toContain('No connection')
  expect(alert.textContent).toContain('Check the network and try again')
})

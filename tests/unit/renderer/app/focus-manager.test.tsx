// @vitest-environment jsdom
import { Button, Dialog, DialogActions, DialogBody, DialogSurface, DialogTitle, FluentProvider, webDarkTheme } from '@fluentui/react-components'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { FocusManagerHolder } from '../../../../renderer/app/FocusManagerHolder'

afterEach(() => cleanup())

/** Long enough for the focus manager's queued update of what is hidden (250 ms) to run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 400)))

/** A page whose only focus-managed part is a notice in a modal dialog, as a judge's table page with no camera. */
function Page({ holder }: { holder: boolean }) {
  const [open, setOpen] = useState(true)
  return (
    <FluentProvider theme={webDarkTheme}>
      {holder ? <FocusManagerHolder /> : null}
      <main data-testid="page">the table</main>
      {open ? (
        <Dialog open modalType="alert">
          <DialogSurface>
            <DialogBody>
              <DialogTitle>No camera</DialogTitle>
              <DialogActions>
                <Button onClick={() => setOpen(false)}>OK</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </FluentProvider>
  )
}

describe('the focus manager held for the whole app', () => {
  /** Opens the page with its notice, dismisses it, and says whether the page's container is still hidden. */
  const dismiss = async (holder: boolean) => {
    const { container } = render(<Page holder={holder} />)
    screen.getByRole('button', { name: 'OK' }).focus()
    await settle()
    expect(container.getAttribute('aria-hidden'), 'the page is hidden while the modal is open').toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    await settle()
    return container.getAttribute('aria-hidden')
  }

  it('dismissing the last modal leaves the page readable by assistive technology', async () => {
    expect(await dismiss(true)).toBeNull()
  })

  it('without the holder, the page stays hidden (the defect the holder exists for)', async () => {
    expect(await dismiss(false)).toBe('true')
  })
})

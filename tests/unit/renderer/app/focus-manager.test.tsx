// @vitest-environment jsdom
import { Button, Dialog, DialogActions, DialogBody, DialogSurface, DialogTitle, FluentProvider, webDarkTheme } from '@fluentui/react-components'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState, type ComponentType } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createMemoryRouter, Outlet, RouterProvider, useNavigate, type RouteObject } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { FocusManagerHolder } from '../../../../renderer/app/FocusManagerHolder'
import type { LayoutName } from '../../../../renderer/app/route-handle'
import { RootShell } from '../../../../renderer/app/RootShell'
import { createShellI18n } from '../shell/support'

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

/** A screen whose modal dialog, once confirmed, closes and opens a screen in another layout (a table created from /main's dialog). */
function CreateScreen() {
  const [open, setOpen] = useState(true)
  const navigate = useNavigate()
  return (
    <>
      <p>the lobby</p>
      <Dialog open={open}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>New table</DialogTitle>
            <DialogActions>
              <Button
                onClick={() => {
                  setOpen(false)
                  void navigate('/table')
                }}
              >
                Create
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  )
}

/**
 * The app's route shape: a root route around one route per layout (`handle.layout`), each with its
 * screen. Each layout is a component of its own (`Layout` drawn inside it), so a new layout replaces
 * the previous one as the app's do.
 */
function appRoutes(Root: ComponentType, Layout: ComponentType): RouteObject[] {
  const layout = (name: LayoutName, path: string, Screen: ComponentType): RouteObject => {
    const Component = () => (
      <div data-layout={name}>
        <Layout />
      </div>
    )
    return { handle: { layout: name }, Component, children: [{ path, Component: Screen }] }
  }
  return [
    {
      Component: Root,
      children: [layout('empty', '/signin', () => <p>sign in</p>), layout('default', '/main', CreateScreen), layout('chat', '/table', () => <p>the table</p>)],
    },
  ]
}

describe('the focus manager held above the layouts', () => {
  const open = async (routes: RouteObject[], path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] })
    const i18n = await createShellI18n('en')
    const { container } = render(
      <FluentProvider theme={webDarkTheme}>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </FluentProvider>,
    )
    await settle()
    return container
  }

  /** Opens /main with its dialog, confirms it (on to the table's layout), and says whether the table's page is still hidden. */
  const createTable = async (routes: RouteObject[]) => {
    const container = await open(routes, '/main')
    screen.getByRole('button', { name: 'Create' }).focus()
    await settle()
    expect(container.getAttribute('aria-hidden'), 'the page is hidden while the modal is open').toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Create' }))
    await settle()
    expect(screen.getByText('the table')).toBeTruthy()
    return container.getAttribute('aria-hidden')
  }

  it('a dialog that closes on the way to another layout leaves the next page readable by assistive technology', async () => {
    expect(await createTable(appRoutes(RootShell, Outlet))).toBeNull()
  })

  it('held by each layout instead, the manager goes with the layout and the next page stays hidden (the defect)', async () => {
    const LayoutWithHolder = () => (
      <>
        <FocusManagerHolder />
        <Outlet />
      </>
    )
    expect(await createTable(appRoutes(Outlet, LayoutWithHolder))).toBe('true')
  })

  it('the first page in the empty layout (/signin) creates no focus manager', async () => {
    await open(appRoutes(RootShell, Outlet), '/signin')
    expect(screen.getByText('sign in')).toBeTruthy()
    expect((window as Window & { __tabsterInstance?: unknown }).__tabsterInstance).toBeUndefined()
  })
})

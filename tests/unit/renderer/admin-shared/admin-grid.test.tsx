// @vitest-environment jsdom
import { createTableColumn } from '@fluentui/react-components'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { i18n as I18n } from 'i18next'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../../renderer/api/client'
import { AdminGrid, usePagedList, type ListPage } from '../../../../renderer/features/admin/shared'
import { createShellI18n, renderWithProviders } from '../shell/support'

// jsdom has no ResizeObserver; Fluent's message bars ask for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

interface Row {
  id: number
  name: string
}

/** A request the test answers when it likes: what was asked, and the means to answer it. */
interface Pending {
  page: number
  filter: string
  signal: AbortSignal
  answer(page: ListPage<Row>): void
  fail(error: unknown): void
}

let i18n: I18n
beforeAll(async () => {
  i18n = await createShellI18n('en')
})
afterEach(cleanup)

const pageSize = 2
const gridText = () => screen.getByRole('grid', { name: 'Rows' }).textContent ?? ''
const rows = (...names: string[]): ListPage<Row> => ({ items: names.map((name, index) => ({ id: index + 1, name })), total: 5 })

/** A screen with a filter box and a grid over a server list whose answers the test gives. */
function renderList() {
  const requests: Pending[] = []
  function Harness() {
    const [filter, setFilter] = useState('')
    const list = usePagedList(
      (page, signal) => new Promise<ListPage<Row>>((resolve, reject) => requests.push({ page, filter, signal, answer: resolve, fail: reject })),
      { pageSize, filters: filter },
    )
    return (
      <>
        <input aria-label="Filter" value={filter} onChange={(event) => setFilter(event.target.value)} />
        <AdminGrid
          list={list}
          columns={[createTableColumn<Row>({ columnId: 'name', renderHeaderCell: () => 'Name', renderCell: (row) => row.name })]}
          getRowId={(row) => row.id}
          label="Rows"
          empty={<p>Nothing here</p>}
          pager={{ label: 'Pages', previous: 'Previous', next: 'Next', status: `Page ${list.page} of ${list.pages}` }}
          rowTestId={() => 'row'}
          rowData={(row) => ({ 'data-name': row.name })}
        />
      </>
    )
  }
  renderWithProviders(i18n, <Harness />)
  const last = () => requests.at(-1) as Pending
  return { requests, last }
}

describe('the admin grid over a server list', () => {
  it('shows a page, asks the server for the next one and back, with the pager saying where the reader is', async () => {
    const user = userEvent.setup({ delay: null })
    const { requests, last } = renderList()
    await waitFor(() => expect(requests).toHaveLength(1))
    expect(last().page).toBe(1)
    await act(async () => last().answer(rows('Ann', 'Bob')))
    expect(gridText()).toContain('Ann')
    // Each row carries the test id and the data attributes the screen gives it.
    expect(screen.getAllByTestId('row').map((row) => row.getAttribute('data-name'))).toEqual(['Ann', 'Bob'])
    expect(screen.getByText('Page 1 of 3')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true)

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(last().page).toBe(2))
    // While page 2 loads, page 1 stays on screen, marked busy, and the pager waits.
    expect(screen.getByRole('grid', { name: 'Rows' }).getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)
    await act(async () => last().answer(rows('Cid', 'Dan')))
    expect(gridText()).toContain('Cid')
    expect(screen.getByText('Page 2 of 3')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(last().page).toBe(1))
  })

  it('goes back to the first page when the filters change, and an answer overtaken by a newer request is never shown', async () => {
    const user = userEvent.setup({ delay: null })
    const { requests, last } = renderList()
    await waitFor(() => expect(requests).toHaveLength(1))
    await act(async () => last().answer(rows('Ann', 'Bob')))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(last().page).toBe(2))
    const overtaken = last()

    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'z')
    await waitFor(() => expect(last().filter).toBe('z'))
    expect(last().page).toBe(1)
    expect(overtaken.signal.aborted).toBe(true)
    await act(async () => last().answer({ items: [{ id: 9, name: 'Zoe' }], total: 1 }))
    // The old request answers late: the grid keeps the newer answer.
    await act(async () => overtaken.answer(rows('Old', 'Stale')))
    expect(gridText()).toContain('Zoe')
    expect(screen.queryByText('Old')).toBeNull()
    // A single page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
  })

  it('says why a page failed, translated, keeping the rows it had; an empty list shows its empty state', async () => {
    const user = userEvent.setup({ delay: null })
    const { requests, last } = renderList()
    await waitFor(() => expect(requests).toHaveLength(1))
    await act(async () => last().answer(rows('Ann', 'Bob')))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(last().page).toBe(2))
    await act(async () => last().fail(new ApiError(400, 'errors.page_out_of_range', { field: 'page' })))
    expect(screen.getByText(i18n.t('errors.page_out_of_range'))).toBeTruthy()
    expect(gridText()).toContain('Ann')

    await user.type(screen.getByRole('textbox', { name: 'Filter' }), 'q')
    await waitFor(() => expect(last().filter).toBe('q'))
    await act(async () => last().answer({ items: [], total: 0 }))
    expect(screen.getByText('Nothing here')).toBeTruthy()
    expect(screen.queryByText(i18n.t('errors.page_out_of_range'))).toBeNull()
  })
})

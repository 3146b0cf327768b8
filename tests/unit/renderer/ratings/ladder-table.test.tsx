// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import type { i18n as I18n } from 'i18next'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { LadderTable, searchDelayMs } from '../../../../renderer/features/ratings'
import type { RatingPage, RatingRow } from '../../../../server/contract/http'
import type { RouteDefinition } from '../../../../server/contract/http'
import { answerCalls } from '../calls'
import { createShellI18n, renderWithProviders } from '../shell/support'

const asked: Array<{ url: string; query: Record<string, unknown> }> = []
let answer: (query: Record<string, unknown>) => RatingPage

answerCalls((route: RouteDefinition, input: { query?: Record<string, unknown> }) => {
  asked.push({ url: route.url, query: input.query ?? {} })
  return answer(input.query ?? {})
})

const row = (rank: number, nickname: string, overrides: Partial<RatingRow> = {}): RatingRow => ({
  rank,
  userId: 100 + rank,
  nickname,
  avatar: null,
  rating: 1200 - rank,
  games: 12,
  winRate: 58.3,
  trend: rank === 1 ? 14.5 : -3,
  ...overrides,
})

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)))

let en: I18n
beforeAll(async () => {
  en = await createShellI18n('en')
})
beforeEach(() => {
  asked.length = 0
  answer = (query) => ({
    items: query.search ? [row(2, 'Marta')] : [row(1, 'Oleh'), row(2, 'Marta')],
    total: query.search ? 1 : 45,
    me: row(30, 'Me myself'),
    minGames: 5,
  })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function draw() {
  renderWithProviders(
    en,
    <MemoryRouter>
      <LadderTable ladderId="overall" title="Overall" />
    </MemoryRouter>,
  )
}

describe('LadderTable', () => {
  it('draws the server’s rows with links to each player’s statistics, and pins the reader’s own row above them', async () => {
    draw()
    await settle()
    const table = screen.getByTestId('ladder-table')
    const rows = within(table).getAllByTestId('ladder-row')
    expect(rows).toHaveLength(2)
    expect(rows[0]?.textContent).toContain('Oleh')
    expect(rows[0]?.textContent).toContain('+14.5')
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Statistics of Oleh' }).getAttribute('href')).toBe('/statistics/101')
    const mine = screen.getByTestId('ladder-mine')
    expect(within(mine).getByRole('heading', { name: 'Your place' })).toBeTruthy()
    expect(within(mine).getByTestId('ladder-row').textContent).toContain('Me myself')
    expect(screen.getByText('Page 1 of 3')).toBeTruthy()
  })

  it('pages forward, and sends a search once typing pauses, from the first page', async () => {
    draw()
    await settle()
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }))
    await settle()
    expect(asked.at(-1)?.query).toMatchObject({ page: 2, itemsPerPage: 20 })
    vi.useFakeTimers()
    const before = asked.length
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search players' }), { target: { value: 'Ma' } })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search players' }), { target: { value: 'Mar' } })
    await act(async () => {
      vi.advanceTimersByTime(searchDelayMs - 50)
    })
    expect(asked.length).toBe(before)
    await act(async () => {
      vi.advanceTimersByTime(100)
    })
    vi.useRealTimers()
    await settle()
    expect(asked.length).toBe(before + 1)
    expect(asked.at(-1)?.query).toMatchObject({ page: 1, search: 'Mar' })
    expect(within(screen.getByTestId('ladder-table')).getAllByTestId('ladder-row')).toHaveLength(1)
  })

  it('says so when nothing matches, and tells a player without enough games when they will appear', async () => {
    answer = () => ({ items: [], total: 0, me: null, minGames: 5 })
    draw()
    await settle()
    expect(screen.getByText('No players on this ladder yet')).toBeTruthy()
    expect(screen.getByText('You appear on this ladder after 5 rated games here.')).toBeTruthy()
    expect(screen.queryByTestId('ladder-table')).toBeNull()
  })
})

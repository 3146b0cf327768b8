// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { GameResult, RoleName, SeatResult } from '../../../../server/contract/game'
import { GameSummary } from '../../../../renderer/features/table/summary'
import { card, lobby, summary, view } from '../lobby/fixtures'
import { createShellI18n, renderWithProviders } from '../shell/support'

const i18n = await createShellI18n('en')
const roles: RoleName[] = ['Civil', 'Don', 'Civil', 'Mafia', 'Sheriff', 'Civil', 'Mafia', 'Civil', 'Civil', 'Civil']
const players = roles.map((_, index) => ({ seat: index + 1, user: { ...card(index + 1), nickname: `P${index + 1}` } }))

function seatResult(seat: number, overrides: Partial<SeatResult> = {}): SeatResult {
  const role = roles[seat - 1] as RoleName
  const team = role === 'Don' || role === 'Mafia' ? 'black' : 'red'
  const won = team === 'red'
  return { seat, user: seat, role, team, won, points: won ? 1 : 0, breakdown: { win: won ? 1 : 0, bestMove: 0, removal: 0, extra: 0 }, ...overrides }
}

afterEach(() => cleanup())

describe('the end summary', () => {
  it('shows the winner, every role with its team, points with their breakdown, the best move and the record link', () => {
    const seats = roles.map((_, index) => seatResult(index + 1))
    seats[0] = seatResult(1, { points: 1.4, breakdown: { win: 1, bestMove: 0.4, removal: 0, extra: 0 } })
    seats[6] = seatResult(7, { points: -0.5, breakdown: { win: 0, bestMove: 0, removal: -0.5, extra: 0 } })
    const result: GameResult = { outcome: 'red', reason: 'all_black_left', losingTeam: null, finalised: false, countsForRatings: true, seats }
    const game = view({ phase: 'ended', speaker: null, result, bestMoves: [{ seat: 1, targets: [2, 4, 7] }] }, -1)
    const table = { ...lobby(9, game, 'spectator'), lobby: summary(9, { status: 'ended', players }) }
    renderWithProviders(
      i18n,
      <MemoryRouter>
        <GameSummary lobby={table} view={game} />
      </MemoryRouter>,
    )
    const box = screen.getByTestId('game-summary')
    expect(within(box).getByTestId('summary-winner').textContent).toBe('The city wins')
    expect(box.textContent).toContain('Every black player has left the table.')
    expect(box.textContent).toContain(i18n.t('game.summary.notFinal'))
    const don = within(box).getByTestId('summary-seat-2')
    expect(don.dataset.team).toBe('black')
    expect(don.textContent).toContain('#2 P2')
    expect(don.textContent).toContain('Don')
    expect(don.textContent).toContain(i18n.t('game.team.black'))
    const first = within(box).getByTestId('summary-seat-1')
    expect(first.textContent).toContain('Civilian')
    expect(first.textContent).toContain('Won')
    expect(within(first).getByTestId('summary-points-1').textContent).toBe('+1.4')
    expect(first.textContent).toContain('win +1 · best move +0.4')
    expect(within(box).getByTestId('summary-points-7').textContent).toBe('-0.5')
    expect(within(box).getByTestId('summary-seat-7').textContent).toContain('removal -0.5')
    expect(within(box).getByTestId('summary-best-move').textContent).toBe('Best move: #1 P1 named #2, #4, #7 (3 black)')
    expect(within(box).getByTestId('summary-record').getAttribute('href')).toBe('/game/statistics/9')
  })

  it('shows nothing before the end', () => {
    const game = view({}, 1)
    renderWithProviders(
      i18n,
      <MemoryRouter>
        <GameSummary lobby={lobby(1, game)} view={game} />
      </MemoryRouter>,
    )
    expect(screen.queryByTestId('game-summary')).toBeNull()
  })
})

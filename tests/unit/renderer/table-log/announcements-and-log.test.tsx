// @vitest-environment jsdom
import { FluentProvider, webDarkTheme } from '@fluentui/react-components'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TableEvent } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { Announcements } from '../../../../renderer/features/table/announcements'
import { GameLog } from '../../../../renderer/features/table/log'
import { card, lobby, snapshot, summary, view } from '../lobby/fixtures'
import { createShellI18n } from '../shell/support'

const i18n = await createShellI18n('en')

/** Renders with the app's providers, kept around every rerender (so the component keeps its state). */
const show = (node: ReactNode) =>
  render(node, {
    wrapper: ({ children }) => (
      <FluentProvider theme={webDarkTheme}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </FluentProvider>
    ),
  })
const at = 1_000
const players = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seat) => ({ seat, user: { ...card(seat), nickname: ['Ihor', 'Marta', 'Olena', 'Taras', 'Oleh', 'Iryna', 'Petro', 'Nina', 'Yurii', 'Dana'][seat - 1] as string } }))

/** Table 1 as a player sees it, holding this log. */
function table(log: TableEvent[], game = view({}, 1)): Lobby {
  return { ...lobby(1, { ...snapshot(game), log }), lobby: summary(1, { status: 'running', players }) }
}

const dayOne: TableEvent[] = [
  { type: 'roles_dealt', at, roles: ['Civil', null, null, null, null, null, null, null, null, null] },
  { type: 'zero_night_started', at, deadline: at },
  { type: 'day_started', at, day: 1, firstSeat: 1 },
  { type: 'speech_started', at, seat: 1, speech: 'day', deadline: at, shortened: false },
  { type: 'nominated', at, by: 1, target: 4 },
]

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('the announcement banners', () => {
  it('call out only what the log gains while the screen is up, in a polite live region, and fade after six seconds', () => {
    vi.useFakeTimers()
    const shown = show(<Announcements lobby={table(dayOne)} />)
    const region = screen.getByTestId('announcements')
    expect(region.getAttribute('aria-live')).toBe('polite')
    // A page opened mid-game starts quiet: the nomination is old news (the log has it).
    expect(screen.queryAllByTestId('announcement')).toHaveLength(0)

    const evening: TableEvent[] = [
      ...dayOne,
      { type: 'voting_started', at, round: 1, candidates: [4], votingType: 0, deadline: at },
      { type: 'voting_closed', at, round: 1, votes: null, counts: [{ candidate: 4, votes: 6 }] },
      { type: 'no_elimination', at, reason: 'first_day' },
    ]
    shown.rerender(<Announcements lobby={table(evening)} />)
    const banners = within(region).getAllByTestId('announcement')
    expect(banners.map((banner) => [banner.dataset.kind, banner.textContent])).toEqual([
      ['vote', 'Votes: #4 Taras: 6'],
      ['no_elimination', 'Nobody leaves: nobody is voted out on the first day'],
    ])

    act(() => vi.advanceTimersByTime(5_000))
    expect(screen.getAllByTestId('announcement')).toHaveLength(2)
    shown.rerender(<Announcements lobby={table([...evening, { type: 'night_started', at, night: 1 }, { type: 'night_result', at, night: 1, killed: [] }])} />)
    expect(screen.getAllByTestId('announcement').map((banner) => banner.dataset.kind)).toEqual(['vote', 'no_elimination', 'miss'])
    act(() => vi.advanceTimersByTime(1_100))
    // The first two are gone after their six seconds; the miss stays for its own.
    expect(screen.getAllByTestId('announcement').map((banner) => banner.dataset.kind)).toEqual(['miss'])
    act(() => vi.advanceTimersByTime(6_000))
    expect(screen.queryAllByTestId('announcement')).toHaveLength(0)
  })

  it('a log taken afresh (a shorter one after a new snapshot) is not news', () => {
    const shown = show(<Announcements lobby={table(dayOne)} />)
    shown.rerender(<Announcements lobby={table(dayOne.slice(0, 3))} />)
    expect(screen.queryAllByTestId('announcement')).toHaveLength(0)
    shown.rerender(<Announcements lobby={table([...dayOne.slice(0, 3), { type: 'foul', at, seat: 2, fouls: 1 }])} />)
    expect(screen.getByTestId('announcement').textContent).toBe('Foul for #2 Marta (1)')
  })

  it("another table's longer log is not news either", () => {
    const shown = show(<Announcements lobby={table(dayOne.slice(0, 3))} />)
    shown.rerender(<Announcements lobby={{ ...table(dayOne), id: 2 }} />)
    expect(screen.queryAllByTestId('announcement')).toHaveLength(0)
  })
})

describe('the game log', () => {
  it('says it starts with the deal before there is a game', () => {
    show(<GameLog lobby={{ ...lobby(1, null), lobby: summary(1, { players }) }} />)
    expect(screen.getByTestId('game-log').textContent).toBe(i18n.t('game.gameLog.empty'))
    expect(screen.queryAllByTestId('log-entry')).toHaveLength(0)
  })

  it("holds the whole log so far with day and night headers, including the night actions this viewer may see", () => {
    const log: TableEvent[] = [
      ...dayOne,
      { type: 'night_started', at, night: 1 },
      { type: 'night_action', at, step: 'sheriff', seat: 5, target: 2, result: 'black' },
      { type: 'night_result', at, night: 1, killed: [7] },
      { type: 'player_left', at, seat: 7, reason: 'night' },
    ]
    show(<GameLog lobby={table(log)} />)
    const box = screen.getByTestId('game-log')
    expect(box.tabIndex).toBe(0)
    expect(within(box).getAllByTestId('log-header').map((header) => header.textContent)).toEqual(['Zero night', 'Day 1', 'Night 1'])
    expect(within(box).getAllByTestId('log-entry').map((entry) => [entry.dataset.kind, entry.textContent])).toEqual([
      ['deal', 'The roles are dealt'],
      ['speech', '#1 Ihor speaks'],
      ['nomination', '#4 Taras is nominated (by #1 Ihor)'],
      ['night_action', '#2 Marta is black'],
      ['kill', 'Night 1: #7 Petro was killed'],
    ])
  })

  it('follows the newest entry, unless the reader scrolled up; back at the bottom it follows again', () => {
    const shown = show(<GameLog lobby={table(dayOne)} />)
    const box = screen.getByTestId('game-log')
    let scrollTop = 0
    Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => 1_000 })
    Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 200 })
    Object.defineProperty(box, 'scrollTop', { configurable: true, get: () => scrollTop, set: (value: number) => (scrollTop = value) })
    const foul = (seat: number): TableEvent => ({ type: 'foul', at, seat, fouls: 1 })

    shown.rerender(<GameLog lobby={table([...dayOne, foul(1)])} />)
    expect(scrollTop).toBe(1_000)
    scrollTop = 300
    fireEvent.scroll(box)
    shown.rerender(<GameLog lobby={table([...dayOne, foul(1), foul(2)])} />)
    expect(scrollTop).toBe(300)
    expect(screen.getAllByTestId('log-entry').at(-1)?.textContent).toBe('Foul for #2 Marta (1)')
    scrollTop = 800
    fireEvent.scroll(box)
    shown.rerender(<GameLog lobby={table([...dayOne, foul(1), foul(2), foul(3)])} />)
    expect(scrollTop).toBe(1_000)
  })
})

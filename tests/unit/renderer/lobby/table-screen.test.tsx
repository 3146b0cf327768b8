// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { realtimeState } from '../../../../renderer/realtime'
import { resetTable, tableState } from '../../../../renderer/state/table'
import { TableScreen } from '../../../../renderer/features/table'
import { connectFakeSocket } from '../fake-socket'
import { createShellI18n, renderWithProviders } from '../shell/support'
import { createFakeSocket } from './fake-socket'
import { card, judgeActions, lobby, playerActions, summary, view } from './fixtures'

// jsdom has no ResizeObserver; the message bar and the seat grid ask for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

const fake = createFakeSocket()
connectFakeSocket(fake.socket)

const i18n = await createShellI18n('en')

function show() {
  return renderWithProviders(
    i18n,
    <MemoryRouter initialEntries={['/mafia/1']}>
      <Routes>
        <Route path="/mafia/:id" element={<TableScreen />} />
      </Routes>
    </MemoryRouter>,
  )
}

const lastCommand = () => fake.asked('mafia:game:command').at(-1)
const commands = () => fake.asked('mafia:game:command')
const seat = (number: number) => screen.getByTestId(`seat-${number}`)
/** The whole tile of a seat: its face (`seat-n`), its tools and its error. */
const tile = (number: number) => screen.getByTestId(`seat-tile-${number}`)
const offered = () => screen.queryAllByTestId(/^seat-\d+$/).filter((tile) => tile.dataset.action).map((tile) => `${tile.dataset.testid}:${tile.dataset.action}`)

/** A lobby whose ten seats are all taken by "Player 11" … "Player 20". */
function seated(game: Parameters<typeof lobby>[1], as: Parameters<typeof lobby>[2] = 'player') {
  const table = lobby(1, game, as)
  return { ...table, lobby: { ...table.lobby, players: Array.from({ length: 10 }, (_, index) => ({ seat: index + 1, user: card(index + 11) })) } }
}

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => resetTable())

beforeEach(() => {
  fake.reset()
  resetTable()
  realtimeState.connected = false
  fake.answers.set('mafia:game:command', { seq: 11 })
  fake.answers.set('mafia:game:sync', { resumed: true, pushes: [] })
  // The table's media stays out of these tests: its ticket is refused for good.
  fake.answers.set('mafia:media:join', { error: 'errors.lobby.closed' })
})
afterEach(() => cleanup())

describe('the table screen', () => {
  it('a player sees every seat, the phase bar with the role chip, and acts only on the tiles the view offers', async () => {
    tableState.current = seated(view({ actions: { player: playerActions({ endSpeech: true, nominate: [3, 5] }), judge: null } }, 1))
    show()
    for (let number = 1; number <= 10; number++) expect(screen.getByTestId(`video-slot-${number}`)).toBeTruthy()
    expect(within(screen.getByTestId('phase-bar')).getByTestId('phase').textContent).toBe('Day 1 · Seat 1 speaks')
    expect(within(screen.getByTestId('role-chip')).getByTestId('own-role').textContent).toBe('Civilian')
    expect(offered()).toEqual(['seat-3:nominate', 'seat-5:nominate'])
    expect(seat(4).getAttribute('aria-disabled')).toBe('true')
    expect(seat(3).getAttribute('aria-label')).toBe('Nominate #3 Player 13')
    expect(screen.getByTestId('action-prompt').textContent).toBe(i18n.t('game.screen.prompt.nominate'))
    // A seat the view does not offer sends nothing.
    fireEvent.click(seat(4))
    expect(commands()).toEqual([])
    fireEvent.click(seat(5))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'nominate', target: 5 } })
    await vi.waitFor(() => expect((screen.getByTestId('end-speech') as HTMLButtonElement).disabled).toBe(false))
    fake.answers.set('mafia:game:command', { error: 'errors.game.not_your_turn' })
    fireEvent.click(screen.getByTestId('end-speech'))
    expect((await within(screen.getByTestId('action-bar')).findByTestId('command-error')).textContent).toBe(i18n.t('errors.game.not_your_turn'))
    expect(screen.queryByTestId('leave-table')).toBeNull()
    expect(screen.queryByTestId('judge-next')).toBeNull()
    // The viewer's own tools sit on every tile; the judge's menu does not.
    expect(within(tile(4)).getByTestId('seat-tools-4')).toBeTruthy()
    expect(screen.queryByTestId('seat-menu-4')).toBeNull()
  })

  it('a refused tile action shows its error on that tile, and a double click sends once', async () => {
    let answer: (value: unknown) => void = () => undefined
    fake.answers.set('mafia:game:command', () => new Promise((resolve) => (answer = resolve)))
    tableState.current = seated(view({ phase: 'voting', speaker: null, actions: { player: playerActions({ vote: [2, 7] }), judge: null } }, 1))
    show()
    fireEvent.click(seat(7))
    fireEvent.click(seat(7))
    fireEvent.click(seat(2))
    expect(commands()).toEqual([{ id: 1, command: { type: 'vote', target: 7 } }])
    await vi.waitFor(() => expect(seat(7).getAttribute('aria-busy')).toBe('true'))
    await act(async () => answer({ error: 'errors.game.already_voted' }))
    const error = await within(tile(7)).findByTestId('command-error')
    expect(error.textContent).toBe(i18n.t('errors.game.already_voted'))
    expect(within(tile(2)).queryByTestId('command-error')).toBeNull()
    expect(seat(7).dataset.picked).toBeUndefined()
    expect(screen.queryByTestId('seat-feedback')).toBeNull()
  })

  it('at night the acting player picks among the targets the view gives; the shot is confirmed on the tile and in words', () => {
    const night = { phase: 'night_shooting', nightStep: 'shooting', night: 1, speaker: null } as const
    tableState.current = seated(view({ ...night, actions: { player: playerActions({ night: { step: 'shooting', targets: [1, 3] } }), judge: null } }, 2))
    show()
    expect(offered()).toEqual(['seat-1:night', 'seat-3:night'])
    expect(screen.getByTestId('phase').textContent).toBe('Night 1 · Shooting')
    fireEvent.click(seat(3))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'night_action', target: 3 } })
    cleanup()
    // The server took it: its view holds the shot.
    const shot = view({ ...night, nightActions: [{ night: 1, step: 'shooting', seat: 2, target: 3, result: null }], actions: { player: playerActions({ night: { step: 'shooting', targets: [1, 3] } }), judge: null } }, 2)
    tableState.current = seated(shot)
    show()
    expect(seat(3).dataset.picked).toBe('true')
    expect(screen.getByTestId('seat-feedback').textContent).toBe('Your shot: #3 Player 13')
  })

  it('feedback: the vote against a seat, the Sheriff check with its result, a time-up notice and the rule hints', async () => {
    const voting = { kind: 'vote', round: 1, votingType: 0, candidates: [2, 5], current: 5, counts: [], votes: null, voted: 3, yourVote: 2 } as const
    tableState.current = seated(view({ phase: 'voting', speaker: null, day: 2, voting }, 1))
    show()
    expect(screen.getByTestId('seat-feedback').textContent).toBe('You voted against #2 Player 12')
    expect(seat(2).dataset.picked).toBe('true')
    expect(screen.getByTestId('rule-hint').textContent).toBe(i18n.t('game.screen.hint.lastNominee'))
    cleanup()
    tableState.current = seated(view({ phase: 'voting', speaker: null, day: 1, voting: { ...voting, current: 2, yourVote: null } }, 1))
    show()
    expect(screen.getByTestId('rule-hint').textContent).toBe(i18n.t('game.screen.hint.firstDay'))
    expect(screen.queryByTestId('seat-feedback')).toBeNull()
    cleanup()
    const check = { phase: 'night_sheriff', nightStep: 'sheriff', night: 1, speaker: null, nightActions: [{ night: 1, step: 'sheriff', seat: 5, target: 4, result: 'black' }] } as const
    tableState.current = seated(view(check, 5))
    show()
    expect(screen.getByTestId('seat-feedback').textContent).toBe('Your check: #4 Player 14 — black')
    // The answer stays on the checked tile, and on no other.
    expect(screen.getByTestId('seat-check-4').getAttribute('data-result')).toBe('black')
    expect(screen.getByTestId('seat-check-4').textContent).toBe(i18n.t('game.screen.checked', { night: 1, result: i18n.t('game.result.black') }))
    expect(screen.queryAllByTestId(/^seat-check-/)).toHaveLength(1)
    cleanup()
    // The speaker's time runs out: the view takes the controls away and says time is up.
    const speaking = view({ speaker: 1, actions: { player: playerActions({ endSpeech: true }), judge: null } }, 1)
    tableState.current = seated(speaking)
    show()
    expect(screen.queryByTestId('notice-time-up')).toBeNull()
    act(() => {
      tableState.current = seated({ ...speaking, timeUp: true, actions: { player: playerActions(), judge: null } })
    })
    expect((await screen.findByTestId('notice-time-up')).textContent).toBe(i18n.t('game.screen.timeUp'))
  })

  it("a black player sees each partner's pick at the shooting step and whether they agree", () => {
    const partners = [{ seat: 4, role: 'Mafia' as const }, { seat: 7, role: 'Mafia' as const }]
    const shots = (targets: [number, number | null][]) => targets.filter(([, target]) => target !== null).map(([by, target]) => ({ night: 1, step: 'shooting' as const, seat: by, target: target as number, result: null }))
    const night = (actions: ReturnType<typeof shots>) =>
      seated(view({ phase: 'night_shooting', nightStep: 'shooting', night: 1, speaker: null, you: { seat: 2, role: 'Don', team: 'black', partners }, nightActions: actions }, 2))
    tableState.current = night(shots([[2, 9], [4, 9], [7, null]]))
    show()
    const picks = screen.getByTestId('partner-picks')
    expect(within(picks).getAllByTestId('partner-pick').map((item) => item.textContent)).toEqual(['#4 Player 14 shoots #9 Player 19', '#7 Player 17 has not picked yet'])
    expect(picks.dataset.agree).toBe('false')
    cleanup()
    tableState.current = night(shots([[2, 9], [4, 9], [7, 9]]))
    show()
    expect(screen.getByTestId('partner-picks').dataset.agree).toBe('true')
    expect(within(screen.getByTestId('partner-picks')).getByText(i18n.t('game.screen.partners.agree'))).toBeTruthy()
  })

  it('keyboard: arrows move between seats (one in the tab order), Enter acts, digits act on their seat, not while typing', async () => {
    tableState.current = seated(view({ phase: 'voting', speaker: null, actions: { player: playerActions({ vote: [3, 4, 10] }), judge: null } }, 1))
    show()
    const face = seat
    face(2).focus()
    fireEvent.keyDown(face(2), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(face(3))
    expect(face(3).tabIndex).toBe(0)
    expect(face(2).tabIndex).toBe(-1)
    fireEvent.keyDown(face(3), { key: 'ArrowLeft' })
    expect(document.activeElement).toBe(face(2))
    fireEvent.keyDown(face(2), { key: 'ArrowRight' })
    // The face is a real button: Enter and Space click it, as browsers do.
    expect(face(3).tagName).toBe('BUTTON')
    fireEvent.click(face(3))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'vote', target: 3 } })
    await vi.waitFor(() => expect(seat(3).getAttribute('aria-busy')).toBeNull())
    fake.reset()
    fake.answers.set('mafia:game:command', { seq: 12 })
    // The commands above may still sync the stream (their acks named a later position): answer it.
    fake.answers.set('mafia:game:sync', { resumed: true, pushes: [] })
    const field = document.body.appendChild(document.createElement('input'))
    fireEvent.keyDown(field, { key: '4' })
    expect(commands()).toEqual([])
    field.remove()
    fireEvent.keyDown(document.body, { key: '0' })
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'vote', target: 10 } })
    expect(document.activeElement).toBe(face(10))
  })

  it('the best move: tiles toggle up to three picks and the action bar sends them', async () => {
    tableState.current = seated(view({ phase: 'best_move', day: 1, night: 1, speaker: 1, actions: { player: playerActions({ endSpeech: true, bestMove: [2, 3, 4, 5, 6] }), judge: null } }, 1))
    show()
    expect(screen.getByTestId('phase').textContent).toBe('Morning of day 2 · Best move')
    for (const number of [2, 3, 4, 5]) fireEvent.click(seat(number))
    expect(commands()).toEqual([])
    expect(['2', '3', '4', '5'].map((number) => seat(Number(number)).dataset.picked)).toEqual(['true', 'true', 'true', undefined])
    fireEvent.click(seat(3))
    expect(seat(3).dataset.picked).toBeUndefined()
    fireEvent.click(screen.getByTestId('best-move-send'))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'best_move', targets: [2, 4] } })
  })

  it('after the end the summary is shown beside the seats, which stay on screen', () => {
    const result = { outcome: 'red', reason: 'all_black_left', losingTeam: 'black', finalised: false, countsForRatings: true, seats: [] } as const
    tableState.current = seated(view({ phase: 'ended', speaker: null, result }, 1))
    show()
    expect(screen.getByTestId('game-summary')).toBeTruthy()
    expect(screen.getAllByTestId(/^seat-\d+$/)).toHaveLength(10)
    expect(screen.getByTestId('game-result').textContent).toContain(i18n.t('game.outcome.red'))
  })

  it('a spectator has no action bar and no role; the roles show once the view reveals them', () => {
    tableState.current = lobby(1, view({}, -1), 'spectator')
    show()
    expect(screen.queryByTestId('action-bar')).toBeNull()
    expect(screen.queryByTestId('own-role')).toBeNull()
    expect(screen.getByTestId('role-chip').textContent).toBe('Spectator')
    expect(screen.queryAllByTestId(/^seat-role-/)).toHaveLength(0)
    expect(screen.getByTestId('leave-table')).toBeTruthy()
    cleanup()
    tableState.current = lobby(1, view({ phase: 'ended', speaker: null, seats: view({}, 0).seats }, -1), 'spectator')
    show()
    expect(screen.getAllByTestId(/^seat-role-/)).toHaveLength(10)
    expect(screen.getByTestId('seat-role-2').title).toBe(i18n.t('roles.Don'))
  })

  it('the judge confirms a pending nomination on its tile and has exactly the tools the view allows', async () => {
    const actions = judgeActions({ next: true, confirmNomination: true, rejectNomination: true, pause: true, foul: [2, 3], microphone: [3], endGame: true })
    tableState.current = seated(view({ pendingNomination: { by: 1, target: 4 }, actions: { player: null, judge: actions } }, 0), 'judge')
    show()
    expect(screen.getAllByTestId(/^seat-role-/)).toHaveLength(10)
    expect(offered()).toEqual(['seat-4:judge-confirm'])
    fireEvent.click(seat(4))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'confirm_nomination' } })
    await vi.waitFor(() => expect(seat(4).getAttribute('aria-busy')).toBeNull())
    expect(screen.getByTestId('judge-next')).toBeTruthy()
    expect(screen.queryByTestId('judge-resume')).toBeNull()
    // Another tile opens that seat's menu, with what the view allows there.
    expect(screen.queryByTestId('seat-menu-5')).toBeNull()
    fireEvent.click(seat(3))
    expect(await screen.findByTestId('seat-menu-foul')).toBeTruthy()
    expect(screen.getByTestId('seat-menu-mic')).toBeTruthy()
    expect(screen.queryByTestId('seat-menu-disqualify')).toBeNull()
  })

  it('before the deal the judge starts the game once every seat is taken', () => {
    const waiting = lobby(1, null, 'judge')
    tableState.current = waiting
    show()
    expect((screen.getByTestId('judge-start') as HTMLButtonElement).disabled).toBe(true)
    cleanup()
    tableState.current = { ...waiting, lobby: summary(1, { players: Array.from({ length: 10 }, (_, index) => ({ seat: index + 1, user: card(index + 20) })) }) }
    show()
    fireEvent.click(screen.getByTestId('judge-start'))
    expect(lastCommand()).toEqual({ id: 1, command: { type: 'start' } })
  })

  it('below 768 px: the phase bar, a filmstrip of every seat and the action bar as a bottom sheet', () => {
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({ matches: query === '(max-width: 767px)', media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia
    try {
      tableState.current = seated(view({ actions: { player: playerActions({ endSpeech: true }), judge: null } }, 1))
      show()
      expect(screen.getByTestId('game-table').dataset.layout).toBe('phone')
      expect(within(screen.getByTestId('filmstrip')).getAllByTestId(/^seat-\d+$/)).toHaveLength(10)
      expect(within(screen.getByTestId('action-sheet')).getByTestId('end-speech')).toBeTruthy()
      expect(screen.getByTestId('phase-bar')).toBeTruthy()
      expect(screen.queryByTestId('seat-grid')).toBeNull()
    } finally {
      window.matchMedia = original
    }
    cleanup()
    tableState.current = seated(view({}, 1))
    show()
    expect(screen.getByTestId('game-table').dataset.layout).toBe('wide')
    expect(screen.queryByTestId('filmstrip')).toBeNull()
    expect(screen.getByTestId('seat-grid')).toBeTruthy()
  })

  it('a window crossing the phone width keeps the table\'s media room: it is joined once, not left and joined again', async () => {
    let phone = false
    const changed = new Set<() => void>()
    const original = window.matchMedia
    window.matchMedia = ((query: string) => ({
      get matches() {
        return phone && query === '(max-width: 767px)'
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => (query === '(max-width: 767px)' ? changed.add(listener) : undefined),
      removeEventListener: (_type: string, listener: () => void) => changed.delete(listener),
    })) as unknown as typeof window.matchMedia
    try {
      tableState.current = seated(view({}, 1))
      show()
      await vi.waitFor(() => expect(fake.asked('mafia:media:join')).toHaveLength(1))
      expect(screen.getByTestId('game-table').dataset.layout).toBe('wide')
      for (const width of ['phone', 'wide', 'phone'] as const) {
        phone = width === 'phone'
        act(() => changed.forEach((listener) => listener()))
        expect(screen.getByTestId('game-table').dataset.layout).toBe(width)
        expect(screen.getByTestId('table-media')).toBeTruthy()
      }
      // A rejoin would ask for a ticket again within a tick of the remount.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(fake.asked('mafia:media:join')).toHaveLength(1)
    } finally {
      window.matchMedia = original
    }
  })

  it('entering the page loads the table once; a reconnect during play loads nothing', async () => {
    fake.answers.set('mafia:load:lobby', lobby(1, view({}, 1)))
    show()
    realtimeState.connected = true
    expect(await screen.findByTestId('game-table')).toBeTruthy()
    expect(fake.asked('mafia:load:lobby')).toEqual([{ id: 1 }])
    realtimeState.connected = false
    await Promise.resolve()
    realtimeState.connected = true
    await screen.findByTestId('game-table')
    expect(fake.asked('mafia:load:lobby')).toHaveLength(1)
  })
})

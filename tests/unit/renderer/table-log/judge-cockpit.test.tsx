// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { GameView, JudgeActions, UpcomingStep } from '../../../../server/contract/game'
import type { Lobby } from '../../../../server/contract/socket/lobbies'
import { JudgeCockpit, JudgeSeatMenu, nextLabel } from '../../../../renderer/features/table/judge'
import { noticesState, takeNotices } from '../../../../renderer/state/notices'
import { resetTable, tableState } from '../../../../renderer/state/table'
import { connectFakeSocket } from '../fake-socket'
import { createFakeSocket } from '../lobby/fake-socket'
import { card, judgeActions, lobby, summary, view } from '../lobby/fixtures'
import { createShellI18n, renderWithProviders } from '../shell/support'

// jsdom has no ResizeObserver; the message bar asks for one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

const fake = createFakeSocket()
connectFakeSocket(fake.socket)

const i18n = await createShellI18n('en')

const names = ['Ihor', 'Marta', 'Olena', 'Taras', 'Oleh', 'Iryna', 'Petro', 'Nina', 'Yurii', 'Dana']
const players = names.map((nickname, index) => ({ seat: index + 1, user: { ...card(index + 1), nickname } }))

/** The judge at table 1 with a view allowing exactly `actions`. */
function judging(actions: Partial<JudgeActions>, overrides: Partial<GameView> = {}): { table: Lobby; game: GameView } {
  const game = view({ ...overrides, actions: { player: null, judge: judgeActions(actions) } }, 0)
  const table = { ...lobby(1, game, 'judge'), lobby: summary(1, { status: 'running', players }) }
  tableState.current = table
  return { table, game }
}

const upcoming = (step: Partial<UpcomingStep>): UpcomingStep => ({ phase: 'day_speech', day: 1, night: 0, speaker: null, nightStep: null, candidate: null, ends: false, ...step })
/** Waits until the command in flight is answered (the cockpit sends one at a time). */
const answered = () => vi.waitFor(() => expect(screen.getAllByRole('button').some((button) => (button as HTMLButtonElement).disabled)).toBe(false))
const commands = () => fake.asked('mafia:game:command').map((payload) => (payload as { command: unknown }).command)

// Unit files share their worker's modules: what this file changed is reset for the next one.
afterAll(() => {
  resetTable()
  takeNotices()
})

beforeEach(() => {
  fake.reset()
  resetTable()
  takeNotices()
  fake.answers.set('mafia:game:command', { seq: 11 })
  fake.answers.set('mafia:game:sync', { resumed: true, pushes: [] })
})
afterEach(() => cleanup())

describe("the judge's cockpit", () => {
  it('offers exactly what the judge actions allow, Next saying what it leads to', async () => {
    const first = judging({ next: true, pause: true, upcoming: upcoming({ day: 2, speaker: 3 }) })
    const shown = renderWithProviders(i18n, <JudgeCockpit lobby={first.table} view={first.game} />)
    expect(screen.getByTestId('judge-next').textContent).toBe('Next: Day 2, #3 Olena speaks')
    expect(screen.getByTestId('judge-pause')).toBeTruthy()
    for (const absent of ['judge-resume', 'judge-extend-timer', 'judge-reset-timer', 'judge-confirm', 'judge-reject', 'judge-end', 'judge-finalise']) expect(screen.queryByTestId(absent)).toBeNull()
    fireEvent.click(screen.getByTestId('judge-next'))
    await vi.waitFor(() => expect(commands()).toEqual([{ type: 'next' }]))
    shown.unmount()

    const second = judging(
      { resume: true, extendTimer: true, resetTimer: true, confirmNomination: true, rejectNomination: true, finalise: true },
      { paused: true, pendingNomination: { by: 1, target: 4 } },
    )
    renderWithProviders(i18n, <JudgeCockpit lobby={second.table} view={second.game} />)
    expect(screen.queryByTestId('judge-next')).toBeNull()
    expect(screen.queryByTestId('judge-pause')).toBeNull()
    expect(screen.getByTestId('judge-confirm').textContent).toBe('Confirm: #4 Taras is nominated')
    for (const [id, command] of [
      ['judge-confirm', 'confirm_nomination'],
      ['judge-reject', 'reject_nomination'],
      ['judge-resume', 'resume'],
      ['judge-extend-timer', 'extend_timer'],
      ['judge-reset-timer', 'reset_timer'],
      ['judge-finalise', 'finalise'],
    ] as const) {
      fireEvent.click(screen.getByTestId(id))
      await vi.waitFor(() => expect(commands().at(-1)).toEqual({ type: command }))
      await answered()
    }
  })

  it('words every kind of next step', () => {
    const say = (step: UpcomingStep | null) => {
      const label = nextLabel(step, players)
      return i18n.t(label.key, label.params)
    }
    expect(say(upcoming({ phase: 'night_don', night: 1, nightStep: 'don' }))).toBe("Next: night 1, the Don's check")
    expect(say(upcoming({ phase: 'voting', candidate: 4 }))).toBe('Next: vote on #4 Taras')
    expect(say(upcoming({ phase: 'last_words', speaker: 7 }))).toBe('Next: last words of #7 Petro')
    expect(say(upcoming({ phase: 'ended', ends: true }))).toBe('Next: the end')
    expect(say(null)).toBe('Next')
  })

  it('a refusal is shown translated', async () => {
    const { table, game } = judging({ next: true, upcoming: upcoming({ speaker: 2 }) })
    fake.answers.set('mafia:game:command', { error: 'errors.game.not_your_turn' })
    renderWithProviders(i18n, <JudgeCockpit lobby={table} view={game} />)
    fireEvent.click(screen.getByTestId('judge-next'))
    expect((await screen.findByTestId('command-error')).textContent).toBe(i18n.t('errors.game.not_your_turn'))
  })

  it('ending the game asks for the outcome and a confirmation; cancelling sends nothing', async () => {
    const { table, game } = judging({ endGame: true, teamLoss: true })
    renderWithProviders(i18n, <JudgeCockpit lobby={table} view={game} />)
    fireEvent.click(screen.getByTestId('judge-end'))
    const dialog = await screen.findByTestId('confirm-dialog')
    expect(commands()).toEqual([])
    // No Maniac sits at this table: his win is not offered; team losses are.
    expect(within(dialog).queryByTestId('end-outcome-maniac')).toBeNull()
    expect(within(dialog).getByTestId('end-outcome-team_loss_black')).toBeTruthy()
    // Nothing is chosen yet: confirming does nothing.
    fireEvent.click(within(dialog).getByTestId('confirm-ok'))
    expect(commands()).toEqual([])
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'))
    await vi.waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull())
    expect(commands()).toEqual([])

    fireEvent.click(screen.getByTestId('judge-end'))
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('end-outcome-black'))
    expect(screen.getByTestId('confirm-dialog').textContent).toContain('End the game now: The mafia wins?')
    fireEvent.click(screen.getByTestId('confirm-ok'))
    await vi.waitFor(() => expect(commands()).toEqual([{ type: 'end_game', outcome: 'black' }]))
    await vi.waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull())
  })

  it('hotkeys: N moves on, P resumes a paused game, + adds 30 s; none while typing or when not allowed', async () => {
    const { table, game } = judging({ next: true, resume: true, extendTimer: true, upcoming: upcoming({ speaker: 2 }) }, { paused: true })
    renderWithProviders(
      i18n,
      <>
        <input data-testid="typing" />
        <JudgeCockpit lobby={table} view={game} />
      </>,
    )
    fireEvent.keyDown(screen.getByTestId('typing'), { key: 'n' })
    fireEvent.keyDown(document.body, { key: 'n', ctrlKey: true })
    expect(commands()).toEqual([])
    for (const [key, command] of [
      ['n', 'next'],
      ['p', 'resume'],
      ['+', 'extend_timer'],
    ] as const) {
      fireEvent.keyDown(document.body, { key })
      await vi.waitFor(() => expect(commands().at(-1)).toEqual({ type: command }))
      await answered()
    }
    cleanup()
    fake.reset()
    fake.answers.set('mafia:game:command', { seq: 12 })
    // The commands above may still sync the stream (their acks named a later position): answer it.
    fake.answers.set('mafia:game:sync', { resumed: true, pushes: [] })
    const quiet = judging({ pause: false })
    renderWithProviders(i18n, <JudgeCockpit lobby={quiet.table} view={quiet.game} />)
    for (const key of ['n', 'p', '+']) fireEvent.keyDown(document.body, { key })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(commands()).toEqual([])
  })

  it("shows this night's actions live, with the checks' answers", () => {
    const { table, game } = judging(
      {},
      {
        phase: 'night_sheriff',
        night: 1,
        nightStep: 'sheriff',
        nightActions: [
          { night: 1, step: 'shooting', seat: 2, target: 5, result: null },
          { night: 1, step: 'don', seat: 2, target: 5, result: 'sheriff' },
          { night: 0, step: 'sheriff', seat: 5, target: 3, result: 'red' },
        ],
      },
    )
    renderWithProviders(i18n, <JudgeCockpit lobby={table} view={game} />)
    const list = screen.getByTestId('night-actions')
    expect(within(list).getAllByTestId('night-action').map((item) => [item.dataset.step, item.textContent])).toEqual([
      ['shooting', '#2 Marta shoots #5 Oleh'],
      ['don', 'Don #2 Marta checks #5 Oleh · the Sheriff'],
    ])
  })
})

describe("the judge's menu on a seat", () => {
  const openMenu = async (seat: number) => {
    fireEvent.click(screen.getByTestId(`seat-menu-${seat}`))
    return screen.findByRole('menu')
  }

  it('holds only the tools the view allows for that seat, and nothing where none is allowed', async () => {
    const { game } = judging({ foul: [2, 3], microphone: [3], disqualify: [3], awardPoints: [] }, { microphones: [3] })
    renderWithProviders(
      i18n,
      <>
        <JudgeSeatMenu view={game} seat={2} nickname="Marta" />
        <JudgeSeatMenu view={game} seat={5} nickname="Oleh" />
      </>,
    )
    expect(screen.queryByTestId('seat-menu-5')).toBeNull()
    const menu = await openMenu(2)
    expect(within(menu).getByTestId('seat-menu-foul')).toBeTruthy()
    for (const absent of ['seat-menu-mic', 'seat-menu-disqualify', 'seat-menu-points']) expect(within(menu).queryByTestId(absent)).toBeNull()
    fireEvent.click(within(menu).getByTestId('seat-menu-foul'))
    await vi.waitFor(() => expect(commands()).toEqual([{ type: 'foul', seat: 2 }]))
    cleanup()

    renderWithProviders(i18n, <JudgeSeatMenu view={game} seat={3} nickname="Olena" />)
    const third = await openMenu(3)
    expect(within(third).getByTestId('seat-menu-mic').textContent).toBe(i18n.t('game.judge.mute'))
    fireEvent.click(within(third).getByTestId('seat-menu-mic'))
    await vi.waitFor(() => expect(commands().at(-1)).toEqual({ type: 'microphone', seat: 3, open: false }))
  })

  it('a refused one-click item says why, translated', async () => {
    const { game } = judging({ foul: [2] })
    fake.answers.set('mafia:game:command', { error: 'errors.game.foul_limit' })
    renderWithProviders(i18n, <JudgeSeatMenu view={game} seat={2} />)
    fireEvent.click(within(await openMenu(2)).getByTestId('seat-menu-foul'))
    await vi.waitFor(() => expect(noticesState.queue.map((notice) => [notice.intent, notice.text])).toEqual([['error', 'errors.game.foul_limit']]))
  })

  it('disqualifying asks first; only the confirmation sends it', async () => {
    const { game } = judging({ disqualify: [6] })
    renderWithProviders(i18n, <JudgeSeatMenu view={game} seat={6} nickname="Iryna" />)
    fireEvent.click(within(await openMenu(6)).getByTestId('seat-menu-disqualify'))
    const dialog = await screen.findByTestId('confirm-dialog')
    expect(dialog.textContent).toContain('Disqualify #6 Iryna?')
    expect(commands()).toEqual([])
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'))
    await vi.waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull())
    expect(commands()).toEqual([])
    fireEvent.click(within(await openMenu(6)).getByTestId('seat-menu-disqualify'))
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-ok'))
    await vi.waitFor(() => expect(commands()).toEqual([{ type: 'disqualify', seat: 6 }]))
  })

  it('extra points: checked before sending (range, step, a reason of at most 500 characters), with translated errors', async () => {
    const { game } = judging({ awardPoints: [4] })
    renderWithProviders(i18n, <JudgeSeatMenu view={game} seat={4} nickname="Taras" />)
    fireEvent.click(within(await openMenu(4)).getByTestId('seat-menu-points'))
    const dialog = await screen.findByTestId('points-dialog')
    const value = within(dialog).getByTestId('points-value') as HTMLInputElement
    const reason = within(dialog).getByTestId('points-reason') as HTMLTextAreaElement
    const save = within(dialog).getByTestId('points-save')

    fireEvent.change(value, { target: { value: '1.5' } })
    fireEvent.click(save)
    expect(await within(dialog).findByText('Points must lie between -1 and +1')).toBeTruthy()
    expect(within(dialog).getByText('Say why the points are given')).toBeTruthy()
    fireEvent.change(value, { target: { value: '0.33' } })
    fireEvent.change(reason, { target: { value: 'x'.repeat(501) } })
    fireEvent.click(save)
    expect(await within(dialog).findByText('Points go in steps of 0.05')).toBeTruthy()
    expect(within(dialog).getByText('The reason may be at most 500 characters')).toBeTruthy()
    expect(commands()).toEqual([])

    fake.answers.set('mafia:game:command', { error: 'errors.game.invalid_points' })
    fireEvent.change(value, { target: { value: '-0.25' } })
    fireEvent.change(reason, { target: { value: '  Led the city well  ' } })
    fireEvent.click(save)
    await vi.waitFor(() => expect(commands()).toEqual([{ type: 'award_points', seat: 4, points: -0.25, reason: 'Led the city well' }]))
    expect((await within(dialog).findByTestId('points-error')).textContent).toBe(i18n.t('errors.game.invalid_points'))
    expect(screen.getByTestId('points-dialog')).toBeTruthy()
  })
})

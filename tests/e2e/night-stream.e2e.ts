import { expect, test } from '@playwright/test'
import { isBlack, SocketTable, type Member } from '../helpers/game-table'
import { closeOpenSockets, connectSocket } from '../helpers/sockets'
import { newAccount, signedInContext, text, watchTableTraffic } from './support'

/*
 * The night is silent for those who sleep, as a browser hears it: a red player's page at a judged
 * table whose judge and other nine seats are scripted clients. While the black players shoot, the
 * page's connection carries no table push at all, though every shot is accepted; when the night
 * moves on the page hears it, and in the morning it shows who was killed.
 */

test('while the black players shoot, a red player’s page receives no push at all; it then shows the morning’s result', async ({ browser, request, baseURL }) => {
  test.setTimeout(150_000)
  const origin = baseURL as string
  const table = new SocketTable({
    newMember: async (): Promise<Member> => {
      const account = await newAccount(request, 'Seat')
      return { id: account.id, token: account.token, socket: await connectSocket(origin, account.token) }
    },
  })
  const closing: Array<() => Promise<void>> = []
  try {
    await table.seat()
    await table.judgeCommand({ type: 'start' })

    // The page belongs to a civilian, one the script neither votes out nor shoots (the highest one).
    const dealt = await table.view()
    const watching = dealt.seats.filter((seat) => seat.role === 'Civil').at(-1)?.seat as number
    const context = await signedInContext(browser, origin, (table.players[watching - 1] as Member).token)
    closing.push(() => context.close())
    const page = await context.newPage()
    // This browser has no camera: the table says so once and the player closes the notice.
    await page.addLocatorHandler(page.getByTestId('device-error-dialog'), async () => {
      await page.getByTestId('device-error-ok').click()
    })
    const traffic = watchTableTraffic(page)
    await page.goto(`/mafia/${table.lobbyId}`)
    const screen = page.getByTestId('game-table')
    await expect(screen).toHaveAttribute('data-viewer', 'player')
    await expect(page.getByTestId('own-role')).toHaveText(text('en', 'roles.Civil'))

    // The script plays the day until night falls.
    const night = await table.play((view) => view.phase === 'night_shooting')
    const black = night.seats.filter((seat) => seat.atTable && isBlack(seat.role)).map((seat) => seat.seat)
    const victim = night.seats.find((seat) => seat.atTable && seat.role === 'Civil' && seat.seat !== watching)?.seat as number
    expect(black.length).toBeGreaterThan(0)
    // The page has heard that the shooting began: that push is the last it received.
    await expect(screen).toHaveAttribute('data-phase', 'night_shooting')
    await expect.poll(() => traffic.pushes.at(-1)?.push.changes.phase).toBe('night_shooting')
    const began = traffic.pushes.length
    const beganAt = (traffic.pushes.at(-1) as (typeof traffic.pushes)[number]).push.seq

    // Each black player shoots the same civilian, from the actions their own view offers; the
    // server accepts every shot, and the shooter and the judge each hear it on their own stream.
    for (const shooter of black) {
      const own = table.viewers[shooter]
      if (!own) throw new Error(`no client at seat ${shooter}`)
      await own.until((view) => view.actions.player?.night?.targets.includes(victim) === true, 'its shot')
      const ack = await table.command(table.socketOf(shooter), { type: 'night_action', target: victim })
      expect(ack).toEqual({ seq: expect.any(Number) })
      const heard = await own.at(ack.seq)
      expect(heard.nightActions).toContainEqual(expect.objectContaining({ seat: shooter, step: 'shooting', target: victim }))
    }
    await table.viewers[0]?.until((view) => black.every((shooter) => view.nightActions.some((action) => action.seat === shooter && action.target === victim)), 'every shot')
    // All of it happened within the step's own time (a push for its end would be public, not a leak).
    expect(Date.now()).toBeLessThan(night.deadline as number)

    // The judge ends the shooting. One connection delivers in order what the server sent in order,
    // so whatever the shots had pushed to the page would come before the push that ends the step:
    // that one is the very next push the page received, and the next of its stream.
    await table.judgeCommand({ type: 'next' })
    const nextPhase = () => traffic.pushes.findIndex((received, index) => index >= began && received.push.changes.phase !== undefined)
    await expect.poll(nextPhase).toBeGreaterThanOrEqual(began)
    const ended = nextPhase()
    expect(traffic.pushes.slice(began, ended).map((received) => received.push)).toEqual([])
    const next = (traffic.pushes[ended] as (typeof traffic.pushes)[number]).push
    expect(next.seq).toBe(beganAt + 1)
    expect(next.changes.phase).not.toBe('night_shooting')
    expect(next.changes.phase).toMatch(/^night_/)

    // The rest of the night passes; in the morning the page shows the civilian killed, like anyone's.
    const morning = await table.play((view) => !view.phase.startsWith('night_'))
    expect(morning.seats[victim - 1]?.left).toBe('night')
    await expect(screen).toHaveAttribute('data-phase', morning.phase)
    const killed = page.getByTestId(`seat-${victim}`)
    await expect(killed).toHaveAttribute('data-left', 'night')
    // The tile around the seat's face carries its badges.
    await expect(page.getByTestId(`seat-tile-${victim}`)).toContainText(text('en', 'game.left.night'))
    // Labelled as the morning of the new day (every morning label starts the same way).
    const morningOf = (text('en', 'game.screen.phase.morning.bestMove').split(' · ')[0] as string).replace('{{day}}', String(morning.night + 1))
    await expect(page.getByTestId('phase')).toContainText(morningOf)
  } finally {
    for (const close of closing) await close()
    closeOpenSockets()
  }
})

import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { isAckError } from '../../server/contract/errors'
import type { GameCommandPayload, GameView, RoleName } from '../../server/contract/game'
import { request, requestResult } from '../helpers/requests'
import { connectSocket, type TestSocket } from '../helpers/sockets'
import { commandByClick, newAccount, signedInContext, text, uniqueSuffix, watchTableTraffic, type Account, type TableTraffic } from './support'

/*
 * A whole game as new users play it: the judge runs it from the judge's panel in one browser, a
 * player who joined from the lobby list plays their turns through the table's controls in another,
 * and nine scripted socket clients fill the other seats, each acting from its own view. A third
 * browser finds the table on /watch with its phase, watches it, never sees a role before the end,
 * and reads the finished game's record.
 */

/** A signed-in browser at the table, with what its socket.io connection carries of the table. */
async function browserAt(browser: Browser, origin: string, account: Account): Promise<{ context: BrowserContext; page: Page; traffic: TableTraffic }> {
  const context = await signedInContext(browser, origin, account.token, { width: 1400, height: 1000 })
  const page = await context.newPage()
  // These browsers have no camera or microphone (the game is what is tested here, and three pages
  // encoding video would starve the machine): the table says so once; the user closes the notice.
  await page.addLocatorHandler(page.getByTestId('device-error-dialog'), async () => {
    await page.getByTestId('device-error-ok').click()
  })
  return { context, page, traffic: watchTableTraffic(page) }
}

const isBlack = (role: RoleName | null | undefined) => role === 'Mafia' || role === 'Don'

/** A scripted client of one account: a real socket.io client that sees only that account's view. */
class Bot {
  seat = 0
  constructor(
    readonly account: Account,
    readonly socket: TestSocket,
  ) {}

  static async connect(origin: string, account: Account): Promise<Bot> {
    return new Bot(account, await connectSocket(origin, account.token))
  }

  /** This account's view as the server holds it now. */
  async view(lobbyId: number): Promise<GameView> {
    const lobby = await requestResult(this.socket, 'mafia:load:lobby', { id: lobbyId })
    if (!lobby.game) throw new Error(`no game at table ${lobbyId}`)
    return lobby.game.view
  }

  /** A move; a refusal (the judge moved on meanwhile, the time is up) is returned, not thrown. */
  async act(lobbyId: number, command: GameCommandPayload): Promise<string | null> {
    const answer = await request(this.socket, 'mafia:game:command', { id: lobbyId, command })
    return isAckError(answer) ? answer.error : null
  }
}

test('a judged game from the screens: create, join, watch with the phase, play to a win, never a role for the spectator, then the record', async ({ browser, request: api, baseURL }) => {
  test.setTimeout(180_000)
  const origin = baseURL as string
  const accounts = await Promise.all(['Judge', 'Player', 'Watcher', ...Array.from({ length: 9 }, (_, index) => `Bot${index + 1}`)].map((name) => newAccount(api, name)))
  const [judgeAccount, playerAccount, watcherAccount, ...botAccounts] = accounts as [Account, Account, Account, ...Account[]]
  const judge = await browserAt(browser, origin, judgeAccount)
  const player = await browserAt(browser, origin, playerAccount)
  const watcher = await browserAt(browser, origin, watcherAccount)
  const bots = await Promise.all(botAccounts.map((account) => Bot.connect(origin, account)))
  // The player's own view, read over another connection of the player's account (as a second tab would).
  const playerOwn = await Bot.connect(origin, playerAccount)
  const roleNames = ['Civil', 'Don', 'Mafia', 'Sheriff', 'Doctor', 'Maniac'].map((role) => text('en', `roles.${role}`))

  try {
    // The judge creates the table from /main's dialog, with simultaneous voting, and takes the judge's chair.
    const tableName = `Final ${uniqueSuffix()}`
    await judge.page.goto('/main')
    await judge.page.getByTestId('create-table').click()
    await judge.page.getByTestId('table-name').fill(tableName)
    await judge.page.getByRole('radio', { name: text('en', 'lobby.badges.simultaneous') }).check()
    await judge.page.getByTestId('create-as-judge').check()
    await judge.page.getByTestId('create-table-submit').click()
    await judge.page.waitForURL(/\/mafia\/\d+$/)
    const lobbyId = Number(new URL(judge.page.url()).pathname.split('/').at(-1))
    await expect(judge.page.getByTestId('game-table')).toHaveAttribute('data-viewer', 'judge')

    // The player finds it in the lobby list and takes a seat; the scripted players fill the rest.
    await player.page.goto('/main')
    await player.page.getByTestId('lobby-card').filter({ hasText: tableName }).getByTestId('lobby-join').click()
    await player.page.waitForURL(`**/mafia/${lobbyId}`)
    await expect(player.page.getByTestId('game-table')).toHaveAttribute('data-viewer', 'player')
    for (const bot of bots) {
      const joined = await requestResult(bot.socket, 'mafia:join:lobby', { id: lobbyId })
      expect(joined.as).toBe('player')
      bot.seat = (joined.lobby.players.find((seat) => seat.user.id === bot.account.id) as { seat: number }).seat
    }
    const playerSeat = [...Array(10).keys()].map((index) => index + 1).find((seat) => !bots.some((bot) => bot.seat === seat)) as number
    const botAt = (seat: number) => bots.find((bot) => bot.seat === seat)

    // The watcher opens /watch: the table is not in play yet. The judge deals from the panel.
    await watcher.page.goto('/watch')
    await expect(watcher.page.getByTestId('watch-list')).toBeVisible()
    await expect(judge.page.getByTestId('judge-start')).toBeEnabled()
    await commandByClick(judge.page, judge.traffic, 'judge-start')
    await expect(judge.page.getByTestId('game-table')).toHaveAttribute('data-phase', 'zero_night')

    // /watch lists the running table with its phase; the watcher opens it as a spectator.
    const card = watcher.page.getByTestId('lobby-card').filter({ hasText: tableName })
    await expect(card.getByTestId('lobby-stage')).toHaveAttribute('data-phase', 'zero_night')
    await expect(card.getByTestId('lobby-stage')).toContainText(text('en', 'game.phase.zero_night'))
    await card.getByTestId('lobby-watch').click()
    await watcher.page.waitForURL(`**/mafia/${lobbyId}`)
    const spectatorTable = watcher.page.getByTestId('game-table')
    await expect(spectatorTable).toHaveAttribute('data-viewer', 'spectator')

    /** The spectator's screen shows no role at any seat, no role card and no role icon's name. */
    const spectatorSeesNoRole = async () => {
      const leaks = await watcher.page.evaluate(
        (names) => [
          ...[...document.querySelectorAll('[data-testid^="seat-role-"], [data-testid="role-card"], [data-testid="own-role"]')].map((element) => element.getAttribute('data-testid')),
          ...[...document.querySelectorAll('[data-testid="game-table"] [aria-label], [data-testid="game-table"] [title]')]
            .map((element) => element.getAttribute('aria-label') ?? element.getAttribute('title') ?? '')
            .filter((label) => names.includes(label)),
        ],
        roleNames,
      )
      expect(leaks).toEqual([])
    }

    // The black seats, as the black scripted players know their partners; the player's own role from their card.
    const dealt = await Promise.all(bots.map((bot) => bot.view(lobbyId)))
    const black = new Set<number>()
    for (const view of dealt) {
      if (view.you && isBlack(view.you.role)) {
        black.add(view.you.seat)
        for (const partner of view.you.partners) black.add(partner.seat)
      }
    }
    await expect(player.page.getByTestId('own-role')).toBeVisible()
    const playerRole = await player.page.getByTestId('own-role').textContent()
    expect(roleNames).toContain(playerRole)

    // The script: the city votes out and the mafia shoots the lowest red seats, never the browser
    // player's, so the player plays every turn to the end; black wins by parity on day three.
    const reds = (view: GameView) => view.seats.filter((seat) => seat.atTable && !black.has(seat.seat) && seat.seat !== playerSeat).map((seat) => seat.seat)
    // A click on the judge's panel or the player's controls counts once the server accepted its
    // command and the clicking page has received the push that carries its effect.
    const judgeClick = (testId: string) => commandByClick(judge.page, judge.traffic, testId)
    const playerClick = (testId: string) => commandByClick(player.page, player.traffic, testId)
    /** What the player may do now, as the server tells the player. */
    const playerMay = async () => (await playerOwn.view(lobbyId)).actions.player
    let fouled = false
    const played = { speeches: 0, nominations: 0, votes: 0, nightActions: 0 }

    for (let step = 0; step < 400; step++) {
      const view = await (bots[0] as Bot).view(lobbyId)
      if (view.phase === 'ended') break
      await spectatorSeesNoRole()
      const speaker = view.speaker
      switch (view.phase) {
        case 'day_speech':
        case 'defence_speech':
        case 'last_words': {
          if (view.pendingNomination) {
            await judgeClick('judge-confirm')
            break
          }
          // Once, the judge gives a foul from the panel: it shows at the seat for everyone.
          if (!fouled && view.phase === 'day_speech' && speaker !== null) {
            fouled = true
            await judge.page.getByTestId('judge-seat-select').selectOption(String(speaker))
            await judgeClick('judge-foul')
            await expect(watcher.page.getByTestId(`fouls-${speaker}`)).toHaveText(text('en', 'game.seat.fouls').replace('{{count}}', '1'))
            break
          }
          const targets = reds(view).filter((seat) => seat !== speaker && !view.nominations.some((nomination) => nomination.target === seat))
          const nominates = view.phase === 'day_speech' && view.nominations.length < 2 && !view.nominations.some((nomination) => nomination.by === speaker) && targets.length > 0
          if (speaker === playerSeat) {
            // The player's controls offer exactly what the server allows them now.
            const may = await playerMay()
            const target = nominates ? targets.find((seat) => may?.nominate.includes(seat)) : undefined
            if (target !== undefined) {
              await playerClick(`nominate-${target}`)
              played.nominations++
            } else if (may?.endSpeech) {
              await playerClick('end-speech')
              played.speeches++
            } else await judgeClick('judge-next')
            break
          }
          const bot = speaker !== null ? botAt(speaker) : undefined
          const refused = bot ? await bot.act(lobbyId, nominates ? { type: 'nominate', target: targets[0] as number } : { type: 'end_speech' }) : 'no speaker'
          if (refused) await judgeClick('judge-next')
          break
        }
        case 'voting': {
          const target = view.voting?.candidates[0]
          if (target === undefined) break
          await Promise.all(
            bots.map(async (bot) => {
              const own = await bot.view(lobbyId)
              if (own.actions.player?.vote.includes(target)) expect(await bot.act(lobbyId, { type: 'vote', target })).toBeNull()
            }),
          )
          if ((await playerMay())?.vote.includes(target)) {
            await playerClick(`vote-${target}`)
            played.votes++
          }
          await judgeClick('judge-next')
          break
        }
        case 'lift_vote': {
          await Promise.all(bots.map((bot) => bot.act(lobbyId, { type: 'lift_vote', leave: true })))
          if ((await playerMay())?.liftVote) await playerClick('lift-yes')
          await judgeClick('judge-next')
          break
        }
        case 'best_move': {
          const bot = speaker !== null ? botAt(speaker) : undefined
          const refused = bot ? await bot.act(lobbyId, { type: 'best_move', targets: [...black].slice(0, 3) }) : 'no speaker'
          if (refused) await judgeClick('judge-next')
          break
        }
        default: {
          if (view.phase.startsWith('night_')) {
            const target = view.nightStep === 'shooting' ? reds(view)[0] : view.seats.find((seat) => seat.atTable && seat.seat !== playerSeat)?.seat
            if (target !== undefined) {
              // Each scripted player acts only when its own view says it may pick this seat now.
              for (const bot of bots) {
                const own = await bot.view(lobbyId)
                if (own.actions.player?.night?.targets.includes(target)) expect(await bot.act(lobbyId, { type: 'night_action', target })).toBeNull()
              }
              if ((await playerMay())?.night?.targets.includes(target)) {
                await playerClick(`night-${target}`)
                played.nightActions++
              }
            }
          }
          await judgeClick('judge-next')
        }
      }
    }

    // The game is over with a win; the player took their turns through the screen.
    const final = await (bots[0] as Bot).view(lobbyId)
    expect(final.phase).toBe('ended')
    expect(['red', 'black']).toContain(final.result?.outcome)
    expect(played.speeches + played.nominations).toBeGreaterThan(0)
    expect(played.votes).toBeGreaterThan(0)
    if (['Don', 'Mafia', 'Sheriff'].map((role) => text('en', `roles.${role}`)).includes(playerRole as string)) expect(played.nightActions).toBeGreaterThan(0)
    const outcomeText = text('en', `game.outcome.${final.result?.outcome}`)
    for (const page of [judge.page, player.page, watcher.page]) await expect(page.getByTestId('game-result')).toContainText(outcomeText)
    // At the end every role is revealed, to the spectator too.
    await expect(watcher.page.locator('[data-testid^="seat-role-"]')).toHaveCount(10)
    // Nor was a role ever sent to the spectator's page before the end: every seat it was told of
    // had no role, and it was never told who it is.
    const beforeEnd = watcher.traffic.pushes.slice(
      0,
      watcher.traffic.pushes.findIndex((received) => received.push.changes.phase === 'ended'),
    )
    expect(beforeEnd.length).toBeGreaterThan(0)
    for (const { push } of beforeEnd) {
      expect(push.changes.seats?.filter((seat) => seat.role !== null || seat.team !== null) ?? []).toEqual([])
      expect(push.changes.you ?? null).toBeNull()
    }

    // The spectator leaves the finished table and, no longer at it, reads the record.
    await watcher.page.getByTestId('leave-table').click()
    await watcher.page.waitForURL('**/main')
    await watcher.page.goto(`/game/statistics/${lobbyId}`)
    const rows = watcher.page.getByTestId('record-player')
    await expect(rows).toHaveCount(10, { timeout: 30_000 })
    for (const seat of final.seats) {
      const row = watcher.page.locator(`[data-testid="record-player"][data-seat="${seat.seat}"]`)
      await expect(row).toHaveAttribute('data-role', seat.role as string)
      await expect(row).toContainText(text('en', `roles.${seat.role}`))
    }
    await expect(watcher.page.locator(`[data-testid="record-player"][data-seat="${playerSeat}"]`)).toContainText(playerAccount.nickname)
    await expect(watcher.page.getByTestId('record-result')).toContainText(outcomeText)
    const timeline = watcher.page.getByTestId('record-timeline')
    await expect(timeline.getByTestId('record-period').first()).toContainText(text('en', 'game.record.zeroNight'))
    for (const kind of ['speech', 'nomination', 'vote', 'night_action', 'night_result', 'foul', 'left', 'ended']) {
      await expect(timeline.locator(`li[data-kind="${kind}"]`).first()).toBeVisible()
    }

    // The player, still at the finished table, is shown the way to its record on the home screen.
    await player.page.goto('/main')
    const finished = player.page.getByTestId('finished-table')
    await expect(finished).toContainText(tableName)
    await finished.getByRole('link', { name: text('en', 'game.recordLink') }).click()
    await player.page.waitForURL(`**/game/statistics/${lobbyId}`)
    await expect(player.page.getByTestId('record-player')).toHaveCount(10)
  } finally {
    for (const bot of [...bots, playerOwn]) bot.socket.disconnect()
    await Promise.all([judge.context.close(), player.context.close(), watcher.context.close()])
  }
})

import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { io, type Socket } from 'socket.io-client'
import type { GameCommandPayload, GameView, RoleName } from '../../server/contract/game'
import type { ClientToServerEvents, ServerToClientEvents } from '../../server/contract/socket/events'
import { text, uniqueSuffix, waitForLink } from './support'

/*
 * A whole game as new users play it: the judge runs it from the judge's panel in one browser, a
 * player who joined from the lobby list plays their turns through the table's controls in another,
 * and nine scripted socket clients fill the other seats, each acting from its own view. A third
 * browser finds the table on /watch with its phase, watches it, never sees a role before the end,
 * and reads the finished game's record.
 */

type BotSocket = Socket<ServerToClientEvents, ClientToServerEvents>

interface Account {
  nickname: string
  token: string
  id: number
}

/** Signs up and confirms through the API, as the sign-up screen does. */
async function newAccount(request: APIRequestContext, name: string): Promise<Account> {
  const suffix = uniqueSuffix()
  const user = { email: `${name.toLowerCase()}-${suffix}@example.test`, password: 'correct-horse-1', nickname: `${name} ${suffix}` }
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(200)
  const link = await waitForLink('confirm', user.email)
  const confirm = await request.post('/api/auth/signup/confirm', { data: { token: link.split('/').at(-1) } })
  expect(confirm.status()).toBe(200)
  const session = (await confirm.json()) as { token: string; user: { id: number } }
  return { nickname: user.nickname, token: session.token, id: session.user.id }
}

async function signedIn(browser: Browser, origin: string, account: Account): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'en-US' })
  await context.addCookies([{ name: 'token', value: account.token, url: origin }])
  await context.addInitScript(() => localStorage.setItem('lang', 'en'))
  const page = await context.newPage()
  // These browsers have no camera or microphone (the game is what is tested here, and three pages
  // encoding video would starve the machine): the table says so once; the user closes the notice.
  await page.addLocatorHandler(page.getByTestId('device-error-dialog'), async () => {
    await page.getByTestId('device-error-ok').click()
  })
  return { context, page }
}

/** Sends a request and resolves with its ack (a result or `{ error }`). */
function ask(socket: BotSocket, event: string, payload?: unknown): Promise<any> {
  const emitter = socket.timeout(10_000) as unknown as { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> }
  return (payload === undefined ? emitter.emitWithAck(event) : emitter.emitWithAck(event, payload)) as Promise<any>
}

const isBlack = (role: RoleName | null | undefined) => role === 'Mafia' || role === 'Don'

/** A scripted player: a real socket.io client that sees only its own view. */
class Bot {
  seat = 0
  constructor(
    readonly account: Account,
    readonly socket: BotSocket,
  ) {}

  static async connect(origin: string, account: Account): Promise<Bot> {
    const socket: BotSocket = io(origin, { path: '/socket.io', transports: ['websocket'], auth: { token: account.token }, reconnection: false, forceNew: true })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', (error) => reject(error))
    })
    return new Bot(account, socket)
  }

  async view(lobbyId: number): Promise<GameView> {
    const lobby = await ask(this.socket, 'mafia:load:lobby', { id: lobbyId })
    if (lobby.error) throw new Error(`load refused: ${lobby.error}`)
    return lobby.game as GameView
  }

  /** A move; a refusal (the judge moved on meanwhile, the time is up) is returned, not thrown. */
  async act(lobbyId: number, command: GameCommandPayload): Promise<string | null> {
    const answer = await ask(this.socket, 'mafia:game:command', { id: lobbyId, command })
    return answer.error ?? null
  }
}

test('a judged game from the screens: create, join, watch with the phase, play to a win, never a role for the spectator, then the record', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000)
  const origin = baseURL as string
  const accounts = await Promise.all(['Judge', 'Player', 'Watcher', ...Array.from({ length: 9 }, (_, index) => `Bot${index + 1}`)].map((name) => newAccount(request, name)))
  const [judgeAccount, playerAccount, watcherAccount, ...botAccounts] = accounts as [Account, Account, Account, ...Account[]]
  const judge = await signedIn(browser, origin, judgeAccount)
  const player = await signedIn(browser, origin, playerAccount)
  const watcher = await signedIn(browser, origin, watcherAccount)
  const bots = await Promise.all(botAccounts.map((account) => Bot.connect(origin, account)))
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
      const joined = await ask(bot.socket, 'mafia:join:lobby', { id: lobbyId })
      expect(joined.as).toBe('player')
      bot.seat = joined.lobby.players.find((seat: { seat: number; user: { id: number } }) => seat.user.id === bot.account.id).seat
    }
    const playerSeat = [...Array(10).keys()].map((index) => index + 1).find((seat) => !bots.some((bot) => bot.seat === seat)) as number
    const botAt = (seat: number) => bots.find((bot) => bot.seat === seat)

    // The watcher opens /watch: the table is not in play yet. The judge deals from the panel.
    await watcher.page.goto('/watch')
    await expect(watcher.page.getByTestId('watch-list')).toBeVisible()
    await expect(judge.page.getByTestId('judge-start')).toBeEnabled()
    await judge.page.getByTestId('judge-start').click()
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
    const version = async () => (await (bots[0] as Bot).view(lobbyId)).version
    /** Waits until the game has moved past this version (a click is answered through the page). */
    const movedPast = async (before: number) => expect.poll(version, { timeout: 15_000 }).toBeGreaterThan(before)
    const judgeClick = async (testId: string) => {
      const before = await version()
      await judge.page.getByTestId(testId).click()
      await movedPast(before)
    }
    const playerClick = async (testId: string) => {
      const before = await version()
      await player.page.getByTestId(testId).click()
      await movedPast(before)
    }
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
            if (nominates) {
              await playerClick(`nominate-${targets[0]}`)
              played.nominations++
            } else {
              await playerClick('end-speech')
              played.speeches++
            }
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
              if (own.voting?.kind === 'vote' && own.voting.yourVote === null && own.seats[bot.seat - 1]?.atTable) await bot.act(lobbyId, { type: 'vote', target })
            }),
          )
          if (await player.page.getByTestId(`vote-${target}`).isVisible()) {
            await playerClick(`vote-${target}`)
            played.votes++
          }
          await judgeClick('judge-next')
          break
        }
        case 'lift_vote': {
          await Promise.all(bots.map((bot) => bot.act(lobbyId, { type: 'lift_vote', leave: true })))
          if (await player.page.getByTestId('lift-yes').isVisible()) await playerClick('lift-yes')
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
              // Each scripted player acts only when its own view says its role is awake.
              for (const bot of bots) {
                const own = await bot.view(lobbyId)
                const role = own.you?.role
                const awake =
                  (own.nightStep === 'shooting' && isBlack(role)) || (own.nightStep === 'don' && role === 'Don') || (own.nightStep === 'sheriff' && role === 'Sheriff') || (own.nightStep === 'doctor' && role === 'Doctor')
                if (awake && own.seats[bot.seat - 1]?.atTable) await bot.act(lobbyId, { type: 'night_action', target })
              }
              if (await player.page.getByTestId(`night-${target}`).isVisible()) {
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
    for (const bot of bots) bot.socket.disconnect()
    await Promise.all([judge.context.close(), player.context.close(), watcher.context.close()])
  }
})

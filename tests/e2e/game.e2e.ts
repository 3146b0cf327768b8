import { expect, test, type Page } from '@playwright/test'
import type { GameView, RoleName } from '../../server/contract/game'
import { requestResult } from '../helpers/requests'
import config, { chromiumPath } from './playwright.config'
import { fakeMediaArgs } from './fake-camera'
import { expectTableOnScreen, type ViewerKind } from './table-layout'
import { announced, Bot, expectAnnounced, expectVideoPlaying, openTablePage, type TablePage } from './table-pages'
import { commandByClick, commandByLocator, newAccount, text, uniqueSuffix, type Account } from './support'

/*
 * A whole judged game as people play it, on the table screen: the judge runs it from the judge's
 * bar and the seats' tiles in one browser, a player who joined from the lobby list plays every turn
 * by clicking tiles in another, and nine scripted socket clients fill the other seats, each acting
 * from its own view. A third browser finds the table on /watch and watches it. At every phase the
 * game reaches, each of the three screens is measured at a laptop's, a full-HD and a phone's size,
 * in English or Hebrew in turn: seats, the phase bar and the viewer's own controls fit the window without
 * scrolling. The script makes every kind of announcement happen (nomination, vote, leaving, nobody
 * leaving, kill, miss, best move, foul, removal, pause and resume, a timer change, time up, the
 * end); each action is confirmed where it was made; the judge follows the night; ending the game
 * asks first; the player's camera still plays after the end.
 */
test.use({
  launchOptions: {
    executablePath: chromiumPath,
    args: [...(config.use?.launchOptions?.args ?? []), ...fakeMediaArgs(5), '--allow-loopback-in-peer-connection'],
  },
})

const isBlack = (role: RoleName | null | undefined) => role === 'Mafia' || role === 'Don'

/** A text in the language the page shows now (the measurements switch it between English and Hebrew). */
const textOn = async (page: Page, key: string) => text((await page.locator('html').getAttribute('lang')) ?? 'en', key)

/** What a player may do now, from their own view: anything at all? */
const mayAct = (view: GameView) => {
  const own = view.actions.player
  return own !== null && (own.endSpeech || own.nominate.length > 0 || own.vote.length > 0 || own.liftVote || own.night !== null || own.bestMove.length > 0)
}
const judgeMayAct = (view: GameView) => {
  const own = view.actions.judge
  return own !== null && Object.values(own).some((value) => (Array.isArray(value) ? value.length > 0 : value === true))
}

test('a judged game on the table screen: every seat and control on screen at three sizes in English and Hebrew in turn, played through the tiles, every announcement, the judge’s night, a confirmed end, cameras after it', async ({ browser, request: api, baseURL }, testInfo) => {
  // Three browsers measured at every phase at three sizes, on two cores: 5 to 8 minutes.
  test.setTimeout(900_000)
  const origin = baseURL as string
  const accounts = await Promise.all(['Judge', 'Player', 'Watcher', ...Array.from({ length: 9 }, (_, index) => `Bot${index + 1}`)].map((name) => newAccount(api, name)))
  const [judgeAccount, playerAccount, watcherAccount, ...botAccounts] = accounts as [Account, Account, Account, ...Account[]]
  // Only the player's browser has a camera: it is the one whose picture must still play at the end.
  const judge = await openTablePage(browser, origin, judgeAccount, { camera: false })
  const player = await openTablePage(browser, origin, playerAccount, { camera: true })
  const watcher = await openTablePage(browser, origin, watcherAccount, { camera: false })
  const bots = await Promise.all(botAccounts.map((account) => Bot.connect(origin, account)))
  // The views the script reads: the judge's (every role) and the player's own, over second connections of their accounts.
  const judgeOwn = await Bot.connect(origin, judgeAccount)
  const playerOwn = await Bot.connect(origin, playerAccount)
  // Browsers of scripted seats, opened for the night turns the player's role does not have.
  const extra: TablePage[] = []
  const roleNames = ['en', 'he'].flatMap((locale) => ['Civil', 'Don', 'Mafia', 'Sheriff', 'Doctor', 'Maniac'].map((role) => text(locale, `roles.${role}`)))

  try {
    // The judge creates the table from /main's dialog (classic voting) and takes the judge's chair.
    const tableName = `Final ${uniqueSuffix()}`
    await judge.page.goto('/main')
    await judge.page.getByTestId('create-table').click()
    await judge.page.getByTestId('table-name').fill(tableName)
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
    const botAt = (seat: number) => bots.find((bot) => bot.seat === seat) as Bot
    const nicknameAt = (seat: number) => (seat === playerSeat ? playerAccount.nickname : botAt(seat).account.nickname)
    const judgeView = () => judgeOwn.view(lobbyId)
    const playerView = () => playerOwn.view(lobbyId)

    /**
     * Once per phase kind, each screen (in parallel) at the three sizes: everything the viewer needs
     * fits the window. Each screen looks in one language and then switches to the other, so the
     * phase kinds are seen in English and Hebrew in turn (and the judge's and the spectator's
     * screens, which start a phase apart, in different languages at most of them). `scan`: axe
     * checks each screen, the player's in both languages (an axe scan of a table takes tens of
     * seconds on two cores, the other screens' labels are the same translations).
     */
    const measured = new Set<string>()
    const measure = async (kind: string, options: { scan?: boolean; last?: boolean; pages?: Array<[TablePage, ViewerKind]> } = {}) => {
      if (measured.has(kind)) return
      measured.add(kind)
      const pages = options.pages ?? [
        [judge, 'judge'],
        [player, 'player'],
        [watcher, 'spectator'],
      ]
      // What each viewer must see, read from the server at each look.
      const expected = (viewer: ViewerKind) => async () => {
        const view = await (viewer === 'player' ? playerView() : judgeView()).catch(() => null)
        const timed = view !== null && view.deadline !== null && view.deadline > Date.now()
        const controls = view !== null && (viewer === 'judge' ? judgeMayAct(view) : viewer === 'player' && mayAct(view))
        return { timed, controls }
      }
      const scan = options.scan === true
      await Promise.all(pages.map(([screen, viewer]) => expectTableOnScreen(screen.page, viewer, expected(viewer), kind, testInfo, { scan, bothLanguages: scan && viewer === 'player', last: options.last })))
    }

    /** The spectator's screen shows no role at any seat, no role card and no role's name as a label. */
    const spectatorSeesNoRole = async () => {
      const leaks = await watcher.page.evaluate(
        (names) => [
          ...[...document.querySelectorAll('[data-testid^="seat-role-"], [data-testid="role-card"], [data-testid="own-role"]')].map((element) => element.getAttribute('data-testid')),
          // The spectator's chip names no role (it says who is watching).
          ...[...document.querySelectorAll('[data-testid="role-chip"]')].map((element) => element.textContent ?? '').filter((chip) => names.some((name) => chip.includes(name))),
          ...[...document.querySelectorAll('[data-testid="game-table"] [aria-label], [data-testid="game-table"] [title]')]
            .map((element) => element.getAttribute('aria-label') ?? element.getAttribute('title') ?? '')
            .filter((label) => names.includes(label)),
        ],
        roleNames,
      )
      expect(leaks).toEqual([])
    }

    // Before the deal: the judge's and the player's screens fit every size.
    await measure('waiting', {
      pages: [
        [judge, 'judge'],
        [player, 'player'],
      ],
    })

    // The watcher opens /watch: the table is not in play yet. The judge deals.
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
    await expect(watcher.page.getByTestId('game-table')).toHaveAttribute('data-viewer', 'spectator')

    // The deal, as the judge sees it. The player reads their role on the card and in the phase bar's chip.
    const dealt = await judgeView()
    const roleAt = (seat: number) => dealt.seats[seat - 1]?.role as RoleName
    const playerRole = roleAt(playerSeat)
    await expect(player.page.getByTestId('own-role')).toHaveText(await textOn(player.page, `roles.${playerRole}`))
    await expect(player.page.getByTestId('role-chip')).toContainText(await textOn(player.page, `roles.${playerRole}`))
    const blackSeats = dealt.seats.filter((seat) => isBlack(seat.role)).map((seat) => seat.seat)
    const donSeat = dealt.seats.find((seat) => seat.role === 'Don')?.seat as number
    const sheriffSeat = dealt.seats.find((seat) => seat.role === 'Sheriff')?.seat as number

    // The turns the player's role has are played in the player's browser. The Don's night (a shot
    // beside the partners' picks, and a check) is played in a browser in any case: the player's
    // when the player is the Don, else the Don's own account opens the table in a browser of its own.
    const pageAt = new Map<number, TablePage>([[playerSeat, player]])
    if (donSeat !== playerSeat) {
      const donPage = await openTablePage(browser, origin, botAt(donSeat).account, { camera: false })
      extra.push(donPage)
      await donPage.page.goto(`/mafia/${lobbyId}`)
      await expect(donPage.page.getByTestId('game-table')).toHaveAttribute('data-viewer', 'player', { timeout: 30_000 })
      pageAt.set(donSeat, donPage)
    }
    await measure('zero_night')

    // The script. The first night's victim is the player when the player is a civilian (who then
    // names the best move on the tiles), else a civilian scripted seat. Day 1 ends with nobody
    // leaving (the first day), the city votes a scripted black seat out on day 2, the judge removes
    // a civilian scripted seat for good, the second night's shots disagree (a miss), and on day 3
    // the judge ends the game.
    const civilians = dealt.seats.filter((seat) => seat.role === 'Civil' && seat.seat !== playerSeat).map((seat) => seat.seat)
    const firstVictim = playerRole === 'Civil' ? playerSeat : (civilians[0] as number)
    const votedOut = blackSeats.find((seat) => !pageAt.has(seat)) as number
    const removed = civilians.find((seat) => seat !== firstVictim) as number
    const secondNominee = civilians.find((seat) => seat !== firstVictim && seat !== removed) as number
    const judgeClick = (testId: string) => commandByClick(judge.page, judge.traffic, testId)
    const tile = (screen: TablePage, seat: number) => screen.page.getByTestId(`seat-${seat}`)
    /** Clicks a seat's tile that offers `action` now, and waits for the command's effect. */
    const onTile = async (screen: TablePage, seat: number, action: string) => {
      const own = await (screen === judge ? judgeView() : screen === player ? playerView() : (bots.find((bot) => bot.account.id === screen.account.id) as Bot).view(lobbyId))
      const allowed = JSON.stringify({ phase: own.phase, timeUp: own.timeUp, actions: own.actions.player ?? { confirm: own.actions.judge?.confirmNomination } })
      await expect(tile(screen, seat), `seat ${seat} offers ${action} to ${screen.account.nickname} (the server allows ${allowed})`).toHaveAttribute('data-action', action)
      await commandByLocator(screen.traffic, tile(screen, seat), `seat-${seat} (${action})`)
    }
    /** The judge adds 30 seconds to the phase's timer (over the judge's own connection), as a judge at a slow table would. */
    const addTime = async () => {
      expect(await judgeOwn.act(lobbyId, { type: 'extend_timer' })).toBeNull()
    }
    /** The feedback line confirms the last action on seat `seat`. */
    const confirmed = async (screen: TablePage, seat: number) => {
      const feedback = screen.page.getByTestId('seat-feedback')
      await expect(feedback).toContainText(`#${seat}`)
      await expect(feedback).toContainText(nicknameAt(seat))
    }
    /** Opens a seat's menu on the judge's tile and picks an item. */
    const seatMenu = async (seat: number, item: string) => {
      await judge.page.getByTestId(`seat-menu-${seat}`).click()
      await judge.page.getByTestId(item).click()
    }

    const played = { nominated: false, voted: false, timeUp: false, cockpit: false, removed: false, bestMove: false, partnerPicks: 0, checks: 0 }
    /** Speakers who have spoken, by day, so a nomination is kept for the player's own speech. */
    const spoke = new Map<number, Set<number>>()

    for (let step = 0; step < 300; step++) {
      const view = await judgeView()
      if (view.phase === 'ended') break
      await spectatorSeesNoRole()
      const speaker = view.speaker
      const alive = (seat: number) => view.seats[seat - 1]?.atTable === true
      switch (view.phase) {
        case 'zero_night':
          await judgeClick('judge-next')
          break
        case 'day_speech': {
          if (view.pendingNomination) {
            // The judge confirms it on the nominee's tile; every screen announces it.
            await onTile(judge, view.pendingNomination.target, 'judge-confirm')
            await expectAnnounced(watcher.page, 'nomination', 'the spectator’s screen')
            break
          }
          if (speaker === null) throw new Error('a day speech without a speaker')
          if (!played.cockpit) {
            // The judge's cockpit on the first speech: +30 s, reset, pause (every screen measured
            // meanwhile, and scanned for accessibility), resume, a foul from the speaker's tile menu.
            played.cockpit = true
            await expect.soft(judge.page.getByTestId('judge-next'), 'the judge’s Next says what comes next').not.toHaveText(await textOn(judge.page, 'game.judge.next'))
            const before = view.deadline as number
            await judgeClick('judge-extend-timer')
            await expect.poll(async () => (await judgeView()).deadline ?? 0).toBeGreaterThanOrEqual(before + 25_000)
            await expectAnnounced(watcher.page, 'timer', 'the spectator’s screen')
            await judgeClick('judge-reset-timer')
            await judgeClick('judge-pause')
            await expectAnnounced(watcher.page, 'pause', 'the spectator’s screen')
            await measure('day_speech', { scan: true })
            await judgeClick('judge-resume')
            await expectAnnounced(watcher.page, 'resume', 'the spectator’s screen')
            await seatMenu(speaker, 'seat-menu-foul')
            await expect.poll(async () => (await judgeView()).seats[speaker - 1]?.fouls).toBe(1)
            await expectAnnounced(watcher.page, 'foul', 'the spectator’s screen')
            break
          }
          if (view.day === 2 && !played.removed && alive(removed) && speaker !== removed) {
            // Removing a player asks first: cancelled, nothing changes; confirmed, they leave.
            played.removed = true
            await seatMenu(removed, 'seat-menu-disqualify')
            await expect(judge.page.getByTestId('confirm-dialog')).toBeVisible()
            await judge.page.getByTestId('confirm-cancel').click()
            await expect(judge.page.getByTestId('confirm-dialog')).toBeHidden()
            expect((await judgeView()).seats[removed - 1]?.atTable).toBe(true)
            await seatMenu(removed, 'seat-menu-disqualify')
            await commandByLocator(judge.traffic, judge.page.getByTestId('confirm-ok'), 'confirming the removal')
            await expectAnnounced(watcher.page, 'removal', 'the spectator’s screen')
            break
          }
          if (view.day === 3) {
            // The judge ends the game: asked first, cancelled, nothing changes; then confirmed.
            await judge.page.getByTestId('judge-end').click()
            await expect(judge.page.getByTestId('confirm-dialog')).toBeVisible()
            await judge.page.getByTestId('confirm-cancel').click()
            await expect(judge.page.getByTestId('confirm-dialog')).toBeHidden()
            expect((await judgeView()).phase).toBe('day_speech')
            await judge.page.getByTestId('judge-end').click()
            // The confirmation asks for the outcome; until one is chosen it cannot be confirmed.
            await expect(judge.page.getByTestId('confirm-ok')).toBeDisabled()
            await judge.page.getByTestId('end-outcome-red').check()
            await commandByLocator(judge.traffic, judge.page.getByTestId('confirm-ok'), 'confirming the end')
            break
          }
          const today = spoke.get(view.day) ?? new Set<number>()
          spoke.set(view.day, today)
          const firstSpeech = !today.has(speaker)
          today.add(speaker)
          const nominated = view.nominations.map((nomination) => nomination.target)
          // One nomination a day is kept for the player's own speech until the player has nominated.
          const reserved = !played.nominated && alive(playerSeat) && speaker !== playerSeat && !today.has(playerSeat) ? 1 : 0
          const wanted = view.day === 2 ? [votedOut, secondNominee] : [blackSeats.find((seat) => seat !== playerSeat) as number, firstVictim === playerSeat ? (civilians[1] as number) : firstVictim]
          const target = wanted.find((seat) => seat !== speaker && alive(seat) && !nominated.includes(seat))
          const nominates = firstSpeech && view.nominations.length + reserved < 2 && target !== undefined && !view.nominations.some((nomination) => nomination.by === speaker)
          if (speaker === playerSeat) {
            const own = (await playerView()).actions.player
            // The player nominates on a tile: one of the targets the server allows.
            const choice = !played.nominated && firstSpeech ? (own?.nominate.find((seat) => wanted.includes(seat)) ?? own?.nominate[0]) : undefined
            if (choice !== undefined) {
              await onTile(player, choice, 'nominate')
              await expect(tile(player, choice)).toHaveAttribute('data-picked', 'true')
              await confirmed(player, choice)
              played.nominated = true
            } else await commandByClick(player.page, player.traffic, 'end-speech')
            break
          }
          const refused = await botAt(speaker).act(lobbyId, nominates ? { type: 'nominate', target: target as number } : { type: 'end_speech' })
          if (refused) await judgeClick('judge-next')
          break
        }
        case 'defence_speech':
        case 'last_words': {
          await measure(view.phase)
          if (speaker === playerSeat) await commandByClick(player.page, player.traffic, 'end-speech')
          else if (speaker === null || (await botAt(speaker).act(lobbyId, { type: 'end_speech' }))) await judgeClick('judge-next')
          break
        }
        case 'voting': {
          const voting = view.voting
          const candidate = voting?.kind === 'vote' ? voting.current : null
          if (voting?.kind !== 'vote' || candidate === null) {
            await judgeClick('judge-next')
            break
          }
          const last = candidate === voting.candidates.at(-1)
          // Day 1: everyone else votes for the first candidate; day 2: everyone for the black one.
          const target = view.day === 1 ? voting.candidates[0] : votedOut
          if (candidate === target) {
            await Promise.all(
              bots.map(async (bot) => {
                if (!alive(bot.seat) || pageAt.get(bot.seat)) return
                const own = await bot.view(lobbyId)
                if (own.actions.player?.vote.includes(candidate)) expect(await bot.act(lobbyId, { type: 'vote', target: candidate })).toBeNull()
              }),
            )
          }
          const own = (await playerView()).actions.player
          if (view.day === 1 && !played.timeUp && !last) {
            // The player lets the first candidate's time run out: the screen says so, and says
            // that whoever does not vote counts for the last candidate.
            played.timeUp = true
            await expect(player.page.getByTestId('rule-hint')).toBeVisible()
            await expect(player.page.getByTestId('notice-time-up')).toBeVisible({ timeout: 15_000 })
            await expectAnnounced(watcher.page, 'time_up', 'the spectator’s screen')
          } else if (own?.vote.includes(candidate)) {
            // The player votes on the candidate's tile, and is told whom they voted against. A
            // candidate's vote lasts seconds, which a loaded machine's browser can spend before the
            // click lands: the judge gives it 30 more first.
            await addTime()
            await onTile(player, candidate, 'vote')
            await expect(tile(player, candidate)).toHaveAttribute('data-picked', 'true')
            await confirmed(player, candidate)
            played.voted = true
          }
          for (const screen of pageAt.values()) {
            if (screen === player) continue
            const seat = [...pageAt].find(([, page]) => page === screen)?.[0] as number
            if (!alive(seat) || !(await botAt(seat).view(lobbyId)).actions.player?.vote.includes(candidate)) continue
            await addTime()
            await onTile(screen, candidate, 'vote')
          }
          if (last) await measure('voting')
          // The vote's result (day 1: nobody leaves on the first day; day 2: the black seat leaves)
          // is announced as night falls; the recorded banners are checked at the end, so the night's
          // ten seconds go to the night's turns.
          await judgeClick('judge-next')
          break
        }
        case 'lift_vote': {
          await Promise.all(bots.map((bot) => bot.act(lobbyId, { type: 'lift_vote', leave: true })))
          if ((await playerView()).actions.player?.liftVote) await commandByClick(player.page, player.traffic, 'lift-yes')
          await judgeClick('judge-next')
          break
        }
        case 'best_move': {
          // Twenty seconds: a browser's victim picks first, and the screens are measured after; a
          // scripted victim's move ends the phase, so the screens are measured before it. On a
          // loaded machine either outlasts the twenty seconds: the judge gives the victim a minute more.
          if (speaker !== null && !measured.has('best_move')) {
            await addTime()
            await addTime()
          }
          if (speaker !== playerSeat) await measure('best_move')
          if (speaker === playerSeat) {
            // The first night's victim picks up to three seats on their tiles, then sends them.
            const own = (await playerView()).actions.player
            const picks = blackSeats.filter((seat) => own?.bestMove.includes(seat)).slice(0, 3)
            for (const seat of picks) {
              await expect(tile(player, seat)).toHaveAttribute('data-action', 'best_move')
              await tile(player, seat).click()
              await expect(tile(player, seat)).toHaveAttribute('data-picked', 'true')
            }
            await commandByClick(player.page, player.traffic, 'best-move-send')
            // The best move ends the player's turn at once: the table announces it with its picks.
            await expectAnnounced(player.page, 'best_move', 'the player’s screen')
            if ((await judgeView()).phase === 'best_move') await measure('best_move')
          } else if (speaker === null || (await botAt(speaker).act(lobbyId, { type: 'best_move', targets: blackSeats.slice(0, 3) }))) await judgeClick('judge-next')
          played.bestMove = true
          await expectAnnounced(watcher.page, 'best_move', 'the spectator’s screen')
          break
        }
        default: {
          if (!view.phase.startsWith('night_')) throw new Error(`no script for ${view.phase}`)
          const step = view.nightStep
          const own = (seat: number) => (seat === playerSeat ? playerView() : botAt(seat).view(lobbyId))
          const shooters = blackSeats.filter(alive)
          if (step === 'shooting') {
            // Night 1: every black player shoots the victim (a kill). Night 2: their picks differ (a miss).
            const redAlive = view.seats.filter((seat) => seat.atTable && !isBlack(seat.role) && seat.seat !== playerSeat).map((seat) => seat.seat)
            const pick = (index: number) => (view.night === 1 ? firstVictim : (redAlive[index % redAlive.length] as number))
            // The browsers' shooters first (a night step lasts ten seconds), then the scripted ones.
            for (const [index, seat] of shooters.entries()) {
              const screen = pageAt.get(seat)
              if (!screen) continue
              await onTile(screen, pick(index), 'night')
              await expect(tile(screen, seat), 'a shot never offers one’s own seat').not.toHaveAttribute('data-action', /.+/)
              await expect(tile(screen, pick(index))).toHaveAttribute('data-picked', 'true')
              await confirmed(screen, pick(index))
            }
            for (const [index, seat] of shooters.entries()) {
              if (pageAt.has(seat)) continue
              if ((await own(seat)).actions.player?.night?.targets.includes(pick(index))) expect(await botAt(seat).act(lobbyId, { type: 'night_action', target: pick(index) })).toBeNull()
            }
            // A black player sees each partner's pick as it is made, and whether they agree.
            for (const seat of shooters) {
              const screen = pageAt.get(seat)
              if (!screen) continue
              const partners = screen.page.getByTestId('partner-picks')
              await expect(partners).toBeVisible()
              for (const [other, partner] of shooters.entries()) if (partner !== seat) await expect(partners).toContainText(`${pick(other)}`)
              played.partnerPicks += 1
            }
            // The judge follows the shots live.
            await expect(judge.page.getByTestId('night-actions').locator('[data-testid="night-action"][data-step="shooting"]')).toHaveCount(shooters.length)
          } else if (step === 'don' || step === 'sheriff') {
            const checker = step === 'don' ? donSeat : sheriffSeat
            if (alive(checker)) {
              const target = view.seats.find((seat) => seat.atTable && seat.seat !== checker)?.seat as number
              const screen = pageAt.get(checker)
              if (screen) {
                // The check is made on the tile; the tile and the feedback line confirm it.
                await onTile(screen, target, 'night')
                await expect(tile(screen, checker), 'a night action never offers one’s own seat').not.toHaveAttribute('data-action', /.+/)
                await confirmed(screen, target)
                played.checks += 1
              } else expect(await botAt(checker).act(lobbyId, { type: 'night_action', target })).toBeNull()
              await expect(judge.page.getByTestId('night-actions').locator(`[data-testid="night-action"][data-step="${step}"]`)).toHaveCount(1)
            }
          }
          await measure(view.phase)
          await judgeClick('judge-next')
          if (view.phase === 'night_sheriff') await expectAnnounced(watcher.page, view.night === 1 ? 'kill' : 'miss', 'the spectator’s screen')
        }
      }
    }

    // The game is over; the player took their turns on the tiles.
    const final = await judgeView()
    expect(final.phase).toBe('ended')
    // The player's own tile vote depends on the random deal (a player killed or removed before day 2's
    // vote only ever lets the first day's time run out): it is checked above whenever it happens, and
    // in the table screen's unit tests always.
    expect(played).toMatchObject({ nominated: true, timeUp: true, cockpit: true, removed: true, bestMove: true })
    expect(played.partnerPicks).toBeGreaterThanOrEqual(2)
    expect(played.checks).toBeGreaterThanOrEqual(1)
    await expectAnnounced(watcher.page, 'end', 'the spectator’s screen')

    // Every kind of announcement was shown to the spectator, and the judge's log holds the record.
    const kinds = ['nomination', 'vote', 'leaves', 'no_elimination', 'kill', 'miss', 'best_move', 'foul', 'removal', 'pause', 'resume', 'time_up', 'timer', 'end']
    expect(await announced(watcher.page)).toEqual(expect.arrayContaining(kinds))
    await judge.page.getByTestId('tab-game-log').click()
    const log = judge.page.getByTestId('game-log')
    for (const kind of kinds.filter((kind) => kind !== 'timer' && kind !== 'time_up')) await expect(log.locator(`[data-testid="log-entry"][data-kind="${kind}"]`).first()).toBeAttached()

    // The summary: every seat's role, team and points, the best move, and the way to the record.
    await Promise.all(
      [judge, player, watcher].map(async (screen) => {
        const summary = screen.page.getByTestId('game-summary')
        await expect(summary).toBeVisible()
        for (const seat of final.seats) await expect(summary.getByTestId(`summary-seat-${seat.seat}`)).toContainText(await textOn(screen.page, `roles.${seat.role}`))
        await expect(summary.getByTestId('summary-best-move')).toBeVisible()
        await expect(summary.getByTestId('summary-record')).toHaveAttribute('href', `/game/statistics/${lobbyId}`)
      }),
    )
    await measure('ended', { last: true })

    // The cameras stay on for the talk after the game: the player's own picture plays on their
    // screen, and on the judge's and the spectator's.
    await expectVideoPlaying(player.page, playerAccount.id, 'the player’s own camera at the end')
    await expectVideoPlaying(watcher.page, playerAccount.id, 'the player’s camera on the spectator’s screen at the end')
    await expectVideoPlaying(judge.page, playerAccount.id, 'the player’s camera on the judge’s screen at the end')

    // Nor was a role ever sent to the spectator's page before the end.
    const beforeEnd = watcher.traffic.pushes.slice(
      0,
      watcher.traffic.pushes.findIndex((received) => received.push.changes.phase === 'ended'),
    )
    expect(beforeEnd.length).toBeGreaterThan(0)
    for (const { push } of beforeEnd) {
      expect(push.changes.seats?.filter((seat) => seat.role !== null || seat.team !== null) ?? []).toEqual([])
      expect(push.changes.you ?? null).toBeNull()
    }

    // The spectator follows the summary's link to the record.
    await watcher.page.getByTestId('summary-record').click()
    await watcher.page.waitForURL(`**/game/statistics/${lobbyId}`)
    const rows = watcher.page.getByTestId('record-player')
    await expect(rows).toHaveCount(10, { timeout: 30_000 })
    for (const seat of final.seats) {
      const row = watcher.page.locator(`[data-testid="record-player"][data-seat="${seat.seat}"]`)
      await expect(row).toHaveAttribute('data-role', seat.role as string)
    }
    await expect(watcher.page.locator(`[data-testid="record-player"][data-seat="${playerSeat}"]`)).toContainText(playerAccount.nickname)
    const timeline = watcher.page.getByTestId('record-timeline')
    for (const kind of ['speech', 'nomination', 'vote', 'night_action', 'night_result', 'foul', 'left', 'ended']) {
      await expect(timeline.locator(`li[data-kind="${kind}"]`).first()).toBeVisible()
    }
  } finally {
    for (const bot of [...bots, judgeOwn, playerOwn]) bot.socket.disconnect()
    await Promise.all([judge, player, watcher, ...extra].map((screen) => screen.context.close()))
  }
})

import { expect, test } from '@playwright/test'
import { newAccount, signedInContext, solidPng, text } from './support'

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
/** A `datetime-local` value in the browser's zone (the test's machine and its browser share one). */
const localDateTime = (offsetMs: number) => {
  const date = new Date(Date.now() + offsetMs)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/**
 * A tournament as its people live it: the organiser creates it with a poster and a judge chosen by
 * nickname, two players register (one through the registration link), the rest of a table registers
 * through the API while the organiser's page follows, the organiser starts the first round, its
 * table appears, and a registered player is taken to their seat.
 */
test('an organiser creates a tournament with a poster, players register, and the first round seats them at their table', async ({ browser, request, baseURL }) => {
  // Eleven accounts signed up and confirmed, three browsers: more than the default minute on a loaded machine.
  test.setTimeout(180_000)
  const origin = baseURL as string
  const signIn = await request.post('/api/auth/login/password', { data: { email: 'admin@mafia-table.test', password: 'admin-password-1' } })
  expect(signIn.status()).toBe(200)
  const organiser = (await signIn.json()) as { token: string }
  const judge = await newAccount(request, 'Judge')
  const first = await newAccount(request, 'First')
  const second = await newAccount(request, 'Second')
  const others = await Promise.all(Array.from({ length: 8 }, (_, index) => newAccount(request, `Player${index}`)))
  const name = `Cup ${Date.now().toString(36)}`

  // The organiser's form: every required field, a judge and a poster; the upload shows its progress.
  const organiserContext = await signedInContext(browser, origin, organiser.token)
  const organiserPage = await organiserContext.newPage()
  await organiserPage.goto('/tournaments')
  await organiserPage.getByRole('button', { name: text('en', 'tournaments.create') }).click()
  const form = organiserPage.getByTestId('tournament-form')
  const field = (key: string) => form.getByRole('textbox', { name: text('en', `tournaments.form.${key}`), exact: true })
  await field('name').fill(name)
  await field('dateStart').fill(day(3))
  await field('dateEnd').fill(day(2))
  await field('timeStart').fill('18:00')
  await field('registrationEnd').fill(localDateTime(86_400_000))
  // Judges and viewers are chosen by nickname: typed, picked from the list (by mouse or keyboard), removable.
  const judges = form.getByRole('combobox', { name: text('en', 'tournaments.form.judges') })
  await judges.fill(judge.nickname)
  await organiserPage.getByRole('option', { name: judge.nickname }).click()
  await expect(form.getByTestId('picked-user').filter({ hasText: judge.nickname })).toBeVisible()
  const viewers = form.getByRole('combobox', { name: text('en', 'tournaments.form.viewers') })
  await viewers.fill(first.nickname)
  await expect(organiserPage.getByRole('option', { name: first.nickname })).toBeVisible()
  await viewers.press('ArrowDown')
  await viewers.press('Enter')
  const viewerChip = form.getByTestId('picked-user').filter({ hasText: first.nickname })
  await expect(viewerChip).toBeVisible()
  // A chip says how it is removed, and goes at a click.
  await expect(viewerChip.getByLabel(text('en', 'tournaments.picker.remove').replace('{{nickname}}', first.nickname))).toBeVisible()
  await viewerChip.click()
  await expect(viewerChip).toHaveCount(0)
  await form.getByLabel(text('en', 'tournaments.form.images')).setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: solidPng(96) })
  // Checked before sending: the last day before the first is refused in the form itself.
  await form.getByRole('button', { name: text('en', 'tournaments.form.save') }).click()
  await expect(form.getByText(text('en', 'errors.tournaments.end_before_start'))).toBeVisible()
  await field('dateEnd').fill(day(4))
  await form.getByRole('button', { name: text('en', 'tournaments.form.save') }).click()
  await expect(organiserPage.getByText(text('en', 'tournaments.savedNotice').replace('{{name}}', name))).toBeVisible()
  const card = organiserPage.getByTestId('tournament-card').filter({ hasText: name })
  const poster = card.getByRole('img', { name: text('en', 'tournaments.poster').replace('{{name}}', name) })
  await expect(poster).toBeVisible()
  await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96)
  const saved = await request.post('/api/tournaments/schedule', { data: { search: name }, headers: { authorization: `Bearer ${organiser.token}` } })
  const tournament = ((await saved.json()) as { items: { id: number; registration_link: string }[] }).items[0] as { id: number; registration_link: string }
  expect(tournament.registration_link).toBe(`${origin}/tournaments?register=${tournament.id}`)

  // The first player comes through the registration link, the second finds the tournament in the schedule.
  const firstContext = await signedInContext(browser, origin, first.token)
  const firstPage = await firstContext.newPage()
  await firstPage.goto(new URL(tournament.registration_link).pathname + new URL(tournament.registration_link).search)
  const firstCard = firstPage.getByTestId('tournament-card').filter({ hasText: name })
  await firstCard.getByRole('button', { name: text('en', 'tournaments.register') }).click()
  await expect(firstCard.getByText(text('en', 'tournaments.youAreRegistered'))).toBeVisible()

  const secondContext = await signedInContext(browser, origin, second.token)
  const secondPage = await secondContext.newPage()
  await secondPage.goto('/tournaments')
  await secondPage.getByRole('searchbox').fill(name)
  const secondCard = secondPage.getByTestId('tournament-card').filter({ hasText: name })
  await secondCard.getByRole('button', { name: text('en', 'tournaments.register') }).click()
  await expect(secondCard.getByText(text('en', 'tournaments.youAreRegistered'))).toBeVisible()
  await secondContext.close()

  // A table's worth: the other eight register through the API; the organiser's open page hears of each at once.
  for (const player of others) {
    const registered = await request.post(`/api/tournaments/${tournament.id}/register`, { data: {}, headers: { authorization: `Bearer ${player.token}` } })
    expect(registered.status()).toBe(200)
  }
  await expect(card.getByText(text('en', 'tournaments.registeredPlayers').replace('{{number}}', '10'))).toBeVisible({ timeout: 5000 })

  // The organiser starts the first round: its table appears with ten players and the judge.
  // Saving opened the tournament's rounds and standings.
  await card.getByRole('button', { name: text('en', 'tournaments.startRound').replace('{{number}}', '1') }).click()
  const table = card.getByTestId('round-table')
  await expect(table).toHaveCount(1)
  await expect(table.getByRole('listitem')).toHaveCount(10)
  await expect(table.getByText(text('en', 'tournaments.judge').replace('{{nickname}}', judge.nickname))).toBeVisible()
  const watch = table.getByRole('link', { name: text('en', 'tournaments.watch').replace('{{number}}', '1') })
  const tableHref = await watch.getAttribute('href')
  expect(tableHref).toMatch(/^\/mafia\/\d+$/)

  // The first player, still on the schedule, is taken to their table.
  await expect(firstPage).toHaveURL(new RegExp(`${tableHref}$`))

  await firstContext.close()
  await organiserContext.close()
})

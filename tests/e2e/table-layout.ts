import { expect, type Page, type TestInfo } from '@playwright/test'
import { chooseLanguage, expectNoSeriousViolations, type TestLocale } from './accessibility'

/** The window sizes the table is played at: a laptop, a full-HD screen and a phone. */
export const viewports = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
] as const
export type Viewport = (typeof viewports)[number]

/** Below this width the table is the phone layout (filmstrip and bottom sheet). */
const phoneWidth = 768

export type ViewerKind = 'player' | 'judge' | 'spectator'

/** What a viewer must see without scrolling at one moment of the game, as the server's view says. */
export interface OnScreen {
  /** The phase runs a timer now, so its countdown is shown. */
  timed: boolean
  /** The viewer has controls now (a player who may act, the judge during the game). */
  controls: boolean
}

/** The test ids that must lie inside the window, in this layout. */
function required(expected: OnScreen, phone: boolean): string[] {
  const ids = ['phase-bar', 'phase']
  if (expected.timed) ids.push('phase-countdown')
  if (phone) ids.push('filmstrip')
  else ids.push(...Array.from({ length: 10 }, (_, index) => `seat-${index + 1}`), 'judge-seat')
  if (expected.controls) ids.push(phone ? 'action-sheet' : 'action-bar')
  return ids
}

/** Where an element is drawn, and any of its ancestors (or the document) that is scrolled. */
interface Placement {
  id: string
  missing?: true
  left: number
  top: number
  right: number
  bottom: number
  scrolled: string[]
}

/**
 * Every problem with what must be on screen: a missing element, one drawn outside the window,
 * or one that is only reachable because something scrolled (the document or a container of it).
 * An empty list when everything sits inside the window with nothing scrolled.
 */
async function offScreen(page: Page, ids: string[], size: Viewport): Promise<string[]> {
  const placements = await page.evaluate((testIds) => {
    const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''}`
    return testIds.map((id): Placement => {
      // An id may be rendered more than once (a hidden copy for another layout): the drawn one counts.
      const drawn = [...document.querySelectorAll(`[data-testid="${id}"]`)].find((element) => {
        const box = element.getBoundingClientRect()
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
      })
      if (!drawn) return { id, missing: true, left: 0, top: 0, right: 0, bottom: 0, scrolled: [] }
      const box = drawn.getBoundingClientRect()
      const scrolled: string[] = []
      if (window.scrollX !== 0 || window.scrollY !== 0) scrolled.push(`document (${window.scrollX}, ${window.scrollY})`)
      for (let ancestor = drawn.parentElement; ancestor; ancestor = ancestor.parentElement) {
        if (ancestor.scrollTop !== 0) scrolled.push(`${describe(ancestor)} scrollTop ${ancestor.scrollTop}`)
      }
      return { id, left: box.left, top: box.top, right: box.right, bottom: box.bottom, scrolled }
    })
  }, ids)
  const problems: string[] = []
  for (const placed of placements) {
    if (placed.missing) {
      problems.push(`${placed.id} is not drawn`)
      continue
    }
    // Half a pixel of rounding either way.
    const inside = placed.left >= -0.5 && placed.top >= -0.5 && placed.right <= size.width + 0.5 && placed.bottom <= size.height + 0.5
    if (!inside) problems.push(`${placed.id} at [${Math.round(placed.left)}, ${Math.round(placed.top)}]–[${Math.round(placed.right)}, ${Math.round(placed.bottom)}] leaves the ${size.width}×${size.height} window`)
    if (placed.scrolled.length > 0) problems.push(`${placed.id} is reached by scrolling: ${placed.scrolled.join(', ')}`)
  }
  return problems
}

/**
 * On a phone the table chat's floating button and the bottom action sheet share the window's lower
 * edge: the button must sit above the sheet, never over it. A problem when both are drawn and meet.
 */
async function chatOverSheet(page: Page): Promise<string[]> {
  const boxes = await page.evaluate(() =>
    ['table-chat-open', 'action-sheet'].map((id) => {
      const element = document.querySelector(`[data-testid="${id}"]`)
      const box = element?.getBoundingClientRect()
      return box && box.width > 0 && box.height > 0 ? { top: box.top, bottom: box.bottom, left: box.left, right: box.right } : null
    }),
  )
  const [button, sheet] = boxes
  if (!button || !sheet) return []
  const meet = button.bottom > sheet.top && button.top < sheet.bottom && button.right > sheet.left && button.left < sheet.right
  return meet ? [`the chat button [${Math.round(button.top)}–${Math.round(button.bottom)}] covers the action sheet [${Math.round(sheet.top)}–${Math.round(sheet.bottom)}]`] : []
}

/** Failures are collected rather than thrown, so one run reports every size, language and phase that fails. */
const softly = expect.configure({ soft: true })

export interface LookOptions {
  /** Look in both languages, the page's own and then the other one, instead of the page's own only. */
  bothLanguages?: boolean
  /** Axe checks the screen at the laptop size in each language looked at. */
  scan?: boolean
  /** The last look of a test: the page stays in its language (no later look would see the other one). */
  last?: boolean
}

/**
 * At each of the three window sizes, in the page's language (with `bothLanguages`, then in the
 * other one too), asserts that every seat (on a phone: the filmstrip), the phase bar with its timer
 * and the viewer's own controls lie inside the window without scrolling, and on a phone the chat
 * button sits above the action sheet; a spectator has no action bar. What the viewer must see is
 * read afresh from the server at each look (`expected`): a timer may run out or a turn end
 * meanwhile. A look that finds something off keeps its screenshot as an artifact of the test under
 * `label`. Ends at the laptop size in the language the page did not start in (English and Hebrew,
 * switched from the top bar as a user does; not after the `last` look), so that calls made in turn
 * look at the game's moments in both languages, right to left as well as left to right.
 */
export async function expectTableOnScreen(
  page: Page,
  viewer: ViewerKind,
  expected: () => Promise<OnScreen>,
  label: string,
  testInfo: TestInfo,
  options: LookOptions = {},
): Promise<void> {
  const scan = options.scan === true
  const first: TestLocale = (await page.locator('html').getAttribute('lang')) === 'he' ? 'he' : 'en'
  const other: TestLocale = first === 'en' ? 'he' : 'en'
  const locales: TestLocale[] = options.bothLanguages ? [first, other] : [first]
  for (const locale of locales) {
    await chooseLanguage(page, locale)
    for (const size of locale === first ? viewports : [...viewports].reverse()) {
      await page.setViewportSize(size)
      const phone = size.width < phoneWidth
      // The layout follows the new size on its next render: wait up to 5 s for it, then it must hold.
      let problems: string[] = []
      for (const deadline = Date.now() + 5_000; ; ) {
        problems = [...(await offScreen(page, required(await expected(), phone), size)), ...(phone ? await chatOverSheet(page) : [])]
        if (problems.length === 0 || Date.now() > deadline) break
        await page.waitForTimeout(100)
      }
      softly(problems, `${viewer} at ${size.width}×${size.height} in ${locale} (${label}): everything on screen without scrolling`).toEqual([])
      if (viewer === 'spectator') {
        await softly(page.getByTestId('action-bar'), 'a spectator has no action bar').toHaveCount(0)
        await softly(page.getByTestId('action-sheet'), 'a spectator has no action sheet').toHaveCount(0)
      }
      // A browser without a camera is told so in a dialog (which hides the rest from assistive
      // technology while open); the user closes it before reading the table.
      if (scan && (await page.getByTestId('device-error-ok').isVisible())) await page.getByTestId('device-error-ok').click()
      // A dialog closing hides the page from assistive technology until it is gone; once it is, the
      // page must be readable again (a page left hidden would also hide its defects from the scan).
      if (scan) {
        await softly(page.locator('#root'), `${viewer} at ${size.width}×${size.height} in ${locale} (${label}): the page is not left hidden from assistive technology`).not.toHaveAttribute('aria-hidden', 'true', { timeout: 5_000 })
      }
      if (scan && size.width === viewports[0].width) await expectNoSeriousViolations(page, `the table (${viewer}, ${label}, ${locale})`, testInfo, true)
      // The screen as it failed, for the report (a screenshot at each of some 150 passing looks only slowed the run).
      if (problems.length > 0) {
        const path = testInfo.outputPath('table', label, `${viewer}-${locale}-${size.width}x${size.height}.jpeg`)
        await page.screenshot({ path, type: 'jpeg', quality: 60 })
        await testInfo.attach(`${label} ${viewer} ${locale} ${size.width}x${size.height}`, { path, contentType: 'image/jpeg' })
      }
    }
  }
  await page.setViewportSize(viewports[0])
  if (!options.last) await chooseLanguage(page, other)
}

import { writeFile } from 'node:fs/promises'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

/** One serious or critical finding of axe, as a reader of the failure needs it. */
export interface Violation {
  rule: string
  impact: string
  help: string
  targets: string[]
}

/**
 * Runs axe on the page as it stands and fails, listing every rule, impact and element, when it
 * finds a serious or critical violation (`soft`: the test goes on and fails at its end). The full
 * report is attached to the test either way.
 */
export async function expectNoSeriousViolations(page: Page, what: string, testInfo: TestInfo, soft = false): Promise<void> {
  // Fluent's focus manager (Tabster) places empty `<i data-tabster-dummy>` sentinels that are focusable
  // and aria-hidden on purpose: they hand the focus on at once, and a screen reader must not read them.
  // axe reports them as aria-hidden-focus, a known false positive of Fluent UI v9, so they are left out.
  // Contrast is judged on settled colours: a banner fading in or out is half transparent for a moment,
  // which axe reports as too little contrast when its scan lands then. Every page of the run asks for
  // reduced motion (playwright.config.ts), so the page's own reduced-motion rules stop its animations
  // for the scan, as they do for a user who asks for less motion.
  // Legacy mode runs axe once in the page itself. The default mode runs it in parts and joins them in
  // a blank page it opens for the purpose, which costs a page and a second load of axe per scan (half
  // of each scan's time, several seconds at a busy table); it exists for cross-origin frames, and the
  // app has none.
  const results = await new AxeBuilder({ page }).setLegacyMode().exclude('[data-tabster-dummy]').analyze()
  const serious: Violation[] = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact as string,
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.map(String).join(' ')}  ${node.html.slice(0, 160)}`),
    }))
  const report = testInfo.outputPath(`axe ${what.replace(/[^\w() -]+/g, '_')}.json`)
  await writeFile(report, JSON.stringify(results.violations, null, 2))
  await testInfo.attach(`axe ${what}`, { path: report, contentType: 'application/json' })
  const listed = serious.map((violation) => `${violation.rule} (${violation.impact}): ${violation.help}\n    ${violation.targets.join('\n    ')}`).join('\n  ')
  expect.configure({ soft })(serious, `serious or critical accessibility violations on ${what}:\n  ${listed}`).toEqual([])
}

/** The two languages the browser tests switch between: one left to right, one right to left. */
export type TestLocale = 'en' | 'he'

/** Switches the interface language from the top bar's menu, as a user does, and waits until the page speaks it. */
export async function chooseLanguage(page: Page, locale: TestLocale): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === locale) return
  await page.getByTestId('language-selector').click()
  await page.getByTestId(`language-${locale}`).click()
  await expect(page.locator('html')).toHaveAttribute('lang', locale)
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'he' ? 'rtl' : 'ltr')
  // The menu closes once the choice is made; a scan or a measurement must not find it open.
  await expect(page.getByTestId(`language-${locale}`)).toBeHidden()
}

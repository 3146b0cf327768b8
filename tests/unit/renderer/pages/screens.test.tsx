// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import type { i18n } from 'i18next'
import type { ComponentType } from 'react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { HowToPlayScreen, RulesScreen, TermsOfProcessingScreen, TermsOfUseScreen } from '../../../../renderer/features/pages'
import { readPageContent } from '../../../../renderer/features/pages/page-content'
import { createPagesI18n, pageMessages } from './pages-i18n'

const screens: Array<{ name: string; page: string; Screen: ComponentType }> = [
  { name: 'RulesScreen', page: 'rules', Screen: RulesScreen },
  { name: 'HowToPlayScreen', page: 'howToPlay', Screen: HowToPlayScreen },
  { name: 'TermsOfUseScreen', page: 'termsOfUse', Screen: TermsOfUseScreen },
  { name: 'TermsOfProcessingScreen', page: 'termsOfProcessing', Screen: TermsOfProcessingScreen },
]

function renderWith(instance: i18n, Screen: ComponentType) {
  return render(
    <I18nextProvider i18n={instance}>
      <FluentProvider theme={webLightTheme}>
        <Screen />
      </FluentProvider>
    </I18nextProvider>,
  )
}

/** The English page as the renderer reads it, for the expected texts. */
const englishPage = (page: string) => {
  const content = readPageContent(pageMessages('en')[page])
  if (!content) throw new Error(`no English page ${page}`)
  return content
}

afterEach(cleanup)

describe('content pages in English', () => {
  for (const { name, page, Screen } of screens) {
    it(`${name} renders its title and every section in order, with a contents link to each`, async () => {
      const expected = englishPage(page)
      renderWith(await createPagesI18n('en'), Screen)

      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(expected.title)
      const article = screen.getByRole('article')
      expect(article.getAttribute('dir')).toBe('ltr')

      const sectionHeadings = within(article)
        .getAllByRole('heading', { level: 2 })
        .filter((heading) => heading.closest('nav') === null)
      expect(sectionHeadings.map((heading) => heading.textContent)).toEqual(expected.sections.map((section) => section.title))

      const contents = screen.getByRole('navigation', { name: 'Contents' })
      const links = within(contents).getAllByRole('link')
      expect(links.map((link) => link.textContent)).toEqual(expected.sections.map((section) => section.title))
      links.forEach((link, index) => expect(link.getAttribute('href')).toBe(`#${sectionHeadings[index]?.id}`))
    })
  }

  it('renders lists and highlighted terms of the rules', async () => {
    renderWith(await createPagesI18n('en'), RulesScreen)
    const teams = screen.getByRole('heading', { level: 2, name: englishPage('rules').sections[0]?.title }).closest('section') as HTMLElement
    expect(within(teams).getAllByRole('list').length).toBeGreaterThanOrEqual(2)
    expect(within(teams).getByText('Sheriff').tagName).toBe('SPAN')
  })

  it('moves to a section when its contents link is clicked', async () => {
    renderWith(await createPagesI18n('en'), RulesScreen)
    const contents = screen.getByRole('navigation', { name: 'Contents' })
    const last = within(contents).getAllByRole('link').at(-1) as HTMLAnchorElement
    last.click()
    const target = document.getElementById((last.getAttribute('href') as string).slice(1))
    expect(document.activeElement).toBe(target)
    expect(window.location.hash).toBe(last.getAttribute('href'))
  })

  it('renders nothing while the namespace is not loaded', async () => {
    const { container } = renderWith(await createPagesI18n('en', {}), RulesScreen)
    expect(container.querySelector('article')).toBeNull()
  })
})

describe('content pages in the other languages', () => {
  it('the Hebrew rules are right-to-left and have as many sections as the English', async () => {
    const english = englishPage('rules')
    renderWith(await createPagesI18n('he'), RulesScreen)
    const article = screen.getByRole('article')
    expect(article.getAttribute('dir')).toBe('rtl')
    expect(article.getAttribute('lang')).toBe('he')
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe(english.title)
    const sections = article.querySelectorAll('section')
    expect(sections.length).toBe(english.sections.length)
  })

  for (const language of ['uk', 'de', 'he']) {
    it(`every page in ${language} has the section count of the English page`, async () => {
      const instance = await createPagesI18n(language)
      for (const { page, Screen } of screens) {
        const { container, unmount } = renderWith(instance, Screen)
        expect(container.querySelectorAll('section').length, page).toBe(englishPage(page).sections.length)
        expect(container.querySelector('h1')?.textContent, page).not.toBe(englishPage(page).title)
        unmount()
      }
    })
  }
})

import { useEffect, useId, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Body1, Caption1, Link, Subtitle1, Text, Title1, Title3, makeStyles, tokens } from '@fluentui/react-components'
import { readPageContent, type PageBlock, type PageListItem, type PageSection } from './page-content'

/** The top-level keys of the pages in the "pages" namespace. */
export type PageName = 'rules' | 'howToPlay' | 'termsOfUse' | 'termsOfProcessing'

const useStyles = makeStyles({
  article: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '760px',
    marginInlineStart: 'auto',
    marginInlineEnd: 'auto',
    paddingBlockStart: tokens.spacingVerticalXXL,
    paddingBlockEnd: tokens.spacingVerticalXXXL,
    paddingInlineStart: tokens.spacingHorizontalL,
    paddingInlineEnd: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground1,
    overflowWrap: 'break-word',
  },
  header: {
    marginBlockEnd: tokens.spacingVerticalXL,
  },
  title: {
    display: 'block',
    marginBlockStart: 0,
    marginBlockEnd: tokens.spacingVerticalM,
  },
  updated: {
    display: 'block',
    color: tokens.colorNeutralForeground3,
    marginBlockEnd: tokens.spacingVerticalM,
  },
  intro: {
    display: 'block',
    marginBlockStart: 0,
    marginBlockEnd: 0,
    fontSize: tokens.fontSizeBase500,
    lineHeight: '1.6',
    color: tokens.colorNeutralForeground2,
  },
  contents: {
    marginBlockEnd: tokens.spacingVerticalXXL,
    paddingBlockStart: tokens.spacingVerticalM,
    paddingBlockEnd: tokens.spacingVerticalM,
    paddingInlineStart: tokens.spacingHorizontalL,
    paddingInlineEnd: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  contentsTitle: {
    display: 'block',
    marginBlockStart: 0,
    marginBlockEnd: tokens.spacingVerticalS,
  },
  contentsList: {
    marginBlockStart: 0,
    marginBlockEnd: 0,
    paddingInlineStart: tokens.spacingHorizontalXL,
    lineHeight: '1.8',
    '@media (min-width: 640px)': {
      columnCount: 2,
      columnGap: tokens.spacingHorizontalXXL,
    },
  },
  contentsItem: {
    breakInside: 'avoid',
  },
  section: {
    marginBlockEnd: tokens.spacingVerticalXXL,
  },
  sectionTitle: {
    display: 'block',
    marginBlockStart: 0,
    marginBlockEnd: tokens.spacingVerticalM,
    // Keeps a heading reached through an anchor clear of a sticky top bar.
    scrollMarginBlockStart: '72px',
    ':focus': { outlineStyle: 'none' },
    ':focus-visible': {
      outlineStyle: 'solid',
      outlineWidth: tokens.strokeWidthThick,
      outlineColor: tokens.colorStrokeFocus2,
    },
  },
  subheading: {
    display: 'block',
    marginBlockStart: tokens.spacingVerticalL,
    marginBlockEnd: tokens.spacingVerticalS,
  },
  paragraph: {
    display: 'block',
    marginBlockStart: 0,
    marginBlockEnd: tokens.spacingVerticalM,
    fontSize: tokens.fontSizeBase400,
    lineHeight: '1.7',
  },
  note: {
    display: 'block',
    marginBlockStart: 0,
    marginBlockEnd: tokens.spacingVerticalM,
    paddingBlockStart: tokens.spacingVerticalS,
    paddingBlockEnd: tokens.spacingVerticalS,
    paddingInlineStart: tokens.spacingHorizontalM,
    paddingInlineEnd: tokens.spacingHorizontalM,
    borderInlineStartWidth: tokens.strokeWidthThicker,
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorBrandStroke1,
    backgroundColor: tokens.colorNeutralBackground2,
    fontSize: tokens.fontSizeBase400,
    lineHeight: '1.7',
  },
  list: {
    marginBlockStart: 0,
    marginBlockEnd: tokens.spacingVerticalM,
    paddingInlineStart: tokens.spacingHorizontalXXL,
    fontSize: tokens.fontSizeBase400,
    lineHeight: '1.7',
  },
  listItem: {
    marginBlockEnd: tokens.spacingVerticalS,
    paddingInlineStart: tokens.spacingHorizontalXS,
  },
  term: {
    fontWeight: tokens.fontWeightSemibold,
  },
})

const sectionAnchor = (page: PageName, section: PageSection) => `${page}-${section.key}`

/** Scrolls to a section heading and moves the focus there, and puts its anchor in the address. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, anchor: string): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  const target = document.getElementById(anchor)
  if (!target) return
  event.preventDefault()
  // The router keeps its own data in history.state: change only the address's fragment.
  window.history.replaceState(window.history.state, '', `#${anchor}`)
  target.scrollIntoView?.({ block: 'start' })
  target.focus({ preventScroll: true })
}

function ListItemText({ item }: { item: PageListItem }) {
  const styles = useStyles()
  if (item.term === undefined) return <>{item.text}</>
  return (
    <>
      <span className={styles.term}>{item.term}</span>
      {/* The term and its text are separate keys; the separator follows the text's direction. */}
      {': '}
      {item.text}
    </>
  )
}

function Block({ block }: { block: PageBlock }) {
  const styles = useStyles()
  switch (block.kind) {
    case 'heading':
      return (
        <Subtitle1 as="h3" className={styles.subheading}>
          {block.text}
        </Subtitle1>
      )
    case 'note':
      return (
        <Body1 as="p" className={styles.note}>
          {block.text}
        </Body1>
      )
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index} className={styles.listItem}>
          <ListItemText item={item} />
        </li>
      ))
      return block.ordered ? <ol className={styles.list}>{items}</ol> : <ul className={styles.list}>{items}</ul>
    }
    case 'paragraph':
      return (
        <Body1 as="p" className={styles.paragraph}>
          {block.text}
        </Body1>
      )
  }
}

/**
 * A text page of the "pages" namespace (rules, how to play, terms), laid out for reading, with a table
 * of contents that links to each section. Hebrew mirrors through the `dir` attribute and logical CSS.
 */
export function ArticlePage({ page }: { page: PageName }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation('pages')
  const content = readPageContent(t(page, { returnObjects: true }))
  const contentsId = useId()
  const language = i18n.resolvedLanguage ?? i18n.language
  const loaded = content !== undefined

  // Opening the page with a section's anchor in the address shows that section.
  useEffect(() => {
    if (!loaded) return
    const anchor = decodeURIComponent(window.location.hash.slice(1))
    if (anchor.startsWith(`${page}-`)) document.getElementById(anchor)?.scrollIntoView?.({ block: 'start' })
  }, [page, loaded])

  if (!content) return null

  return (
    <article className={styles.article} lang={language} dir={i18n.dir(language)}>
      <header className={styles.header}>
        <Title1 as="h1" className={styles.title}>
          {content.title}
        </Title1>
        {content.updated !== undefined && <Caption1 className={styles.updated}>{content.updated}</Caption1>}
        {content.intro !== undefined && (
          <Text as="p" className={styles.intro}>
            {content.intro}
          </Text>
        )}
      </header>

      {content.sections.length > 1 && (
        <nav className={styles.contents} aria-labelledby={contentsId}>
          <Subtitle1 as="h2" id={contentsId} className={styles.contentsTitle}>
            {t('common.contents')}
          </Subtitle1>
          <ol className={styles.contentsList}>
            {content.sections.map((section) => (
              <li key={section.key} className={styles.contentsItem}>
                <Link href={`#${sectionAnchor(page, section)}`} onClick={(event: MouseEvent<HTMLAnchorElement>) => jumpTo(event, sectionAnchor(page, section))}>
                  {section.title}
                </Link>
              </li>
            ))}
          </ol>
        </nav>
      )}

      {content.sections.map((section) => (
        <section key={section.key} className={styles.section} aria-labelledby={sectionAnchor(page, section)}>
          <Title3 as="h2" id={sectionAnchor(page, section)} tabIndex={-1} className={styles.sectionTitle}>
            {section.title}
          </Title3>
          {section.blocks.map((block) => (
            <Block key={block.key} block={block} />
          ))}
        </section>
      ))}
    </article>
  )
}

import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons'

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
})

/** The texts of a pager, in the screen's own words. */
export interface PagerTexts {
  /** Names the pager for assistive technology. */
  label: string
  previous: string
  next: string
  /** Where the reader is ("Page 2 of 5"), announced when it changes. */
  status: string
}

/**
 * Previous and next around the page number. `compact`: the buttons show only their icons (their
 * texts stay their names); `always`: shown with a single page too.
 */
export function AdminPager(props: { page: number; pages: number; busy: boolean; onPage(page: number): void; texts: PagerTexts; compact?: boolean }) {
  const styles = useStyles()
  const { page, pages, busy, texts, compact } = props
  return (
    <nav className={styles.pager} aria-label={texts.label}>
      <Button icon={<ChevronLeft20Regular />} disabled={page <= 1 || busy} onClick={() => props.onPage(page - 1)} aria-label={compact ? texts.previous : undefined}>
        {compact ? null : texts.previous}
      </Button>
      <Body1 aria-live="polite">{texts.status}</Body1>
      <Button icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pages || busy} onClick={() => props.onPage(page + 1)} aria-label={compact ? texts.next : undefined}>
        {compact ? null : texts.next}
      </Button>
    </nav>
  )
}

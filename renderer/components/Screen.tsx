import { makeStyles, Title2, tokens } from '@fluentui/react-components'
import { useId, type ReactNode } from 'react'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    paddingBlock: tokens.spacingVerticalXL,
    paddingInline: tokens.spacingHorizontalXL,
    maxWidth: '1100px',
    width: '100%',
    boxSizing: 'border-box',
    marginInline: 'auto',
    '@media (max-width: 767px)': { paddingInline: tokens.spacingHorizontalM, paddingBlock: tokens.spacingVerticalL },
  },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { margin: 0, flexGrow: 1 },
})

/** A screen's frame: its title as the page heading, then its content. */
export function Screen({ title, actions, children }: { title: string; actions?: ReactNode; children?: ReactNode }) {
  const styles = useStyles()
  const headingId = useId()
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <header className={styles.header}>
        <Title2 as="h1" id={headingId} className={styles.title}>
          {title}
        </Title2>
        {actions}
      </header>
      {children}
    </section>
  )
}

import { makeStyles, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  skip: {
    position: 'absolute',
    insetInlineStart: tokens.spacingHorizontalS,
    insetBlockStart: '-100px',
    zIndex: 2000,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    ':focus': { insetBlockStart: tokens.spacingVerticalS, outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  main: {
    flexGrow: 1,
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    ':focus': { outlineStyle: 'none' },
  },
})

/** The first thing a keyboard reaches: a jump past the bars to the screen. */
export function SkipLink() {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <a className={styles.skip} href="#main-content">
      {t('shell.skipToContent')}
    </a>
  )
}

/** The screen's region; focusable so navigation and the skip link can move focus here. */
export function MainRegion({ children, className }: { children: ReactNode; className?: string }) {
  const styles = useStyles()
  return (
    <main id="main-content" tabIndex={-1} className={className ? `${styles.main} ${className}` : styles.main}>
      {children}
    </main>
  )
}

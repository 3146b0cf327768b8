import { makeStyles, tokens } from '@fluentui/react-components'
import { Outlet, useLocation } from 'react-router'
import { LanguageSelector } from '../shell/LanguageSelector'
import { ThemeToggle } from '../shell/ThemeToggle'
import { MainRegion } from './parts'

const useStyles = makeStyles({
  root: { minHeight: '100dvh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground3, position: 'relative' },
  corner: {
    position: 'absolute',
    insetBlockStart: tokens.spacingVerticalS,
    insetInlineEnd: tokens.spacingHorizontalS,
    display: 'flex',
    gap: tokens.spacingHorizontalXS,
    zIndex: 5,
  },
})

/**
 * No bars: sign-in, sign-up, confirm, reset, free premium and the stream view. A small corner keeps
 * the language and theme choice at hand, except on the stream view (captured by streaming software).
 */
export function EmptyLayout() {
  const styles = useStyles()
  const { pathname } = useLocation()
  const bare = pathname.startsWith('/obs-share')
  return (
    <div className={styles.root} data-layout="empty">
      {bare ? null : (
        <div className={styles.corner}>
          <LanguageSelector compact={false} />
          <ThemeToggle />
        </div>
      )}
      <MainRegion>
        <Outlet />
      </MainRegion>
    </div>
  )
}

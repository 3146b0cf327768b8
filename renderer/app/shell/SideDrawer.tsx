import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, mergeClasses, OverlayDrawer, tokens } from '@fluentui/react-components'
import { Dismiss20Regular } from '@fluentui/react-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { MenuItem } from './menus'
import { NavList } from './NavList'

/** Drawer widths (spec section 9): open 256 px, rail 56 px. */
export const drawerWidth = 256
export const railWidth = 56

const useStyles = makeStyles({
  aside: {
    flexShrink: 0,
    boxSizing: 'border-box',
    // clip, not hidden: hidden would make this a scroll container and pin the sticky menu to it.
    overflowX: 'clip',
    backgroundColor: tokens.colorNeutralBackground2,
    borderInlineEndWidth: tokens.strokeWidthThin,
    borderInlineEndStyle: 'solid',
    borderInlineEndColor: tokens.colorNeutralStroke2,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    transitionTimingFunction: tokens.curveEasyEase,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0.01ms' },
  },
  /** The menu stays in view while the screen scrolls. */
  sticky: {
    position: 'sticky',
    insetBlockStart: '56px',
    maxHeight: 'calc(100dvh - 56px)',
    overflowY: 'auto',
    overflowX: 'hidden',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: '8px',
    boxSizing: 'border-box',
  },
  expanded: { width: `${drawerWidth}px` },
  rail: { width: `${railWidth}px` },
  extra: {
    paddingBlockStart: tokens.spacingVerticalM,
    borderBlockStartWidth: tokens.strokeWidthThin,
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: tokens.colorNeutralStroke2,
  },
  overlay: { width: `${Math.min(drawerWidth + 24, 320)}px`, maxWidth: '85vw' },
})

export interface SideDrawerProps {
  id: string
  /** The menu's accessible name (translated). */
  label: string
  items: MenuItem[]
  /** Desktop: full width or rail. */
  expanded: boolean
  mobile: boolean
  mobileOpen: boolean
  onMobileOpenChange(open: boolean): void
  /** Below the menu (the admin drawer's re-calc button). Receives whether labels are shown. */
  extra?: (expanded: boolean) => ReactNode
  /** Below the menu in the mobile drawer only (the main drawer's advertising column); draws its own spacing. */
  mobileExtra?: ReactNode
}

/** The side menu: a permanent drawer on desktop (open or rail), a temporary overlay drawer on mobile. */
export function SideDrawer({ id, label, items, expanded, mobile, mobileOpen, onMobileOpenChange, extra, mobileExtra }: SideDrawerProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  if (mobile) {
    return (
      <OverlayDrawer id={id} className={styles.overlay} open={mobileOpen} onOpenChange={(_event, data) => onMobileOpenChange(data.open)} position="start" aria-label={label}>
        <DrawerHeader>
          <DrawerHeaderTitle
            action={<Button appearance="subtle" icon={<Dismiss20Regular />} aria-label={t('shell.closeMenu')} onClick={() => onMobileOpenChange(false)} />}
          >
            {t('app.name')}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>
          <NavList items={items} label={label} expanded onNavigate={() => onMobileOpenChange(false)} />
          {extra ? <div className={styles.extra}>{extra(true)}</div> : null}
          {mobileExtra}
        </DrawerBody>
      </OverlayDrawer>
    )
  }
  return (
    <aside id={id} className={mergeClasses(styles.aside, expanded ? styles.expanded : styles.rail)} data-expanded={expanded ? 'true' : 'false'} data-testid={`${id}`}>
      <div className={styles.sticky}>
        <NavList items={items} label={label} expanded={expanded} />
        {extra ? <div className={styles.extra}>{extra(expanded)}</div> : null}
      </div>
    </aside>
  )
}

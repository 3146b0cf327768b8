import { createFocusOutlineStyle, makeStyles, mergeClasses, tokens, Tooltip, typographyStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { NavLink, useLocation } from 'react-router'
import type { MenuItem } from './menus'

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  link: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '40px',
    paddingInline: '10px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    position: 'relative',
    ...typographyStyles.body1,
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover, color: tokens.colorNeutralForeground1 },
    ':active': { backgroundColor: tokens.colorSubtleBackgroundPressed },
    '&[aria-current="page"]': {
      backgroundColor: tokens.colorSubtleBackgroundSelected,
      color: tokens.colorNeutralForeground1,
      ...typographyStyles.body1Strong,
    },
    '&[aria-current="page"]::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: 0,
      insetBlock: '10px',
      width: '3px',
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorCompoundBrandForeground1,
    },
  },
  focus: createFocusOutlineStyle({ style: { outlineOffset: '-2px' } }),
  icon: { flexShrink: 0, display: 'inline-flex', fontSize: '20px' },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
})

/**
 * A side menu as a list of links (the current one carries aria-current="page"). Collapsed to a rail
 * it shows icons only; the label stays for screen readers and appears as a tooltip.
 */
export function NavList({ items, label, expanded, onNavigate }: { items: MenuItem[]; label: string; expanded: boolean; onNavigate?: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <nav aria-label={label}>
      <ul className={styles.list}>
        {items.map((item) => {
          const Icon = item.icon
          const text = t(item.label)
          const link = (
            <NavLink to={item.aliases?.includes(pathname) ? pathname : item.to} end={item.end} className={mergeClasses(styles.link, styles.focus)} onClick={onNavigate} data-testid={`nav-${item.id}`}>
              <span className={styles.icon} aria-hidden="true">
                <Icon />
              </span>
              <span className={expanded ? undefined : styles.hidden}>{text}</span>
            </NavLink>
          )
          return (
            <li key={item.id}>
              {expanded ? (
                link
              ) : (
                <Tooltip content={text} relationship="inaccessible" positioning="after" withArrow>
                  {link}
                </Tooltip>
              )}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

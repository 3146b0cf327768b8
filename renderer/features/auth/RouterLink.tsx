import type { MouseEvent, ReactNode } from 'react'
import { createCustomFocusIndicatorStyle, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useHref, useLinkClickHandler, type To } from 'react-router'

// Fluent's Link as an anchor is these styles (the same tokens, the same double underline for keyboard
// focus): its component would bring the styles of every appearance (subtle, inline, disabled, inverted,
// button) and the link's state hooks to /signin, which shows two plain text links.
const useStyles = makeStyles({
  link: {
    ':focus-visible': { outlineStyle: 'none' },
    backgroundColor: 'transparent',
    boxSizing: 'border-box',
    color: tokens.colorBrandForegroundLink,
    cursor: 'pointer',
    display: 'inline',
    fontFamily: tokens.fontFamilyBase,
    fontSize: 'inherit',
    fontWeight: tokens.fontWeightRegular,
    margin: '0',
    padding: '0',
    overflow: 'inherit',
    textAlign: 'left',
    textDecorationLine: 'none',
    textDecorationThickness: tokens.strokeWidthThin,
    textOverflow: 'inherit',
    userSelect: 'text',
    ':hover': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkHover },
    ':active': { textDecorationLine: 'underline', color: tokens.colorBrandForegroundLinkPressed },
  },
  focus: createCustomFocusIndicatorStyle({
    textDecorationColor: tokens.colorStrokeFocus2,
    textDecorationLine: 'underline',
    textDecorationStyle: 'double',
    outlineStyle: 'none',
  }),
})

/** A link drawn as Fluent's that navigates inside the app (a real <a href>, so it opens in a new tab too). */
export function RouterLink({ to, replace, children }: { to: To; replace?: boolean; children: ReactNode }) {
  const styles = useStyles()
  const href = useHref(to)
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to, replace ? { replace } : {})
  return (
    <a href={href} className={mergeClasses(styles.link, styles.focus)} onClick={(event: MouseEvent<HTMLAnchorElement>) => onClick(event)}>
      {children}
    </a>
  )
}

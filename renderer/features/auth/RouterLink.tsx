import type { MouseEvent, ReactNode } from 'react'
import { Link } from '@fluentui/react-components'
import { useHref, useLinkClickHandler, type To } from 'react-router'

/** A Fluent link that navigates inside the app (a real <a href>, so it opens in a new tab too). */
export function RouterLink({ to, replace, children }: { to: To; replace?: boolean; children: ReactNode }) {
  const href = useHref(to)
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to, replace ? { replace } : {})
  return (
    <Link href={href} onClick={(event: MouseEvent<HTMLElement>) => onClick(event as MouseEvent<HTMLAnchorElement>)}>
      {children}
    </Link>
  )
}

import { Link } from '@fluentui/react-components'
import type { MouseEvent, ReactNode } from 'react'
import { useHref, useNavigate } from 'react-router'

/** A Fluent link that navigates inside the app (a modified click still opens a new tab). */
export function RouterLink({ to, children, className, 'data-testid': testId }: { to: string; children: ReactNode; className?: string; 'data-testid'?: string }) {
  const navigate = useNavigate()
  const href = useHref(to)
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(to)
  }
  return (
    <Link as="a" href={href} onClick={handleClick} className={className} data-testid={testId}>
      {children}
    </Link>
  )
}

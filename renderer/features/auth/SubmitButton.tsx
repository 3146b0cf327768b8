import type { ReactNode } from 'react'
import { Button } from '@fluentui/react-components'
import { Spinner } from '../../components/Spinner'

/**
 * The primary button of a form. While the call runs it shows a spinner and stays focusable but
 * inactive (aria-disabled), so keyboard focus is not lost.
 */
export function SubmitButton({ pending, children, className }: { pending: boolean; children: ReactNode; className?: string }) {
  return (
    <Button type="submit" appearance="primary" className={className} disabledFocusable={pending} icon={pending ? <Spinner size="tiny" /> : undefined}>
      {children}
    </Button>
  )
}

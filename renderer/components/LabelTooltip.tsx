import { Tooltip, type TooltipProps } from '@fluentui/react-components'
import { cloneElement, useLayoutEffect, useRef, type ReactElement, type Ref } from 'react'

/**
 * Fluent's tooltip naming its trigger, in a module of its own so DeferredLabelTooltip can load it on first
 * use. `takeFocus`: the trigger is focused as it mounts (it replaces one that had the focus), in a layout
 * effect of this parent: it runs after the tooltip's own, so the tooltip's focus handler is ready and shows it.
 */
export function LabelTooltip({ takeFocus, children, ...props }: Omit<TooltipProps, 'relationship' | 'children'> & { takeFocus: boolean; children: ReactElement<{ ref?: Ref<HTMLElement> }> }) {
  const trigger = useRef<HTMLElement>(null)
  useLayoutEffect(() => {
    if (takeFocus) trigger.current?.focus()
    // Only the trigger this tooltip mounted with takes the focus over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return (
    <Tooltip {...props} relationship="label">
      {cloneElement(children, { ref: trigger })}
    </Tooltip>
  )
}

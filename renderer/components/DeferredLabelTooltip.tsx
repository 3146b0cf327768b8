import { cloneElement, useState, type ComponentType, type FocusEvent, type PointerEvent, type ReactElement, type Ref } from 'react'
import type { LabelTooltip as LabelTooltipComponent } from './LabelTooltip'

// Fluent's tooltip brings its positioning code (floating-ui) with it. A control on a first page that most
// visitors never point at (the theme toggle on /signin) names itself with aria-label until it is pointed at
// or focused, then loads the tooltip, which opens at once and from then on behaves as Fluent's does.
const loadTooltip = () => import('./LabelTooltip')

interface TriggerProps {
  ref?: Ref<HTMLElement>
  'aria-label'?: string
  onPointerEnter?: (event: PointerEvent) => void
  onPointerLeave?: (event: PointerEvent) => void
  onFocus?: (event: FocusEvent) => void
  onBlur?: (event: FocusEvent) => void
}

interface Loaded {
  LabelTooltip: ComponentType<Parameters<typeof LabelTooltipComponent>[0]>
  /** The trigger had the focus when the tooltip replaced it. */
  takeFocus: boolean
}

/** A label tooltip (Fluent's `relationship="label"`) whose code loads the first time its trigger is pointed at or focused. */
export function DeferredLabelTooltip({ content, children }: { content: string; children: ReactElement<TriggerProps> }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [visible, setVisible] = useState(false)

  /** Loads the tooltip in place of `trigger`, the element rendered until then. */
  const load = (trigger: Element) => {
    loadTooltip()
      .then((module) => {
        // Read when it is replaced, not when the load started: the focus may have moved on meanwhile.
        setLoaded({ LabelTooltip: module.LabelTooltip, takeFocus: trigger.ownerDocument.activeElement === trigger })
      })
      // Offline: the control keeps its aria-label and works without a tooltip.
      .catch(() => {})
  }

  if (loaded) {
    const { LabelTooltip, takeFocus } = loaded
    return (
      <LabelTooltip content={content} visible={visible} onVisibleChange={(_event, data) => setVisible(data.visible)} takeFocus={takeFocus}>
        {children}
      </LabelTooltip>
    )
  }
  return cloneElement(children, {
    'aria-label': content,
    onPointerEnter: (event: PointerEvent) => {
      children.props.onPointerEnter?.(event)
      setVisible(true)
      load(event.currentTarget)
    },
    onPointerLeave: (event: PointerEvent) => {
      children.props.onPointerLeave?.(event)
      setVisible(false)
    },
    onFocus: (event: FocusEvent) => {
      children.props.onFocus?.(event)
      setVisible(true)
      load(event.currentTarget)
    },
    onBlur: (event: FocusEvent) => {
      children.props.onBlur?.(event)
      setVisible(false)
    },
  })
}

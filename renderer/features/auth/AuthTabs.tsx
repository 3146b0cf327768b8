import { useRef, type KeyboardEvent } from 'react'
import { createFocusOutlineStyle, makeStyles, mergeClasses, tokens, typographyStyles, useFluent } from '@fluentui/react-components'

// Two tabs drawn like Fluent's medium TabList with the same tokens. Fluent's TabList brings tabster's
// arrow-key mover and the styles of every tab variant to /signin; the keyboard model is small enough to
// keep here: the selected tab is the one Tab stop, the arrows (mirrored right to left), Home and End move
// the focus, Enter, Space or a click select (as in Fluent's TabList).
const useStyles = makeStyles({
  list: { display: 'flex', alignItems: 'center' },
  tab: {
    position: 'relative',
    display: 'grid',
    alignItems: 'center',
    justifyContent: 'center',
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: `calc(${tokens.spacingHorizontalMNudge} + ${tokens.spacingHorizontalXXS})`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorTransparentBackground,
    color: tokens.colorNeutralForeground2,
    ...typographyStyles.body1,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorTransparentBackgroundHover, color: tokens.colorNeutralForeground2Hover },
    ':active': { backgroundColor: tokens.colorTransparentBackgroundPressed, color: tokens.colorNeutralForeground2Pressed },
    // the indicator line: grey while pointed at, the brand colour once selected
    '::after': {
      content: '""',
      position: 'absolute',
      insetBlockEnd: 0,
      insetInline: tokens.spacingHorizontalM,
      height: tokens.strokeWidthThicker,
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorTransparentStroke,
    },
    ':hover::after': { backgroundColor: tokens.colorNeutralStroke1Hover },
    ':active::after': { backgroundColor: tokens.colorNeutralStroke1Pressed },
    '@media (forced-colors: active)': { ':hover::after': { backgroundColor: 'Highlight' } },
  },
  focus: createFocusOutlineStyle(),
  selected: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground1,
    ':hover': { color: tokens.colorNeutralForeground1Hover },
    ':active': { color: tokens.colorNeutralForeground1Pressed },
    '::after': { backgroundColor: tokens.colorCompoundBrandStroke },
    ':hover::after': { backgroundColor: tokens.colorCompoundBrandStrokeHover },
    ':active::after': { backgroundColor: tokens.colorCompoundBrandStrokePressed },
    '@media (forced-colors: active)': { '::after': { backgroundColor: 'ButtonText' }, ':hover::after': { backgroundColor: 'ButtonText' } },
  },
})

export interface AuthTab<Value extends string> {
  value: Value
  label: string
  /** The tab's element id (the panel is labelled by the selected one). */
  id: string
  /** Called when the tab is pointed at or focused, before it is selected (to start loading its panel). */
  onIntent?: () => void
}

/** Which tab the key moves the focus to, or null for keys the tab list leaves alone. */
export function focusTarget(key: string, index: number, count: number, rightToLeft: boolean): number | null {
  const next = (index + 1) % count
  const previous = (index - 1 + count) % count
  switch (key) {
    case 'ArrowRight':
      return rightToLeft ? previous : next
    case 'ArrowLeft':
      return rightToLeft ? next : previous
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

export function AuthTabs<Value extends string>({
  tabs,
  selected,
  onSelect,
  label,
  panelId,
}: {
  tabs: readonly AuthTab<Value>[]
  selected: Value
  onSelect: (value: Value) => void
  label: string
  panelId: string
}) {
  const styles = useStyles()
  const list = useRef<HTMLDivElement>(null)
  const { dir } = useFluent() // the provider's direction, as Fluent's own tab list reads it

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])]
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement)
    if (index < 0) return
    const target = focusTarget(event.key, index, buttons.length, dir === 'rtl')
    if (target === null) return
    event.preventDefault()
    buttons[target]?.focus()
  }

  return (
    <div ref={list} role="tablist" aria-label={label} aria-orientation="horizontal" className={styles.list} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isSelected = tab.value === selected
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tab.id}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            className={mergeClasses(styles.tab, styles.focus, isSelected && styles.selected)}
            onClick={() => onSelect(tab.value)}
            onPointerEnter={tab.onIntent}
            onFocus={tab.onIntent}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

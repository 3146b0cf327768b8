import { lazy, Suspense, useState, type KeyboardEvent } from 'react'
import { LanguageButton } from './LanguageButton'

// The menu's code (Fluent's menu, its positioning and motion) is loaded the first time the button is
// used, not with every first page: /signin shows the button but few visitors open it. Pointing at or
// focusing the button starts the load, so the menu is usually there by the time it is clicked.
const loadMenu = () => import('./LanguageMenu')
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })))

/** The language selector: the button, then (from its first use on) the menu behind it. */
export function LanguageSelector({ compact }: { compact: boolean }) {
  const [used, setUsed] = useState(false)
  const button = (
    <LanguageButton
      compact={compact}
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setUsed(true)}
      // Like the menu's own trigger: the down arrow opens it too (Enter and Space click the button).
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key !== 'ArrowDown') return
        event.preventDefault()
        setUsed(true)
      }}
    />
  )
  if (!used) return button
  return (
    <Suspense fallback={button}>
      <LanguageMenu compact={compact} />
    </Suspense>
  )
}

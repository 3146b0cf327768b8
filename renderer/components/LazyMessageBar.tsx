import { lazy, Suspense } from 'react'
import type { TextMessageBarProps } from './TextMessageBar'

// Fluent's MessageBar (its intents' styles and icons, its reflow observer and motion) is not part of a
// first page that shows no message: /signin shows one only after a submission or when arriving from a
// confirmation link. Its chunk loads the first time a bar is drawn; a form starts the load when it is
// submitted (`preloadMessageBar`), so the bar is there by the time the server answers.
const loadMessageBar = () => import('./TextMessageBar')
const TextMessageBar = lazy(() =>
  loadMessageBar().then(
    (module) => ({ default: module.TextMessageBar }),
    // Offline, the chunk may not come: the message ("no connection", say) is still shown, as plain text.
    () => ({ default: PlainMessage }),
  ),
)

/** The message without Fluent's bar, for when its code could not be loaded. */
function PlainMessage({ intent, title, children }: TextMessageBarProps) {
  return (
    <div role={intent === 'error' ? 'alert' : 'status'}>
      {title ? <strong>{title} </strong> : null}
      {children}
    </div>
  )
}

/** Starts loading the message bar's code ahead of its first use. */
export function preloadMessageBar(): void {
  loadMessageBar().catch(() => {})
}

/** A TextMessageBar whose code loads when it is first drawn (nothing is shown until then). */
export function LazyMessageBar(props: TextMessageBarProps) {
  return (
    <Suspense fallback={null}>
      <TextMessageBar {...props} />
    </Suspense>
  )
}

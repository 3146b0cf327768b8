import { useFocusFinders } from '@fluentui/react-components'

/**
 * Holds Fluent's focus manager (Tabster) for as long as the app runs. Fluent creates it when the
 * first component that needs it mounts and disposes it when the last one goes. A modal dialog hides
 * the rest of the page from assistive technology (`aria-hidden` on `#root`) and takes that back a
 * moment after it closes; when the dialog was the manager's last user (a table page whose device
 * notice is dismissed), the manager was disposed before taking it back, and the whole page stayed
 * hidden from screen readers (Tabster issue #530). One holder in each layout with menus and dialogs
 * keeps it alive there; the first page (/signin, the empty layout) opens none and loads none of it.
 */
export function FocusManagerHolder() {
  useFocusFinders()
  return null
}

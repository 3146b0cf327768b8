import { useFocusFinders } from '@fluentui/react-components'

/**
 * Holds Fluent's focus manager (Tabster) for as long as the app runs. Fluent creates it when the
 * first component that needs it mounts and disposes it when the last one goes. A modal dialog hides
 * the rest of the page from assistive technology (`aria-hidden` on `#root`) and takes that back a
 * moment after it closes; disposed before that moment, the manager never takes it back, and a
 * manager created afterwards takes the hidden root for the page's own state: the whole page stays
 * hidden from screen readers (Tabster issue #530). That happens when the dialog was the manager's
 * last user, and when a dialog closes on the way to another layout (a table created from /main's
 * dialog opens in the chat layout), which unmounts everything that used it at once. So one holder
 * sits above the layouts (`RootShell`), loaded with the first layout that has bars; the first page
 * (/signin, the empty layout) opens no dialog and loads none of it.
 */
export function FocusManagerHolder() {
  useFocusFinders()
  return null
}

import { proxy, useSnapshot } from 'valtio'

/** Whether the page is on screen (not a background tab): chats are read only while it is. */
const pageVisibility = proxy({ visible: typeof document === 'undefined' ? true : document.visibilityState !== 'hidden' })

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    pageVisibility.visible = document.visibilityState !== 'hidden'
  })
}

export function usePageVisible(): boolean {
  return useSnapshot(pageVisibility).visible
}

import { useSyncExternalStore } from 'react'

/** Below this width the shell is "mobile": a temporary drawer, a friends button, compact bars. */
export const mobileQuery = '(max-width: 767px)'

function subscribe(query: string) {
  return (onChange: () => void) => {
    if (typeof matchMedia === 'undefined') return () => {}
    const list = matchMedia(query)
    list.addEventListener('change', onChange)
    return () => list.removeEventListener('change', onChange)
  }
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    subscribe(query),
    () => (typeof matchMedia === 'undefined' ? false : matchMedia(query).matches),
    () => false,
  )
}

export function useIsMobile(): boolean {
  return useMediaQuery(mobileQuery)
}

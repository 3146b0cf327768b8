/**
 * Navigation from outside React (the API hooks, the socket): the router registers itself here once
 * it exists; before that a full page load does the job.
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void

let navigator: Navigate | null = null
let navigating: () => boolean = () => false

/** Returns what puts the previous navigator back: unit tests register their own and take it back after. */
export function registerNavigator(navigate: Navigate, isNavigating: () => boolean = () => false): () => void {
  const previous = { navigator, navigating }
  navigator = navigate
  navigating = isNavigating
  return () => {
    navigator = previous.navigator
    navigating = previous.navigating
  }
}

export function navigateTo(path: string, options: { replace?: boolean } = {}): void {
  if (navigator) navigator(path, options)
  else if (typeof location !== 'undefined' && location.pathname !== path) location.assign(path)
}

/** Whether a navigation (and so the guard) is running: the guard then handles redirects itself. */
export function isNavigating(): boolean {
  return navigating()
}

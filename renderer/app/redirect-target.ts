/**
 * Where to go after sign-in: the guard saves the address an anonymous visitor asked for, the sign-in
 * and confirm screens take it (once) and go there, or to /main.
 */
const storageKey = 'redirectTarget'

export function saveRedirectTarget(path: string): void {
  if (path.startsWith('/') && !path.startsWith('//')) sessionStorage.setItem(storageKey, path)
}

export function takeRedirectTarget(fallback = '/main'): string {
  const target = sessionStorage.getItem(storageKey)
  sessionStorage.removeItem(storageKey)
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/signin') ? target : fallback
}

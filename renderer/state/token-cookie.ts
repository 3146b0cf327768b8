/** The session token lives in a cookie named `token` (sent to the server as a bearer header, never read by it). */
const cookieName = 'token'

export function readTokenCookie(): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${cookieName}=`))
  return match ? decodeURIComponent(match.slice(cookieName.length + 1)) || null : null
}

export function writeTokenCookie(token: string | null): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  if (token) document.cookie = `${cookieName}=${encodeURIComponent(token)}; Path=/; Max-Age=${60 * 60 * 24 * 90}; SameSite=Strict${secure}`
  else document.cookie = `${cookieName}=; Path=/; Max-Age=0; SameSite=Strict${secure}`
}

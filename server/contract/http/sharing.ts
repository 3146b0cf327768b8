import { Type, type Static } from 'typebox'
import { ErrorBody, Ok, route } from './common'

/**
 * Whether the user has a share key for the streamer's page. The key itself is never shown again
 * after it was made (only its hash is kept): a lost link is replaced by regenerating.
 */
export const ShareKeyState = Type.Object({
  active: Type.Boolean(),
  /** When the key in force was made; null without one. */
  createdAt: Type.Union([Type.String(), Type.Null()]),
})
export type ShareKeyState = Static<typeof ShareKeyState>

/** A new share key, shown this once, and the streamer's page link that carries it. */
export const NewShareKey = Type.Object({
  key: Type.String({ minLength: 1 }),
  /** `<PUBLIC_URL>/obs-share#key=<key>`: the key rides in the fragment, so it never reaches a server log. */
  link: Type.String({ minLength: 1 }),
  createdAt: Type.String(),
})
export type NewShareKey = Static<typeof NewShareKey>

/** The streamer's page link for a key: the key in the fragment, so no server or proxy logs it. */
export const shareLink = (publicUrl: string, key: string) => `${publicUrl.replace(/\/+$/, '')}/obs-share#key=${encodeURIComponent(key)}`

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 429: ErrorBody }

/** The user's share key: read its state, make a new one (the old one stops working at once), revoke it. */
export const sharingRoutes = {
  shareKey: route({ method: 'GET', url: '/api/auth/shareKey', schema: { response: { 200: ShareKeyState, ...errors } } }),
  createShareKey: route({ method: 'POST', url: '/api/auth/shareKey', schema: { response: { 200: NewShareKey, ...errors } } }),
  revokeShareKey: route({ method: 'DELETE', url: '/api/auth/shareKey', schema: { response: { 200: Ok, ...errors } } }),
} as const

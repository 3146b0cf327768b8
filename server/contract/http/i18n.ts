import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

export const Language = Type.Object({
  id: Type.Integer(),
  value: Type.String(),
  short: Type.String(),
  icon: Type.String(),
  rtl: Type.Boolean(),
})
export type Language = Static<typeof Language>

/** The main message set of the product; other names are extra namespaces merged under their name. */
export const mainNamespace = 'mafia'

/** A message set: nested keys down to strings. */
export const Messages = Type.Record(Type.String(), Type.Unknown())
export type Messages = { [key: string]: string | Messages }

export const MessagesParams = Type.Object(
  {
    namespace: Type.String({ pattern: '^[a-z][a-z0-9_-]{0,31}$' }),
    locale: Type.String({ pattern: '^[a-z]{2}$' }),
  },
  { additionalProperties: false },
)

export const i18nRoutes = {
  languages: route({ method: 'GET', url: '/api/i18n', schema: { response: { 200: Type.Array(Language) } } }),
  messages: route({ method: 'GET', url: '/api/i18n/:namespace/:locale', schema: { params: MessagesParams, response: { 200: Messages, 400: ErrorBody, 404: ErrorBody } } }),
} as const

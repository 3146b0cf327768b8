import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

export const Health = Type.Object({ ok: Type.Literal(true), db: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]) })
export type Health = Static<typeof Health>

/** A settings flag as the server sends it: strings, where 'true' means on. */
export const SettingFlag = Type.Object({ name: Type.String(), value: Type.String() })
export type SettingFlag = Static<typeof SettingFlag>

/** Names of the settings the product reads. */
export const settingNames = ['maintenance', 'maintenance_message', 'premium_page'] as const

export const systemRoutes = {
  health: route({ method: 'GET', url: '/api/health', schema: { response: { 200: Health } } }),
  loadSettings: route({ method: 'GET', url: '/api/settings/load', schema: { response: { 200: Type.Array(SettingFlag), 429: ErrorBody } } }),
} as const

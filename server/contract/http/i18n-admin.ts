import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/** The translation editor (admins only): groups, a group's constants in every language, edits, sync. */
export const i18nAdminLimits = { itemsPerPageMax: 200, itemsPerPageDefault: 50, translateMax: 20_000, searchMax: 100 } as const

export const I18nGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Constants of the group. */
  constants: Type.Integer({ minimum: 0 }),
  /** Constants missing a text in at least one language. */
  missing: Type.Integer({ minimum: 0 }),
})
export type I18nGroup = Static<typeof I18nGroup>

export const I18nGroups = Type.Object({ items: Type.Array(I18nGroup) })
export type I18nGroups = Static<typeof I18nGroups>

/** One language's text of a constant (the spec's Translation: constId, groupId, langId, translate). */
export const I18nTranslate = Type.Object({
  constId: Type.Integer(),
  groupId: Type.Integer(),
  langId: Type.Integer(),
  /** The language's short name (uk, en, de, he). */
  locale: Type.String(),
  translate: Type.String(),
  /** 'seed' (from the files) or 'admin' (edited here: later seeds keep it). */
  source: Type.String(),
})
export type I18nTranslate = Static<typeof I18nTranslate>

/** A constant with its texts in every language that has one; a language without text is missing. */
export const I18nConstant = Type.Object({
  id: Type.Integer(),
  groupId: Type.Integer(),
  constant: Type.String(),
  translates: Type.Array(I18nTranslate),
})
export type I18nConstant = Static<typeof I18nConstant>

export const I18nConstantPage = Type.Object({ items: Type.Array(I18nConstant), total: Type.Integer({ minimum: 0 }) })
export type I18nConstantPage = Static<typeof I18nConstantPage>

export const I18nListQuery = Type.Object(
  {
    group: Type.String({ pattern: '^[a-z][a-z0-9_-]{0,31}$' }),
    /** Only constants missing a text in some language (or in `locale` when given). */
    missing: Type.Optional(Type.Boolean()),
    locale: Type.Optional(Type.String({ pattern: '^[a-z]{2}$' })),
    /** Part of the constant's name or of any of its texts, case-insensitive. */
    search: Type.Optional(Type.String({ maxLength: i18nAdminLimits.searchMax })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: i18nAdminLimits.itemsPerPageMax, default: i18nAdminLimits.itemsPerPageDefault })),
  },
  { additionalProperties: false },
)
export type I18nListQuery = Static<typeof I18nListQuery>

/**
 * Edits one constant in every language at once. `id` names the constant and `constant` must be its
 * name. Each text's `{{placeholders}}` must be those of the English text; an empty text removes that
 * language's text (English cannot be emptied). A locale the product does not have is refused.
 */
export const I18nSet = Type.Object(
  {
    id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    constant: Type.String({ minLength: 1, maxLength: 200 }),
    translates: Type.Array(
      Type.Object({ locale: Type.String({ minLength: 1, maxLength: 10 }), translate: Type.String({ maxLength: i18nAdminLimits.translateMax }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 10 },
    ),
  },
  { additionalProperties: false },
)
export type I18nSet = Static<typeof I18nSet>

/** A text that differs between this instance and the one named by I18N_SYNC_URL (null: missing there or here). */
export const I18nDifference = Type.Object({
  group: Type.String(),
  constant: Type.String(),
  locale: Type.String(),
  local: Type.Union([Type.String(), Type.Null()]),
  remote: Type.Union([Type.String(), Type.Null()]),
})
export type I18nDifference = Static<typeof I18nDifference>

export const I18nDifferences = Type.Object({ items: Type.Array(I18nDifference), total: Type.Integer({ minimum: 0 }) })
export type I18nDifferences = Static<typeof I18nDifferences>

export const I18nSynced = Type.Object({
  /** Constants written (here for syncFromProd, there for syncToProd). */
  changed: Type.Integer({ minimum: 0 }),
  /** Texts left alone: their constant does not exist on the receiving side, or the receiver refused them. */
  skipped: Type.Integer({ minimum: 0 }),
})
export type I18nSynced = Static<typeof I18nSynced>

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 502: ErrorBody, 503: ErrorBody }
const noQuery = Type.Object({}, { additionalProperties: false })

export const i18nAdminRoutes = {
  groups: route({ method: 'GET', url: '/api/i18n/groups', schema: { querystring: noQuery, response: { 200: I18nGroups, ...errors } } }),
  list: route({ method: 'GET', url: '/api/i18n/list', schema: { querystring: I18nListQuery, response: { 200: I18nConstantPage, ...errors } } }),
  set: route({ method: 'POST', url: '/api/i18n/set', schema: { body: I18nSet, response: { 200: I18nConstant, ...errors } } }),
  /** The differences with the instance named by I18N_SYNC_URL; nothing is written. */
  load: route({ method: 'GET', url: '/api/i18n/load', schema: { querystring: noQuery, response: { 200: I18nDifferences, ...errors } } }),
  /** Writes this instance's differing texts there (through its own POST /api/i18n/set, with I18N_SYNC_TOKEN). */
  syncToProd: route({ method: 'GET', url: '/api/i18n/syncToProd', schema: { querystring: noQuery, response: { 200: I18nSynced, ...errors } } }),
  /** Writes that instance's differing texts here. */
  syncFromProd: route({ method: 'GET', url: '/api/i18n/syncFromProd', schema: { querystring: noQuery, response: { 200: I18nSynced, ...errors } } }),
} as const

import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/**
 * Adverts of the drawer's advertising column: stream adverts (a thumbnail linking to a video) and
 * tournament adverts (image, name, price with currency, start date, linking to a registration page).
 * Each has an order (lower first) and optional active dates (from inclusive, until exclusive).
 */
export const advertisingLimits = { itemsPerPageMax: 100, itemsPerPageDefault: 20, publicItemsMax: 50, urlMax: 2000, nameMax: 200 } as const

export const AdvertKind = Type.Union([Type.Literal('stream'), Type.Literal('tournament')])
export type AdvertKind = Static<typeof AdvertKind>

/** http(s) addresses, or a path on this server (`/uploads/...`). */
const Url = Type.String({ maxLength: advertisingLimits.urlMax, pattern: '^(https?://[^\\s]+|/[^/\\s][^\\s]*)$' })
const NullableDate = Type.Union([Type.String({ format: 'date-time' }), Type.Null()])

export const Advert = Type.Object({
  id: Type.Integer(),
  kind: AdvertKind,
  videoUrl: Type.Union([Type.String(), Type.Null()]),
  thumbnailUrl: Type.Union([Type.String(), Type.Null()]),
  imageUrl: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  price: Type.Union([Type.Number(), Type.Null()]),
  currency: Type.Union([Type.String(), Type.Null()]),
  startDate: Type.Union([Type.String(), Type.Null()]),
  registrationLink: Type.Union([Type.String(), Type.Null()]),
  order: Type.Integer(),
  activeFrom: Type.Union([Type.String(), Type.Null()]),
  activeUntil: Type.Union([Type.String(), Type.Null()]),
})
export type Advert = Static<typeof Advert>

export const AdvertPage = Type.Object({ items: Type.Array(Advert), total: Type.Integer({ minimum: 0 }) })
export type AdvertPage = Static<typeof AdvertPage>

const fields = {
  videoUrl: Type.Optional(Type.Union([Url, Type.Null()])),
  thumbnailUrl: Type.Optional(Type.Union([Url, Type.Null()])),
  imageUrl: Type.Optional(Type.Union([Url, Type.Null()])),
  name: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: advertisingLimits.nameMax }), Type.Null()])),
  price: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 9_999_999_999 }), Type.Null()])),
  currency: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z]{3}$' }), Type.Null()])),
  startDate: Type.Optional(NullableDate),
  registrationLink: Type.Optional(Type.Union([Url, Type.Null()])),
  order: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  activeFrom: Type.Optional(NullableDate),
  activeUntil: Type.Optional(NullableDate),
}

/**
 * A new advert. A stream advert needs `videoUrl` and `thumbnailUrl`; a tournament advert needs
 * `imageUrl`, `name` and `registrationLink` (else errors.advertising.field_required with the field).
 */
export const AdvertCreate = Type.Object({ kind: AdvertKind, ...fields }, { additionalProperties: false })
export type AdvertCreate = Static<typeof AdvertCreate>

/** The fields to change; the kind stays. */
export const AdvertUpdate = Type.Object(fields, { additionalProperties: false, minProperties: 1 })
export type AdvertUpdate = Static<typeof AdvertUpdate>

export const AdvertQuery = Type.Object(
  {
    kind: Type.Optional(AdvertKind),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: advertisingLimits.itemsPerPageMax, default: advertisingLimits.itemsPerPageDefault })),
  },
  { additionalProperties: false },
)
export type AdvertQuery = Static<typeof AdvertQuery>

export const AdvertParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }, { additionalProperties: false })

/** What `GET /api/streams/advertise` serves: the active stream adverts, in order. */
export const StreamAdvert = Type.Object({ id: Type.Integer(), videoUrl: Type.String(), thumbnailUrl: Type.String() })
export const StreamAdverts = Type.Object({ items: Type.Array(StreamAdvert) })
export type StreamAdverts = Static<typeof StreamAdverts>

/** What `GET /api/advertising` serves: the active tournament adverts, in order. */
export const TournamentAdvert = Type.Object({
  id: Type.Integer(),
  imageUrl: Type.String(),
  name: Type.String(),
  price: Type.Union([Type.Number(), Type.Null()]),
  currency: Type.Union([Type.String(), Type.Null()]),
  startDate: Type.Union([Type.String(), Type.Null()]),
  registrationLink: Type.String(),
})
export const TournamentAdverts = Type.Object({ items: Type.Array(TournamentAdvert), total: Type.Integer({ minimum: 0 }) })
export type TournamentAdverts = Static<typeof TournamentAdverts>

export const Deleted = Type.Object({ id: Type.Integer() })

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody }
const noQuery = Type.Object({}, { additionalProperties: false })

/** The spec names only the public calls; the admin calls live under /api/admin/advertising. */
export const advertisingRoutes = {
  streams: route({ method: 'GET', url: '/api/streams/advertise', schema: { querystring: noQuery, response: { 200: StreamAdverts, ...errors } } }),
  public: route({ method: 'GET', url: '/api/advertising', schema: { querystring: noQuery, response: { 200: TournamentAdverts, ...errors } } }),
  list: route({ method: 'GET', url: '/api/admin/advertising', schema: { querystring: AdvertQuery, response: { 200: AdvertPage, ...errors } } }),
  create: route({ method: 'POST', url: '/api/admin/advertising', schema: { body: AdvertCreate, response: { 200: Advert, ...errors } } }),
  update: route({ method: 'PATCH', url: '/api/admin/advertising/:id', schema: { params: AdvertParams, body: AdvertUpdate, response: { 200: Advert, ...errors } } }),
  remove: route({ method: 'DELETE', url: '/api/admin/advertising/:id', schema: { params: AdvertParams, response: { 200: Deleted, ...errors } } }),
} as const

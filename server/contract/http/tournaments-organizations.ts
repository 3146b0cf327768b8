import { Type, type Static } from 'typebox'
import { ErrorBody, route } from './common'

/**
 * Organisations: clubs and federations that hold tournaments. Members of an organisation organise
 * its tournaments (create, edit, start rounds) beside moderators and admins; admins create and edit
 * organisations and their members in the admin panel (`/admin/tournaments`).
 */
export const organizationLimits = {
  nameMax: 80,
  membersMax: 100,
  itemsPerPageMax: 100,
  itemsPerPageDefault: 20,
  searchMax: 50,
  /** Admin changes per admin per minute. */
  changesPerMinute: 60,
} as const

const UserId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 })

/** A member as the admin panel shows them (the tournaments' person, defined here too: the route table of tournaments includes these routes). */
export const OrganizationMember = Type.Object({ id: Type.Integer(), nickname: Type.String(), avatar: Type.Union([Type.String(), Type.Null()]) })
export type OrganizationMember = Static<typeof OrganizationMember>

/** An organisation as the admin panel shows it: its members and how many tournaments it holds. */
export const OrganizationDetail = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  members: Type.Array(OrganizationMember),
  tournaments: Type.Integer({ minimum: 0 }),
})
export type OrganizationDetail = Static<typeof OrganizationDetail>

export const OrganizationPage = Type.Object({ items: Type.Array(OrganizationDetail), total: Type.Integer({ minimum: 0 }) })
export type OrganizationPage = Static<typeof OrganizationPage>

/** A new organisation: a name no other organisation has (compared without case) and its members' user ids. */
export const OrganizationInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: organizationLimits.nameMax }),
    members: Type.Optional(Type.Array(UserId, { maxItems: organizationLimits.membersMax, uniqueItems: true })),
  },
  { additionalProperties: false },
)
export type OrganizationInput = Static<typeof OrganizationInput>

/** A change: a new name, the whole new list of members, or both. */
export const OrganizationChange = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: organizationLimits.nameMax })),
    members: Type.Optional(Type.Array(UserId, { maxItems: organizationLimits.membersMax, uniqueItems: true })),
  },
  { additionalProperties: false },
)
export type OrganizationChange = Static<typeof OrganizationChange>

export const OrganizationPageQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: organizationLimits.itemsPerPageMax, default: organizationLimits.itemsPerPageDefault })),
    search: Type.Optional(Type.String({ maxLength: organizationLimits.searchMax })),
  },
  { additionalProperties: false },
)
export type OrganizationPageQuery = Static<typeof OrganizationPageQuery>

export const OrganizationIdParams = Type.Object({ id: UserId }, { additionalProperties: false })

export const OrganizationSaved = Type.Object({ organization: OrganizationDetail })
export type OrganizationSaved = Static<typeof OrganizationSaved>

const Done = Type.Object({ ok: Type.Literal(true) })
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody }

/**
 * The admin panel's organisations (admins only, each change in the audit trail as
 * `organization.create`, `.update`, `.delete`). Deleting one leaves its tournaments without an
 * organisation (then moderators and admins organise them).
 */
export const organizationRoutes = {
  adminOrganizations: route({ method: 'GET', url: '/api/admin/organizations', schema: { querystring: OrganizationPageQuery, response: { 200: OrganizationPage, ...errors } } }),
  adminCreateOrganization: route({ method: 'POST', url: '/api/admin/organizations', schema: { body: OrganizationInput, response: { 200: OrganizationSaved, ...errors } } }),
  adminUpdateOrganization: route({ method: 'PATCH', url: '/api/admin/organizations/:id', schema: { params: OrganizationIdParams, body: OrganizationChange, response: { 200: OrganizationSaved, ...errors } } }),
  adminDeleteOrganization: route({ method: 'DELETE', url: '/api/admin/organizations/:id', schema: { params: OrganizationIdParams, response: { 200: Done, ...errors } } }),
} as const

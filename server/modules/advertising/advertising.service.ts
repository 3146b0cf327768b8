import type { Transaction } from 'kysely'
import type { Database } from '../../../db/schema'
import type { Advert, AdvertCreate, AdvertPage, AdvertQuery, AdvertUpdate, StreamAdverts, TournamentAdverts } from '../../contract/http/advertising'
import { advertisingLimits } from '../../contract/http/advertising'
import { badRequest, notFound } from '../../lib/app-error'
import type { Clock } from '../../lib/clock'
import type { AdvertChange, AdvertRow, AdvertisingRepository } from './advertising.repository'

/** Writes one change to the audit trail, in the change's transaction. */
export type AuditWriter = (trx: Transaction<Database>, entry: { actorId: number; action: string; target: { type: string; id: number }; before: unknown; after: unknown }) => Promise<void>

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

export function toAdvert(row: AdvertRow): Advert {
  return {
    id: row.id,
    kind: row.kind,
    videoUrl: row.video_url,
    thumbnailUrl: row.thumbnail_url,
    imageUrl: row.image_url,
    name: row.name,
    price: row.price === null ? null : Number(row.price),
    currency: row.currency,
    startDate: iso(row.start_date),
    registrationLink: row.registration_link,
    order: row.sort_order,
    activeFrom: iso(row.active_from),
    activeUntil: iso(row.active_until),
  }
}

/** The fields each kind needs, checked on the advert as it will be stored. */
const requiredFields: Record<Advert['kind'], Array<keyof Advert>> = {
  stream: ['videoUrl', 'thumbnailUrl'],
  tournament: ['imageUrl', 'name', 'registrationLink'],
}

function columnsOf(input: AdvertUpdate): AdvertChange {
  const change: AdvertChange = {}
  if (input.videoUrl !== undefined) change.video_url = input.videoUrl
  if (input.thumbnailUrl !== undefined) change.thumbnail_url = input.thumbnailUrl
  if (input.imageUrl !== undefined) change.image_url = input.imageUrl
  if (input.name !== undefined) change.name = input.name === null ? null : input.name.trim() || null
  if (input.price !== undefined) change.price = input.price
  if (input.currency !== undefined) change.currency = input.currency
  if (input.startDate !== undefined) change.start_date = input.startDate
  if (input.registrationLink !== undefined) change.registration_link = input.registrationLink
  if (input.order !== undefined) change.sort_order = input.order
  if (input.activeFrom !== undefined) change.active_from = input.activeFrom
  if (input.activeUntil !== undefined) change.active_until = input.activeUntil
  return change
}

/** Refuses an advert that lacks what its kind shows, or whose active dates end before they start. */
function check(advert: Advert): void {
  for (const field of requiredFields[advert.kind]) {
    if (advert[field] === null || advert[field] === '') throw badRequest('errors.advertising.field_required', field)
  }
  if (advert.activeFrom !== null && advert.activeUntil !== null && new Date(advert.activeFrom) >= new Date(advert.activeUntil)) {
    throw badRequest('errors.advertising.dates', 'activeUntil')
  }
}

const empty: AdvertRow = {
  id: 0,
  kind: 'stream',
  video_url: null,
  thumbnail_url: null,
  image_url: null,
  name: null,
  price: null,
  currency: null,
  start_date: null,
  registration_link: null,
  sort_order: 0,
  active_from: null,
  active_until: null,
  created_at: new Date(0),
  updated_at: new Date(0),
}

/** Applies a change to a row the way the database will, to check the result before writing it. */
function merged(row: AdvertRow, change: AdvertChange): Advert {
  return toAdvert({ ...row, ...(change as Partial<AdvertRow>), price: change.price === undefined ? row.price : change.price === null ? null : String(change.price) })
}

/** Adverts: admins manage them (every change audited), everyone reads the active ones. */
export function createAdvertisingService(options: { repository: AdvertisingRepository; clock: Clock; audit: AuditWriter }) {
  const { repository, clock, audit } = options
  return {
    async streams(): Promise<StreamAdverts> {
      const rows = await repository.active('stream', clock.now(), advertisingLimits.publicItemsMax)
      return { items: rows.flatMap((row) => (row.video_url && row.thumbnail_url ? [{ id: row.id, videoUrl: row.video_url, thumbnailUrl: row.thumbnail_url }] : [])) }
    },

    async tournaments(): Promise<TournamentAdverts> {
      const rows = await repository.active('tournament', clock.now(), advertisingLimits.publicItemsMax)
      const items = rows.flatMap((row) => {
        const advert = toAdvert(row)
        return advert.imageUrl && advert.name && advert.registrationLink
          ? [{ id: advert.id, imageUrl: advert.imageUrl, name: advert.name, price: advert.price, currency: advert.currency, startDate: advert.startDate, registrationLink: advert.registrationLink }]
          : []
      })
      return { items, total: items.length }
    },

    async list(query: AdvertQuery): Promise<AdvertPage> {
      const limit = query.limit ?? advertisingLimits.itemsPerPageDefault
      const page = query.page ?? 1
      const { rows, total } = await repository.list(query.kind, { offset: (page - 1) * limit, limit })
      if (page > 1 && rows.length === 0) throw badRequest('errors.page_out_of_range', 'page')
      return { items: rows.map(toAdvert), total }
    },

    async create(actorId: number, input: AdvertCreate): Promise<Advert> {
      const { kind, ...fields } = input
      const change = columnsOf(fields)
      check(merged({ ...empty, kind }, change))
      return repository.transaction(async (trx) => {
        const row = await repository.insert(trx, { ...change, kind })
        const advert = toAdvert(row)
        await audit(trx, { actorId, action: 'advert.create', target: { type: 'advert', id: row.id }, before: null, after: advert })
        return advert
      })
    },

    async update(actorId: number, id: number, input: AdvertUpdate): Promise<Advert> {
      return repository.transaction(async (trx) => {
        const before = await repository.find(id, trx, true)
        if (!before) throw notFound()
        const change = columnsOf(input)
        check(merged(before, change))
        const advert = toAdvert(await repository.update(trx, id, change))
        await audit(trx, { actorId, action: 'advert.update', target: { type: 'advert', id }, before: toAdvert(before), after: advert })
        return advert
      })
    },

    async remove(actorId: number, id: number): Promise<{ id: number }> {
      return repository.transaction(async (trx) => {
        const before = await repository.find(id, trx, true)
        if (!before) throw notFound()
        await repository.remove(trx, id)
        await audit(trx, { actorId, action: 'advert.delete', target: { type: 'advert', id }, before: toAdvert(before), after: null })
        return { id }
      })
    },
  }
}

export type AdvertisingService = ReturnType<typeof createAdvertisingService>

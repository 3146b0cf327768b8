import { routes, type StreamAdverts, type TournamentAdverts } from '../../../server/contract/http'
import { call } from '../../api/client'
import { serverUrl } from '../../platform/bridge'

export type StreamAdvert = StreamAdverts['items'][number]
export type TournamentAdvert = TournamentAdverts['items'][number]

/** The active adverts of the drawer's column, in the server's order. */
export interface Adverts {
  streams: StreamAdvert[]
  tournaments: TournamentAdvert[]
}

export const noAdverts: Adverts = { streams: [], tournaments: [] }

/**
 * An advert's address as this renderer opens it: http(s) as given, a path on the club server
 * (`/uploads/...`) on that server (the desktop app's pages live elsewhere), anything else not at all.
 */
export function advertUrl(address: string | null | undefined): string | null {
  if (!address) return null
  if (/^https?:\/\/\S+$/i.test(address)) return address
  if (/^\/[^/\s]\S*$/.test(address)) return serverUrl(address)
  return null
}

/** Only adverts whose every address can be opened are shown. */
export function usableAdverts(adverts: Adverts): Adverts {
  return {
    streams: adverts.streams.filter((advert) => advertUrl(advert.videoUrl) !== null && advertUrl(advert.thumbnailUrl) !== null),
    tournaments: adverts.tournaments.filter((advert) => advertUrl(advert.imageUrl) !== null && advertUrl(advert.registrationLink) !== null),
  }
}

/**
 * A tournament's price as the viewer reads it: null when none is given, `free` when it is 0, the
 * amount in its currency otherwise (a plain number when the currency is missing or unknown).
 */
export function advertPrice(price: number | null, currency: string | null, locale: string): { free: true } | { text: string } | null {
  if (price === null || !Number.isFinite(price)) return null
  if (price === 0) return { free: true }
  if (currency) {
    try {
      return { text: new Intl.NumberFormat(locale, { style: 'currency', currency }).format(price) }
    } catch {
      // An unknown currency code: the amount alone, followed by the code.
      return { text: `${new Intl.NumberFormat(locale).format(price)} ${currency}` }
    }
  }
  return { text: new Intl.NumberFormat(locale).format(price) }
}

/** A start date in the viewer's language, or null when none is given or it cannot be read. */
export function advertDate(date: string | null, locale: string): string | null {
  if (!date) return null
  const at = new Date(date)
  if (Number.isNaN(at.getTime())) return null
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at)
}

/** The adverts change rarely: one load serves every opening of the drawer for a few minutes. */
const freshForMilliseconds = 5 * 60_000
let cached: { at: number; adverts: Promise<Adverts> } | null = null

/** The active stream and tournament adverts; a failed load shows none (and is tried again next time). */
export function loadAdverts(now = Date.now()): Promise<Adverts> {
  if (cached && now - cached.at < freshForMilliseconds) return cached.adverts
  const adverts = Promise.all([call(routes.advertising.streams), call(routes.advertising.public)]).then(
    ([streams, tournaments]) => usableAdverts({ streams: streams.items, tournaments: tournaments.items }),
    (error: unknown) => {
      cached = null
      console.warn('adverts could not be loaded', error)
      return noAdverts
    },
  )
  cached = { at: now, adverts }
  return adverts
}

/** Forgets the loaded adverts (tests). */
export function forgetAdverts(): void {
  cached = null
}

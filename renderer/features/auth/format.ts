/** A date and time from the server (ISO text) in the reader's language; the raw text when it is not a date. */
export function formatDateTime(iso: string, locale: string | undefined): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(date)
}

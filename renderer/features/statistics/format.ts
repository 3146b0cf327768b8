/** A number in the reader's language, a tenth at most. */
export function formatNumber(language: string, value: number): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)
}

/** A date and time in the reader's language. */
export function formatDate(language: string, iso: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
}

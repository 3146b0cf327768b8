/**
 * Error codes of bug reports, the translation editor and advertising (each is a translation key).
 * Imports nothing, so errors.ts can spread it without a cycle.
 */
export const contentErrorCodes = [
  // a bug report without its title or text (the form's own message)
  'form.validation.required',
  // the translation editor: a locale the product does not have; placeholders not those of the English text;
  // the English text left empty; a constant id that does not name the constant sent
  'errors.i18n.unknown_locale',
  'errors.i18n.placeholders',
  'errors.i18n.english_required',
  'errors.i18n.constant_mismatch',
  // exchanging translations with another instance: none is configured (I18N_SYNC_URL), or it did not answer as expected
  'errors.i18n.sync_not_configured',
  'errors.i18n.sync_failed',
  // advertising: an advert ending before it starts; a field the advert's kind needs is missing
  'errors.advertising.dates',
  'errors.advertising.field_required',
] as const

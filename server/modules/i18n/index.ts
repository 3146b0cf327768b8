export { createI18nRepository } from './i18n.repository'
export { createI18nService, nest, isLocale, type I18nService } from './i18n.service'
export { i18nHttpRoutes } from './i18n.routes'

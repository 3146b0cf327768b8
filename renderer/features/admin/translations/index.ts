export { AdminTranslationsScreen } from './AdminTranslationsScreen'

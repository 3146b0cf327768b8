// Screens of the content pages, used by the route table. Their texts are the "pages" namespace.
export { RulesScreen, HowToPlayScreen, TermsOfUseScreen, TermsOfProcessingScreen } from './screens'
export type { PageName } from './article-page'

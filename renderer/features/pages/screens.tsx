import { ArticlePage } from './article-page'

/** /rules: the sport-mafia rules as played at every table. */
export function RulesScreen() {
  return <ArticlePage page="rules" />
}

/** /how_to_play: a newcomer's guide to an online webcam table. */
export function HowToPlayScreen() {
  return <ArticlePage page="howToPlay" />
}

/** /terms_of_use: the club's terms of use. */
export function TermsOfUseScreen() {
  return <ArticlePage page="termsOfUse" />
}

/** /terms_of_processing: how the club processes personal data. */
export function TermsOfProcessingScreen() {
  return <ArticlePage page="termsOfProcessing" />
}

// Placeholder: the pages feature replaces these with the real content pages.
import { createElement } from 'react'
import { useTranslation } from 'react-i18next'

function titleScreen(key: string) {
  return function TitleScreen() {
    const { t } = useTranslation()
    return createElement('h1', null, t(key))
  }
}

export const RulesScreen = titleScreen('nav.rules')
export const HowToPlayScreen = titleScreen('nav.howToPlay')
export const TermsOfUseScreen = titleScreen('footer.termsOfUse')
export const TermsOfProcessingScreen = titleScreen('footer.termsOfProcessing')

import { Button } from '@fluentui/react-components'
import { WeatherMoon20Regular, WeatherSunny20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { DeferredLabelTooltip } from '../../components/DeferredLabelTooltip'
import { toggleTheme, uiState } from '../../state/ui'

/** Dark (the default) or light; remembered on this device. */
export function ThemeToggle() {
  const { t } = useTranslation()
  const { theme } = useSnapshot(uiState)
  const label = theme === 'dark' ? t('shell.theme.toLight') : t('shell.theme.toDark')
  return (
    <DeferredLabelTooltip content={label}>
      <Button appearance="subtle" icon={theme === 'dark' ? <WeatherSunny20Regular /> : <WeatherMoon20Regular />} onClick={toggleTheme} data-testid="theme-toggle" />
    </DeferredLabelTooltip>
  )
}

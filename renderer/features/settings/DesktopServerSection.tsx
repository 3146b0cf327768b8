import { Text, makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { DesktopBridge } from '../../../electron/common/bridge'
import { platform } from '../../platform/bridge'
import { SettingsSection } from './SettingsSection'

const useStyles = makeStyles({
  origin: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
})

/**
 * The desktop app's club server: which one this app plays on, and the way to choose another
 * (`/desktop/server`, which restarts the app on it). Nothing in a browser, whose server is the page's own.
 */
export function DesktopServerSection({ bridge = platform }: { bridge?: Pick<DesktopBridge, 'platform' | 'serverOrigin'> }) {
  const { t } = useTranslation()
  const styles = useStyles()
  if (bridge.platform === 'web') return null
  return (
    <SettingsSection title={t('desktopSettings.server.title')} description={t('desktopSettings.server.description')}>
      <Text data-testid="desktop-server-origin" className={styles.origin}>
        {bridge.serverOrigin}
      </Text>
      <Link to="/desktop/server">{t('desktopSettings.server.change')}</Link>
    </SettingsSection>
  )
}

import { makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { useSnapshot } from 'valtio'
import { ChatSidePanel } from '../../features/chat'
import { settingsState } from '../../state/settings'
import { setMobileDrawerOpen, uiState } from '../../state/ui'
import { MaintenanceMessage } from '../shell/MaintenanceMessage'
import { mainMenuItems } from '../shell/menus'
import { SideDrawer } from '../shell/SideDrawer'
import { TopBar } from '../shell/TopBar'
import { MainRegion, SkipLink } from './parts'

const useStyles = makeStyles({
  root: { height: '100dvh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground3 },
  main: { minHeight: 0, overflow: 'auto' },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
})

/** The game table: the whole window for the screen; the menu opens over it on demand. */
export function ChatLayout() {
  const styles = useStyles()
  const { t } = useTranslation()
  const ui = useSnapshot(uiState)
  const { premiumPage } = useSnapshot(settingsState)
  const drawerId = 'chat-drawer'
  return (
    <div className={styles.root} data-layout="chat">
      <SkipLink />
      <TopBar drawerId={drawerId} drawerExpanded={ui.mobileDrawerOpen} onToggleDrawer={() => setMobileDrawerOpen(!uiState.mobileDrawerOpen)} />
      <MaintenanceMessage />
      <SideDrawer
        id={drawerId}
        label={t('shell.mainMenu')}
        items={mainMenuItems(premiumPage)}
        expanded
        mobile
        mobileOpen={ui.mobileDrawerOpen}
        onMobileOpenChange={setMobileDrawerOpen}
      />
      <div className={styles.body}>
        <MainRegion className={styles.main}>
          <Outlet />
        </MainRegion>
        <ChatSidePanel />
      </div>
    </div>
  )
}

import { makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { useSnapshot } from 'valtio'
import { LazyAdvertisingColumn } from '../../features/advertising'
import { sessionState } from '../../state/session'
import { settingsState } from '../../state/settings'
import { setMobileDrawerOpen, toggleMainDrawer, uiState } from '../../state/ui'
import { Footer } from '../shell/Footer'
import { MaintenanceMessage } from '../shell/MaintenanceMessage'
import { mainMenuItems } from '../shell/menus'
import { SideDrawer } from '../shell/SideDrawer'
import { TopBar } from '../shell/TopBar'
import { useIsMobile } from '../shell/use-media-query'
import { MainRegion, SkipLink } from './parts'

const useStyles = makeStyles({
  root: { minHeight: '100dvh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground3 },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
})

/** Top bar, main menu (rail or open on desktop, temporary drawer on mobile), the screen, footer for signed-in users. */
export function DefaultLayout() {
  const styles = useStyles()
  const { t } = useTranslation()
  const mobile = useIsMobile()
  const ui = useSnapshot(uiState)
  const { user } = useSnapshot(sessionState)
  const { premiumPage } = useSnapshot(settingsState)
  const drawerId = 'main-drawer'
  return (
    <div className={styles.root} data-layout="default">
      <SkipLink />
      <TopBar
        drawerId={drawerId}
        drawerExpanded={mobile ? ui.mobileDrawerOpen : ui.mainDrawerExpanded}
        onToggleDrawer={mobile ? () => setMobileDrawerOpen(!uiState.mobileDrawerOpen) : toggleMainDrawer}
      />
      <MaintenanceMessage />
      <div className={styles.body}>
        <SideDrawer
          id={drawerId}
          label={t('shell.mainMenu')}
          items={mainMenuItems(premiumPage)}
          expanded={ui.mainDrawerExpanded}
          mobile={mobile}
          mobileOpen={ui.mobileDrawerOpen}
          onMobileOpenChange={setMobileDrawerOpen}
          mobileExtra={<LazyAdvertisingColumn />}
        />
        <MainRegion>
          <Outlet />
        </MainRegion>
      </div>
      {user ? <Footer /> : null}
    </div>
  )
}

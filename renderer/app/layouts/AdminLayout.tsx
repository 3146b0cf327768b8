import { makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { useSnapshot } from 'valtio'
import { setMobileDrawerOpen, toggleAdminDrawer, uiState } from '../../state/ui'
import { MaintenanceMessage } from '../shell/MaintenanceMessage'
import { adminMenuItems } from '../shell/menus'
import { RecalcRatingButton } from '../shell/RecalcRatingButton'
import { SideDrawer } from '../shell/SideDrawer'
import { TopBar } from '../shell/TopBar'
import { useIsMobile } from '../shell/use-media-query'
import { MainRegion, SkipLink } from './parts'

const useStyles = makeStyles({
  root: { minHeight: '100dvh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground3 },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
})

/** The admin panel: top bar (its toggle leads back to the site) and the admin drawer, open by default. */
export function AdminLayout() {
  const styles = useStyles()
  const { t } = useTranslation()
  const mobile = useIsMobile()
  const ui = useSnapshot(uiState)
  const drawerId = 'admin-drawer'
  return (
    <div className={styles.root} data-layout="admin">
      <SkipLink />
      <TopBar
        inAdmin
        drawerId={drawerId}
        drawerExpanded={mobile ? ui.mobileDrawerOpen : ui.adminDrawerExpanded}
        onToggleDrawer={mobile ? () => setMobileDrawerOpen(!uiState.mobileDrawerOpen) : toggleAdminDrawer}
      />
      <MaintenanceMessage />
      <div className={styles.body}>
        <SideDrawer
          id={drawerId}
          label={t('shell.adminMenu')}
          items={adminMenuItems}
          expanded={ui.adminDrawerExpanded}
          mobile={mobile}
          mobileOpen={ui.mobileDrawerOpen}
          onMobileOpenChange={setMobileDrawerOpen}
          extra={(expanded) => <RecalcRatingButton expanded={expanded} />}
        />
        <MainRegion>
          <Outlet />
        </MainRegion>
      </div>
    </div>
  )
}

import { makeStyles, tokens } from '@fluentui/react-components'
import { Outlet } from 'react-router'
import { MaintenanceMessage } from '../shell/MaintenanceMessage'
import { TopBar } from '../shell/TopBar'
import { MainRegion, SkipLink } from './parts'

const useStyles = makeStyles({
  root: { minHeight: '100dvh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground3 },
})

/** The top bar without a side menu or footer: the 404 screen. */
export function PlainLayout() {
  const styles = useStyles()
  return (
    <div className={styles.root} data-layout="plain">
      <SkipLink />
      <TopBar />
      <MaintenanceMessage />
      <MainRegion>
        <Outlet />
      </MainRegion>
    </div>
  )
}

import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components'
import { Navigation20Regular, PeopleTeam20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useSnapshot } from 'valtio'
import { Role } from '../../../server/contract/http/auth'
import { SocialBar } from '../../features/chat'
import { sessionState } from '../../state/session'
import { AdminToggle } from './AdminToggle'
import { LanguageSelector } from './LanguageSelector'
import { Logo } from './Logo'
import { OnlineCount } from './OnlineCount'
import { ThemeToggle } from './ThemeToggle'
import { useIsMobile } from './use-media-query'
import { UserMenu } from './UserMenu'

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    insetBlockStart: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: '56px',
    boxSizing: 'border-box',
    paddingInline: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBlockEndWidth: tokens.strokeWidthThin,
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
    boxShadow: tokens.shadow2,
  },
  start: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0, flexShrink: 1 },
  end: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, marginInlineStart: 'auto', flexShrink: 0 },
})

export interface TopBarProps {
  /** id of the drawer the menu button controls. */
  drawerId?: string
  drawerExpanded?: boolean
  onToggleDrawer?: () => void
  /** The current layout is the admin panel (the admin toggle then leads back to the site). */
  inAdmin?: boolean
}

/**
 * The top bar: menu button, logo, online players, friends (mobile), admin toggle, language, theme,
 * and the user menu (or sign in).
 */
export function TopBar({ drawerId, drawerExpanded, onToggleDrawer, inAdmin = false }: TopBarProps) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const mobile = useIsMobile()
  const { user } = useSnapshot(sessionState)
  const signedIn = user !== null
  return (
    <header className={styles.bar} role="banner">
      <div className={styles.start}>
        {onToggleDrawer ? (
          <Tooltip content={t('shell.toggleMenu')} relationship="label">
            <Button
              appearance="subtle"
              icon={<Navigation20Regular />}
              onClick={onToggleDrawer}
              aria-expanded={drawerExpanded}
              aria-controls={drawerId}
              data-testid="drawer-toggle"
            />
          </Tooltip>
        ) : null}
        <Logo premium={Boolean(user?.isPremium)} compact={mobile} />
      </div>
      <div className={styles.end}>
        {signedIn ? <OnlineCount /> : null}
        {signedIn && mobile ? (
          <Tooltip content={t('shell.friends')} relationship="label">
            <Button appearance="subtle" icon={<PeopleTeam20Regular />} onClick={() => navigate('/friends')} data-testid="friends-button" />
          </Tooltip>
        ) : null}
        {signedIn ? <SocialBar friendsButton={!mobile} /> : null}
        {user?.roleId === Role.admin ? <AdminToggle inAdmin={inAdmin} compact={mobile} /> : null}
        <LanguageSelector compact={mobile} />
        <ThemeToggle />
        {user ? (
          <UserMenu user={user} compact={mobile} />
        ) : location.pathname !== '/signin' ? (
          <Button appearance="primary" onClick={() => navigate('/signin')} data-testid="sign-in-link">
            {t('shell.signIn')}
          </Button>
        ) : null}
      </div>
    </header>
  )
}

import { Menu, MenuButton, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger, makeStyles, tokens, typographyStyles } from '@fluentui/react-components'
import { Crown16Filled, DataBarVertical20Regular, PersonAdd20Regular, ReceiptMoney20Regular, Settings20Regular, SignOut20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { User } from '../../../server/contract/http'
import { UserAvatar } from '../../components/UserAvatar'
import { signOut } from '../../state/session'
import { clubTokens } from '../theme'

const useStyles = makeStyles({
  button: { minWidth: 0, paddingInline: tokens.spacingHorizontalXS, gap: tokens.spacingHorizontalS },
  name: { ...typographyStyles.body1Strong, maxWidth: '14ch', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  premiumName: { color: clubTokens.colorPremium },
  crown: { color: clubTokens.colorPremium, flexShrink: 0 },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, paddingInline: tokens.spacingHorizontalS, paddingBlock: tokens.spacingVerticalS },
  headerText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  email: { ...typographyStyles.caption1, color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis' },
})

/** The user menu: nickname and avatar (premium style for premium users), then the account pages and logout. */
export function UserMenu({ user, compact }: { user: Pick<User, 'nickname' | 'email' | 'avatar' | 'isPremium'>; compact: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const go = (path: string) => () => navigate(path)
  const logout = async () => {
    await signOut()
    navigate('/signin')
  }
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          appearance="subtle"
          className={styles.button}
          icon={<UserAvatar user={user} size={28} initials={false} />}
          aria-label={t('shell.userMenu.label', { nickname: user.nickname })}
          data-testid="user-menu"
          data-premium={user.isPremium ? 'true' : undefined}
        >
          {compact ? undefined : (
            <>
              {user.isPremium ? <Crown16Filled className={styles.crown} aria-hidden="true" /> : null}
              <span className={user.isPremium ? `${styles.name} ${styles.premiumName}` : styles.name}>{user.nickname}</span>
            </>
          )}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <div className={styles.header}>
          <UserAvatar user={user} size={40} />
          <div className={styles.headerText}>
            <span className={styles.name}>{user.nickname}</span>
            <span className={styles.email}>{user.isPremium ? t('shell.userMenu.premium') : user.email}</span>
          </div>
        </div>
        <MenuDivider />
        <MenuList>
          <MenuItem icon={<DataBarVertical20Regular />} onClick={go('/statistics')} data-testid="user-menu-statistics">
            {t('nav.statistics')}
          </MenuItem>
          <MenuItem icon={<PersonAdd20Regular />} onClick={go('/referral')} data-testid="user-menu-referral">
            {t('nav.referral')}
          </MenuItem>
          <MenuItem icon={<Settings20Regular />} onClick={go('/settings')} data-testid="user-menu-settings">
            {t('nav.settings')}
          </MenuItem>
          <MenuItem icon={<ReceiptMoney20Regular />} onClick={go('/transactions')} data-testid="user-menu-transactions">
            {t('nav.transactions')}
          </MenuItem>
          <MenuDivider />
          <MenuItem icon={<SignOut20Regular />} onClick={() => void logout()} data-testid="logout">
            {t('nav.logout')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  )
}

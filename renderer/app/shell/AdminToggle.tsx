import { Button, makeStyles, Tooltip } from '@fluentui/react-components'
import { ArrowExit20Regular, ShieldPerson20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { platform } from '../../platform/bridge'

const useStyles = makeStyles({ button: { minWidth: 0 } })

/**
 * Admins switch between the site and the admin panel; the label follows the current layout. The
 * desktop app opens the panel in its own window (the bridge answers false in a browser, which navigates).
 */
export function AdminToggle({ inAdmin, compact }: { inAdmin: boolean; compact: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const label = inAdmin ? t('shell.backToSite') : t('shell.adminPanel')
  const button = (
    <Button
      className={styles.button}
      appearance="subtle"
      icon={inAdmin ? <ArrowExit20Regular /> : <ShieldPerson20Regular />}
      onClick={() => {
        if (inAdmin) navigate('/main')
        else
          void platform.openAdminWindow().then(
            (opened) => opened || navigate('/admin/dashboard'),
            () => navigate('/admin/dashboard'),
          )
      }}
      data-testid="admin-toggle"
      aria-label={compact ? label : undefined}
    >
      {compact ? undefined : label}
    </Button>
  )
  return compact ? (
    <Tooltip content={label} relationship="inaccessible">
      {button}
    </Tooltip>
  ) : (
    button
  )
}

import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { settingsState } from '../../state/settings'

const useStyles = makeStyles({ bar: { borderRadius: 0, borderInlineStartWidth: 0, borderInlineEndWidth: 0 } })

/** Shown under the top bar while the `maintenance` setting is on; the text is the admin's `maintenance_message`. */
export function MaintenanceMessage() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { maintenance, maintenanceMessage } = useSnapshot(settingsState)
  if (!maintenance) return null
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.bar} data-testid="maintenance-message">
      <MessageBarBody>
        <MessageBarTitle>{t('shell.maintenance.title')}</MessageBarTitle>
        {maintenanceMessage || t('shell.maintenance.default')}
      </MessageBarBody>
    </MessageBar>
  )
}

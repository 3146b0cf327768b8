import { makeStyles, mergeClasses, tokens, Tooltip, typographyStyles } from '@fluentui/react-components'
import { People20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { realtimeState } from '../../realtime'
import { clubTokens } from '../theme'

const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    paddingInline: tokens.spacingHorizontalS,
    minHeight: '32px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground2,
    ...typographyStyles.body1Strong,
    fontVariantNumeric: 'tabular-nums',
  },
  dot: { width: '8px', height: '8px', borderRadius: tokens.borderRadiusCircular, backgroundColor: tokens.colorNeutralForeground4 },
  live: { backgroundColor: clubTokens.colorOnline },
})

/** How many players are online, live from the socket (`online-count`). */
export function OnlineCount() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { connected, onlineCount } = useSnapshot(realtimeState)
  const known = connected && onlineCount !== null
  const label = known ? t('shell.online.label', { count: onlineCount }) : t('shell.online.connecting')
  return (
    <Tooltip content={label} relationship="inaccessible">
      <span className={styles.root} data-testid="online-count" data-connected={connected ? 'true' : 'false'} role="status" aria-label={label} tabIndex={0}>
        <span className={mergeClasses(styles.dot, connected && styles.live)} aria-hidden="true" />
        <People20Regular aria-hidden="true" />
        <span aria-hidden="true">{known ? onlineCount : '–'}</span>
      </span>
    </Tooltip>
  )
}

import { Badge, createFocusOutlineStyle, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { clubTokens } from '../theme'

const useStyles = makeStyles({
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusMedium,
    paddingInline: tokens.spacingHorizontalXS,
    minWidth: 0,
  },
  focus: createFocusOutlineStyle(),
  mark: { width: '32px', height: '32px', flexShrink: 0, color: tokens.colorBrandBackground },
  premiumMark: { color: clubTokens.colorPremium },
  name: { ...typographyStyles.subtitle2, whiteSpace: 'nowrap' },
  compactName: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
  badge: { backgroundColor: clubTokens.colorPremium, color: '#1b1400' },
})

/** The club's mark: a hat on a tile; premium users see it in the premium colour with a badge. */
function Mark({ className }: { className: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M9.2 19V15.4C9.2 11.3 11.2 8.4 13.3 8.4c1 0 1.6.7 2.7.7s1.7-.7 2.7-.7c2.1 0 4.1 2.9 4.1 7V19Z" fill="#fff" />
      <rect x="9.2" y="15.6" width="13.6" height="2.2" fill="currentColor" />
      <path d="M4 20.2c3.3 2.3 7.3 3.4 12 3.4s8.7-1.1 12-3.4c-.9-.9-2.4-1.4-4.3-1.4H8.3c-1.9 0-3.4.5-4.3 1.4Z" fill="#fff" />
    </svg>
  )
}

export function Logo({ premium, compact }: { premium: boolean; compact: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <Link to="/main" className={mergeClasses(styles.link, styles.focus)} data-testid="logo" data-premium={premium ? 'true' : undefined}>
      <Mark className={mergeClasses(styles.mark, premium && styles.premiumMark)} />
      <span className={compact ? styles.compactName : styles.name}>{t('app.name')}</span>
      {premium ? (
        <Badge className={styles.badge} appearance="filled" size={compact ? 'small' : 'medium'}>
          {t('shell.premium')}
        </Badge>
      ) : null}
    </Link>
  )
}

import type { ReactNode } from 'react'
import { Text, makeStyles, tokens, typographyStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  page: {
    boxSizing: 'border-box',
    minHeight: '100dvh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    paddingBlock: tokens.spacingVerticalXXL,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  // Fluent's filled Card drawn with the same tokens: its component would bring tabster's focus groups and
  // the styles of every card variant to the sign-in page, which needs none of them (a static box).
  card: {
    boxSizing: 'border-box',
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    color: tokens.colorNeutralForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    borderRadius: tokens.borderRadiusMedium,
    // the border high-contrast themes draw (transparent otherwise), over the content like the Card's
    '::after': {
      content: '""',
      position: 'absolute',
      inset: 0,
      pointerEvents: 'none',
      border: `${tokens.strokeWidthThin} solid ${tokens.colorTransparentStroke}`,
      borderRadius: tokens.borderRadiusMedium,
    },
    width: '100%',
    maxWidth: '440px',
    paddingBlock: tokens.spacingVerticalXXL,
    paddingInline: tokens.spacingHorizontalXXL,
    gap: tokens.spacingVerticalL,
  },
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  brand: {
    color: tokens.colorBrandForeground1,
    textTransform: 'uppercase',
    letterSpacing: '0.08em',
  },
  title: {
    ...typographyStyles.title3,
    margin: 0,
  },
})

/** The centred card of the account screens, which live in the empty layout. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <div className={styles.header}>
          <Text weight="semibold" size={200} className={styles.brand}>
            {t('app.name')}
          </Text>
          <h1 className={styles.title}>{title}</h1>
        </div>
        {children}
      </div>
    </div>
  )
}

import type { ReactNode } from 'react'
import { Card, Text, makeStyles, tokens, typographyStyles } from '@fluentui/react-components'
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
  card: {
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
      <Card className={styles.card}>
        <div className={styles.header}>
          <Text weight="semibold" size={200} className={styles.brand}>
            {t('app.name')}
          </Text>
          <h1 className={styles.title}>{title}</h1>
        </div>
        {children}
      </Card>
    </div>
  )
}

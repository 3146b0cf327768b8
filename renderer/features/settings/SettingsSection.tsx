import type { ReactNode } from 'react'
import { Text, makeStyles, tokens, typographyStyles } from '@fluentui/react-components'

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBlock: tokens.spacingVerticalL,
    paddingInline: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  title: {
    ...typographyStyles.subtitle1,
    margin: 0,
  },
  description: {
    color: tokens.colorNeutralForeground2,
  },
})

/**
 * One titled block of the settings page. Deliberately not a named region: a region named "Language"
 * or "Password" would be found by those labels too, beside the fields that carry them.
 */
export function SettingsSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const styles = useStyles()
  return (
    <section className={styles.section}>
      <h2 className={styles.title}>
        {title}
      </h2>
      {description && <Text className={styles.description}>{description}</Text>}
      {children}
    </section>
  )
}

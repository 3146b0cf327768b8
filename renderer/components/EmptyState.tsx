import { Body1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalXXXL,
    paddingInline: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke2}`,
  },
  icon: {
    fontSize: '40px',
    width: '40px',
    height: '40px',
    color: tokens.colorNeutralForeground3,
    '& svg': { width: '40px', height: '40px' },
  },
  title: { margin: 0 },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, maxWidth: '46ch' },
  action: { marginBlockStart: tokens.spacingVerticalS },
})

/** An honest "nothing here yet": what is missing and, when useful, what will appear. */
export function EmptyState({ icon, title, hint, action }: { icon?: ReactNode; title: string; hint?: string; action?: ReactNode }) {
  const styles = useStyles()
  return (
    <div className={styles.root} role="status">
      {icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Subtitle2 as="p" className={styles.title}>
        {title}
      </Subtitle2>
      {hint ? (
        <Body1 as="p" className={styles.hint}>
          {hint}
        </Body1>
      ) : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  )
}

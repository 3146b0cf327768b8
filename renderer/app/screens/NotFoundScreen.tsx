import { Body1, Button, makeStyles, Title1, tokens } from '@fluentui/react-components'
import { Home20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalL,
    paddingBlock: '10vh',
    paddingInline: tokens.spacingHorizontalL,
  },
  code: { fontSize: '72px', lineHeight: 1, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  title: { margin: 0 },
  text: { color: tokens.colorNeutralForeground2 },
})

/** Any unknown address. */
export function NotFoundScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <section className={styles.root} aria-labelledby="not-found-title" data-testid="not-found">
      <span className={styles.code} aria-hidden="true">
        404
      </span>
      <Title1 as="h1" id="not-found-title" className={styles.title}>
        {t('screens.notFound.title')}
      </Title1>
      <Body1 as="p" className={styles.text}>
        {t('screens.notFound.text')}
      </Body1>
      <Button appearance="primary" icon={<Home20Regular />} onClick={() => navigate('/main')}>
        {t('common.goHome')}
      </Button>
    </section>
  )
}

import { Button, Link, makeStyles, tokens, typographyStyles } from '@fluentui/react-components'
import { Bug20Regular, Video20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RouterLink } from '../../components/RouterLink'
import { BugReportDialog } from '../../features/bugs/BugReportDialog'
import { DeviceSettingsDialog } from '../../features/devices/DeviceSettingsDialog'
import { siteLinks } from './site-links'

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBlockStartWidth: tokens.strokeWidthThin,
    borderBlockStartStyle: 'solid',
    borderBlockStartColor: tokens.colorNeutralStroke2,
    color: tokens.colorNeutralForeground3,
    ...typographyStyles.caption1,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  links: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`, listStyle: 'none', margin: 0, padding: 0 },
  copyright: { marginInlineStart: 'auto' },
})

/** Footer for signed-in users: bug report and device settings dialogs, the club's and support links. */
export function Footer() {
  const styles = useStyles()
  const { t } = useTranslation()
  const [dialog, setDialog] = useState<'bug' | 'devices' | null>(null)
  const close = () => setDialog(null)
  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.actions}>
        <Button appearance="subtle" size="small" icon={<Bug20Regular />} onClick={() => setDialog('bug')} data-testid="open-bug-report">
          {t('footer.reportBug')}
        </Button>
        <Button appearance="subtle" size="small" icon={<Video20Regular />} onClick={() => setDialog('devices')} data-testid="open-device-settings">
          {t('footer.devices')}
        </Button>
      </div>
      <nav aria-label={t('footer.label')}>
        <ul className={styles.links}>
          <li>
            <RouterLink to="/rules">{t('nav.rules')}</RouterLink>
          </li>
          <li>
            <RouterLink to="/terms_of_use">{t('footer.termsOfUse')}</RouterLink>
          </li>
          <li>
            <RouterLink to="/terms_of_processing">{t('footer.termsOfProcessing')}</RouterLink>
          </li>
          {siteLinks.support ? (
            <li>
              <Link href={siteLinks.support} target="_blank" rel="noopener noreferrer">
                {t('footer.support')}
              </Link>
            </li>
          ) : null}
          {siteLinks.social.map((link) => (
            <li key={link.network}>
              <Link href={link.url} target="_blank" rel="noopener noreferrer">
                {t(`footer.social.${link.network}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <span className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      <BugReportDialog open={dialog === 'bug'} onClose={close} />
      <DeviceSettingsDialog open={dialog === 'devices'} onClose={close} />
    </footer>
  )
}

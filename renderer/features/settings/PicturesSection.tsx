import { makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { ImageUploadField } from './ImageUploadField'
import { SettingsSection } from './SettingsSection'

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalXXL,
    rowGap: tokens.spacingVerticalXL,
  },
})

/** The avatar and the picture shown at the table instead of a switched-off camera. */
export function PicturesSection({ avatar, placeholder }: { avatar: string | null; placeholder: string | null }) {
  const { t } = useTranslation()
  const styles = useStyles()
  return (
    <SettingsSection title={t('settings.images.title')}>
      <div className={styles.row}>
        <ImageUploadField
          kind="avatar"
          current={avatar}
          label={t('settings.images.avatar')}
          hint={t('settings.images.avatarHint')}
          alt={t('settings.images.currentAvatar')}
          testId="settings-avatar"
        />
        <ImageUploadField
          kind="placeholder"
          current={placeholder}
          label={t('settings.images.placeholder')}
          hint={t('settings.images.placeholderHint')}
          alt={t('settings.images.currentPlaceholder')}
          testId="settings-placeholder"
        />
      </div>
    </SettingsSection>
  )
}

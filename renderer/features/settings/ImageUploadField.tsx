import { useId, useState, type ChangeEvent } from 'react'
import { Label, MessageBar, MessageBarBody, Spinner, Text, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components'
import { ArrowUpload20Regular, Image24Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { routes } from '../../../server/contract/http'
import type { ErrorCode } from '../../../server/contract/errors'
import { call } from '../../api/client'
import { updateUser } from '../../state/session'
import { FailureMessage } from '../auth'
import { acceptedImageTypes, checkImageFile, imageMaxMegabytes } from './image-file'

const useStyles = makeStyles({
  field: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    minWidth: '200px',
    flexGrow: 1,
    flexBasis: '0',
  },
  frame: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground3,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  avatarFrame: {
    width: '96px',
    height: '96px',
    borderRadius: tokens.borderRadiusCircular,
  },
  placeholderFrame: {
    width: '192px',
    aspectRatio: '16 / 9',
    borderRadius: tokens.borderRadiusMedium,
  },
  image: {
    width: '100%',
    height: '100%',
    objectFit: 'cover',
  },
  uploading: {
    opacity: 0.5,
  },
  spinner: {
    position: 'absolute',
    insetBlockStart: '50%',
    insetInlineStart: '50%',
    transform: 'translate(-50%, -50%)',
  },
  // The real file input lies over a picker that looks like a Fluent button, so a click anywhere on it
  // opens the file dialog, the label names the input, and keyboard focus shows on the picker.
  picker: {
    position: 'relative',
    alignSelf: 'flex-start',
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalSNudge,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalM,
    minHeight: '32px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': {
      backgroundColor: tokens.colorNeutralBackground1Hover,
      ...shorthands.borderColor(tokens.colorNeutralStroke1Hover),
    },
    ':focus-within': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '1px',
    },
  },
  pickerDisabled: {
    color: tokens.colorNeutralForegroundDisabled,
    backgroundColor: tokens.colorNeutralBackgroundDisabled,
    ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled),
    ':hover': {
      backgroundColor: tokens.colorNeutralBackgroundDisabled,
      ...shorthands.borderColor(tokens.colorNeutralStrokeDisabled),
    },
  },
  fileInput: {
    position: 'absolute',
    insetBlockStart: 0,
    insetInlineStart: 0,
    width: '100%',
    height: '100%',
    margin: 0,
    opacity: 0,
    cursor: 'pointer',
    ':disabled': {
      cursor: 'default',
    },
  },
  hint: {
    color: tokens.colorNeutralForeground3,
  },
})

export type ImageKind = 'avatar' | 'placeholder'

const uploadRoutes = { avatar: routes.auth.uploadAvatar, placeholder: routes.auth.uploadPlaceholder } as const

/**
 * One picture of the account: shows the current one, takes a new one through a real file input,
 * checks type and size before uploading, and stores the updated user.
 */
export function ImageUploadField({ kind, current, label, hint, alt, testId }: { kind: ImageKind; current: string | null; label: string; hint: string; alt: string; testId?: string }) {
  const { t, i18n } = useTranslation()
  const styles = useStyles()
  const inputId = useId()
  const hintId = useId()
  const [pending, setPending] = useState(false)
  const [preview, setPreview] = useState<string | null>(null)
  const [problem, setProblem] = useState<ErrorCode | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  const [done, setDone] = useState(false)

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    // cleared so that choosing the same file again still fires a change
    input.value = ''
    if (!file || pending) return
    setDone(false)
    setFailure(null)
    const check = checkImageFile(file)
    setProblem(check ?? null)
    if (check) return
    const localUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null
    setPreview(localUrl)
    setPending(true)
    try {
      const form = new FormData()
      form.append('file', file)
      updateUser(await call(uploadRoutes[kind], { form }))
      setDone(true)
    } catch (error) {
      setFailure(error)
    } finally {
      setPending(false)
      setPreview(null)
      if (localUrl) URL.revokeObjectURL(localUrl)
    }
  }

  const shown = preview ?? current
  const maxSize = new Intl.NumberFormat(i18n.language).format(imageMaxMegabytes)

  return (
    <div className={styles.field}>
      <Label htmlFor={inputId} weight="semibold">
        {label}
      </Label>
      <div className={mergeClasses(styles.frame, kind === 'avatar' ? styles.avatarFrame : styles.placeholderFrame)} aria-busy={pending}>
        {shown ? (
          <img
            src={shown}
            alt={alt}
            className={mergeClasses(styles.image, pending && styles.uploading)}
            {...(testId && !preview ? { 'data-testid': testId } : {})}
          />
        ) : (
          <Image24Regular aria-label={t('settings.images.none')} role="img" />
        )}
        {pending && <Spinner size="small" className={styles.spinner} aria-label={t('settings.images.uploading')} />}
      </div>
      <div className={mergeClasses(styles.picker, pending && styles.pickerDisabled)}>
        <ArrowUpload20Regular aria-hidden />
        <span aria-hidden="true">{pending ? t('settings.images.uploading') : t('settings.images.choose')}</span>
        <input
          id={inputId}
          type="file"
          name="file"
          accept={acceptedImageTypes.join(',')}
          className={styles.fileInput}
          disabled={pending}
          aria-describedby={hintId}
          onChange={(event) => void onChange(event)}
        />
      </div>
      <Text id={hintId} size={200} className={styles.hint}>
        {hint} {t('settings.images.limits', { size: maxSize })}
      </Text>
      {problem && (
        <MessageBar intent="error">
          <MessageBarBody>{t(problem)}</MessageBarBody>
        </MessageBar>
      )}
      <FailureMessage error={failure} />
      {done && (
        <Text role="status" size={200}>
          {t('settings.images.uploaded')}
        </Text>
      )}
    </div>
  )
}

import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  ProgressBar,
  Select,
  Spinner,
  Switch,
  tokens,
} from '@fluentui/react-components'
import { Speaker220Regular } from '@fluentui/react-icons'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { notificationSoundUrl } from '../../platform/bridge'
import {
  applySpeaker,
  mediaConstraints,
  mediaProblem,
  reloadDevicePreferences,
  resolveChoice,
  saveDevicePreferences,
  speakerChoiceSupported,
  type DeviceLists,
  type DevicePreferences,
  type MediaProblem,
} from '../../state/devices'
import { DevicePreview, type ListedDevice } from './preview'
import { DeviceErrorDialog } from './DeviceErrorDialog'

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: 'calc(100vw - 32px)' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  video: {
    width: '100%',
    aspectRatio: '16 / 9',
    objectFit: 'cover',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  level: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  levelBar: { flexGrow: 1 },
  levelValue: { minWidth: '4ch', textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  switches: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  speakers: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  speakerField: { flexGrow: 1 },
  loading: { display: 'flex', justifyContent: 'center', paddingBlock: tokens.spacingVerticalXXL },
})

type Choice = Pick<DevicePreferences, 'camId' | 'micId' | 'noiseSuppression'>

const noDevices: DeviceLists<ListedDevice> = { cameras: [], microphones: [], speakers: [] }

/** Asks again for a device chosen from a list that only had unnamed entries (before permission). */
const choiceBeforePermission = (savedId: string | null, list: ListedDevice[]) => (savedId && list.some((device) => device.deviceId === savedId) ? savedId : null)

/**
 * Camera, microphone and speakers: asks for permission, lists the devices, previews the camera and
 * shows the microphone level. Save stores the choices in this browser; closing in any way stops
 * every stream.
 */
export function DeviceSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface className={styles.surface} data-testid="device-settings-dialog">
        <DialogBody>
          <DialogTitle>{t('devices.title')}</DialogTitle>
          {open ? <DeviceSettings onClose={onClose} /> : null}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

function DeviceSettings({ onClose }: { onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [draft, setDraft] = useState<DevicePreferences>(reloadDevicePreferences)
  const [lists, setLists] = useState<DeviceLists<ListedDevice>>(noDevices)
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [loading, setLoading] = useState(true)
  const [problem, setProblem] = useState<MediaProblem | null>(null)
  const [level, setLevel] = useState(0)
  const previewRef = useRef<DevicePreview | null>(null)
  const videoRef = useRef<HTMLVideoElement | null>(null)

  /** Starts (or restarts) the preview with a choice; a failure is named in the error modal. */
  const startPreview = async (preview: DevicePreview, choice: Choice): Promise<MediaStream | null> => {
    try {
      const started = await preview.start(mediaConstraints(choice))
      if (started) setStream(started)
      return started
    } catch (error) {
      const listed = await preview.enumerate()
      if (!preview.closed) {
        setStream(null)
        setProblem(mediaProblem(error, listed))
      }
      return null
    }
  }

  // One preview per opening: permission, devices, stream; every track stops when the dialog goes.
  useEffect(() => {
    const preview = new DevicePreview(setLevel)
    previewRef.current = preview
    const saved = reloadDevicePreferences()
    void (async () => {
      const before = await preview.listDevices()
      const choice = {
        camId: choiceBeforePermission(saved.camId, before.cameras),
        micId: choiceBeforePermission(saved.micId, before.microphones),
        noiseSuppression: saved.noiseSuppression,
      }
      const started = await startPreview(preview, choice)
      if (!started) {
        if (!preview.closed) setLoading(false)
        return
      }
      const after = await preview.listDevices()
      if (preview.closed) return
      const active = (tracks: MediaStreamTrack[]) => tracks[0]?.getSettings?.().deviceId ?? null
      setLists(after)
      setDraft((current) => ({
        ...current,
        camId: resolveChoice(choice.camId ?? active(started.getVideoTracks()), after.cameras),
        micId: resolveChoice(choice.micId ?? active(started.getAudioTracks()), after.microphones),
        speakerId: resolveChoice(saved.speakerId, after.speakers),
      }))
      setLoading(false)
    })()
    return () => {
      preview.close()
      if (previewRef.current === preview) previewRef.current = null
    }
  }, [])

  useEffect(() => {
    const video = videoRef.current
    if (!video) return
    video.srcObject = stream
    if (stream && typeof video.play === 'function') {
      const playing = video.play() as Promise<void> | undefined
      playing?.catch?.(() => undefined)
    }
  }, [stream])

  const restart = (choice: Choice) => {
    const preview = previewRef.current
    if (preview) void startPreview(preview, choice)
  }

  const changeCamera = (camId: string) => {
    setDraft((current) => ({ ...current, camId }))
    restart({ camId, micId: draft.micId, noiseSuppression: draft.noiseSuppression })
  }
  const changeMicrophone = (micId: string) => {
    setDraft((current) => ({ ...current, micId }))
    restart({ camId: draft.camId, micId, noiseSuppression: draft.noiseSuppression })
  }
  const changeNoiseSuppression = (noiseSuppression: boolean) => {
    setDraft((current) => ({ ...current, noiseSuppression }))
    restart({ camId: draft.camId, micId: draft.micId, noiseSuppression })
  }

  const testSound = async () => {
    const audio = new Audio(notificationSoundUrl(document.URL))
    if (draft.speakerId) await applySpeaker(audio, draft.speakerId)
    try {
      await audio.play()
    } catch {
      // no audio output or autoplay refused: nothing to hear
    }
  }

  const stopAll = () => previewRef.current?.close()
  const cancel = () => {
    stopAll()
    onClose()
  }
  const save = () => {
    stopAll()
    saveDevicePreferences(draft)
    onClose()
  }

  const label = (device: ListedDevice, index: number, kind: 'camera' | 'microphone' | 'speakers') => device.label || t(`devices.unnamed.${kind}`, { number: index + 1 })
  const speakersChoosable = speakerChoiceSupported() && lists.speakers.length > 0

  return (
    <>
      <DialogContent className={styles.content}>
        {loading ? (
          <div className={styles.loading} role="status" aria-live="polite" data-testid="device-loading">
            <Spinner size="medium" label={t('devices.loading')} />
          </div>
        ) : null}
        <video
          ref={videoRef}
          className={styles.video}
          style={draft.mirroring ? { transform: 'scaleX(-1)' } : undefined}
          data-mirrored={draft.mirroring ? 'true' : 'false'}
          aria-label={t('devices.preview')}
          data-testid="device-preview"
          autoPlay
          muted
          playsInline
          hidden={loading || problem !== null}
        />
        {!loading && !problem ? (
          <>
            <div className={styles.level}>
              <Caption1 id="device-mic-level-label">{t('devices.micLevel')}</Caption1>
              <ProgressBar className={styles.levelBar} value={level / 100} thickness="large" aria-labelledby="device-mic-level-label" />
              <Body1 className={styles.levelValue}>
                <span data-testid="mic-level">{level}</span>%
              </Body1>
            </div>
            <Field label={t('devices.camera')}>
              <Select value={draft.camId ?? ''} onChange={(_event, data) => changeCamera(data.value)} data-testid="camera-select">
                {lists.cameras.map((device, index) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {label(device, index, 'camera')}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('devices.microphone')}>
              <Select value={draft.micId ?? ''} onChange={(_event, data) => changeMicrophone(data.value)} data-testid="microphone-select">
                {lists.microphones.map((device, index) => (
                  <option key={device.deviceId} value={device.deviceId}>
                    {label(device, index, 'microphone')}
                  </option>
                ))}
              </Select>
            </Field>
            <div className={styles.speakers}>
              <Field className={styles.speakerField} label={t('devices.speakers')} hint={speakersChoosable ? undefined : t('devices.speakersUnsupported')}>
                <Select
                  value={speakersChoosable ? (draft.speakerId ?? '') : ''}
                  disabled={!speakersChoosable}
                  onChange={(_event, data) => setDraft((current) => ({ ...current, speakerId: data.value || null }))}
                  data-testid="speaker-select"
                >
                  {speakersChoosable ? (
                    lists.speakers.map((device, index) => (
                      <option key={device.deviceId} value={device.deviceId}>
                        {label(device, index, 'speakers')}
                      </option>
                    ))
                  ) : (
                    <option value="">{t('devices.systemDefault')}</option>
                  )}
                </Select>
              </Field>
              <Button icon={<Speaker220Regular />} onClick={() => void testSound()} data-testid="test-sound">
                {t('devices.testSound')}
              </Button>
            </div>
            <div className={styles.switches}>
              <Switch checked={draft.mirroring} label={t('devices.mirroring')} onChange={(_event, data) => setDraft((current) => ({ ...current, mirroring: data.checked }))} data-testid="mirroring-switch" />
              <Switch checked={draft.noiseSuppression} label={t('devices.noiseSuppression')} onChange={(_event, data) => changeNoiseSuppression(data.checked)} data-testid="noise-suppression-switch" />
            </div>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={cancel} data-testid="device-cancel">
          {t('devices.cancel')}
        </Button>
        <Button appearance="primary" onClick={save} disabled={loading || problem !== null} data-testid="device-save">
          {t('devices.save')}
        </Button>
      </DialogActions>
      <DeviceErrorDialog problem={problem} onClose={cancel} />
    </>
  )
}

import type { LocalMedia } from '../../../rtc'
import { getPreferredStream, mediaProblem, type DeviceEntry } from '../../../state/devices'

async function listedDevices(): Promise<DeviceEntry[] | null> {
  try {
    return await navigator.mediaDevices.enumerateDevices()
  } catch {
    return null
  }
}

async function tryStream(kinds: { video: boolean; audio: boolean }): Promise<MediaStream | null> {
  try {
    return await getPreferredStream(kinds)
  } catch {
    return null
  }
}

/**
 * Own camera and microphone as chosen in the device dialog. When one of them is missing, the other
 * is still published and the problem is named (`errors.missing_webcam`, `errors.missing_mic`, ...).
 */
export async function openLocalMedia(): Promise<LocalMedia> {
  try {
    return { stream: await getPreferredStream(), problem: null }
  } catch (error) {
    const problem = mediaProblem(error, await listedDevices())
    if (problem === 'errors.missing_webcam') return { stream: await tryStream({ video: false, audio: true }), problem }
    if (problem === 'errors.missing_mic') return { stream: await tryStream({ video: true, audio: false }), problem }
    return { stream: null, problem }
  }
}

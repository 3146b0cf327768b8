/**
 * The preload: the only code of the page that can reach the main process. It exposes one object,
 * `window.desktop`, implementing `DesktopBridge`, and invokes nothing but the `desktop:*` channels.
 *
 * It runs sandboxed, where `require` knows only Electron and a few Node built-ins, so it is bundled into
 * one file (electron/vite.preload.config.mts) and must not export anything.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { desktopChannels, type DesktopBridge, type DesktopChannel, type NotificationContent } from '../common/bridge'
import { isDesktopChannel } from '../common/channels'
import { notificationSoundUrl } from '../common/notification-sound'

function invoke<T>(channel: DesktopChannel, ...args: unknown[]): Promise<T> {
  if (!isDesktopChannel(channel)) return Promise.reject(new Error(`Refused IPC channel ${JSON.stringify(channel)}`))
  return ipcRenderer.invoke(channel, ...args) as Promise<T>
}

contextBridge.exposeInMainWorld('desktop', {
  platform: process.platform,
  appVersion: () => invoke<string>(desktopChannels.appVersion),
  // The main process has no audio output: the sound plays here, in the page, where autoplay is allowed
  // (windows.ts), so no click is needed first.
  playNotificationSound: async () => {
    try {
      await new Audio(notificationSoundUrl(document.URL)).play()
    } catch {
      // No audio device, or the file is missing: the sound is never essential.
    }
  },
  showNotification: async ({ title, body }: NotificationContent) => {
    await invoke<void>(desktopChannels.showNotification, { title, body })
  },
  isWindowFocused: () => invoke<boolean>(desktopChannels.isWindowFocused),
} satisfies DesktopBridge)

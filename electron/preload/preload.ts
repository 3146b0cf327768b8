/**
 * The preload: the only code of the page that can reach the main process. It exposes one object,
 * `window.desktop`, implementing `DesktopBridge`, and invokes nothing but the `desktop:*` channels.
 *
 * It runs sandboxed, where `require` knows only Electron and a few Node built-ins, so it is bundled into
 * one file (electron/vite.preload.config.mts) and must not export anything.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import {
  desktopChannels,
  desktopEvents,
  serverOriginSwitch,
  serverUnchosenSwitch,
  type DesktopBridge,
  type DesktopChannel,
  type DesktopStatus,
  type NotificationContent,
  type ServerChoiceAnswer,
  type UpdateState,
  parseUpdateState,
} from '../common/bridge'
import { isDesktopChannel } from '../common/channels'
import { notificationSoundUrl } from '../common/notification-sound'

function invoke<T>(channel: DesktopChannel, ...args: unknown[]): Promise<T> {
  if (!isDesktopChannel(channel)) return Promise.reject(new Error(`Refused IPC channel ${JSON.stringify(channel)}`))
  return ipcRenderer.invoke(channel, ...args) as Promise<T>
}

/** Listens to one of the main process's `desktop:*` messages; the page's listener never sees the IPC event. */
function listen(channel: DesktopChannel, listener: (payload: unknown) => void): () => void {
  if (!isDesktopChannel(channel)) throw new Error(`Refused IPC channel ${JSON.stringify(channel)}`)
  const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
  ipcRenderer.on(channel, wrapped)
  return () => void ipcRenderer.removeListener(channel, wrapped)
}

// The main process passes the club server on the command line of this page's process (windows.ts).
const serverOrigin = process.argv.find((argument) => argument.startsWith(serverOriginSwitch))?.slice(serverOriginSwitch.length) ?? ''
const serverChosen = !process.argv.includes(serverUnchosenSwitch)

contextBridge.exposeInMainWorld('desktop', {
  platform: process.platform,
  serverOrigin,
  serverChosen,
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
  showNotification: async ({ title, body, route }: NotificationContent) => {
    await invoke<void>(desktopChannels.showNotification, route === undefined ? { title, body } : { title, body, route })
  },
  isWindowFocused: () => invoke<boolean>(desktopChannels.isWindowFocused),
  chooseServer: (origin: string) => invoke<ServerChoiceAnswer>(desktopChannels.chooseServer, origin),
  openAdminWindow: () => invoke<boolean>(desktopChannels.openAdminWindow),
  reportStatus: (status: DesktopStatus) => invoke<void>(desktopChannels.reportStatus, status),
  onNavigate: (listener: (route: string) => void) =>
    listen(desktopEvents.navigate, (route) => {
      if (typeof route === 'string') listener(route)
    }),
  onQuitting: (listener: () => Promise<void>) =>
    listen(desktopEvents.quitting, () => {
      void Promise.resolve()
        .then(listener)
        .catch(() => undefined)
        .then(() => invoke<void>(desktopChannels.readyToQuit))
    }),
  onUpdateState: (listener: (state: UpdateState) => void) => {
    let stopped = false
    const deliver = (payload: unknown) => {
      const state = parseUpdateState(payload)
      if (state && !stopped) listener(state)
    }
    const stop = listen(desktopEvents.updateState, deliver)
    // The state now: an update may have been downloaded before this page loaded.
    invoke<unknown>(desktopChannels.updateState).then(deliver, () => undefined)
    return () => {
      stopped = true
      stop()
    }
  },
  installUpdate: () => invoke<boolean>(desktopChannels.installUpdate),
} satisfies DesktopBridge)

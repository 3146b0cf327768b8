import { registerAppIpc, type AppInformation } from './app'
import { registerNotificationsIpc, type NativeNotifications } from './notifications'
import type { IpcRegistry } from './registry'
import { registerShellIpc, type ShellServices } from './shell'
import { registerWindowIpc, type WindowState } from './window'

/** What the IPC handlers of all areas work with. */
export interface IpcServices {
  app: AppInformation
  notifications: NativeNotifications
  windows: WindowState
  shell: ShellServices
}

/** Registers the handlers of every area. The registry refuses a second run (each channel once). */
export function registerIpcHandlers(registry: IpcRegistry, services: IpcServices): void {
  registerAppIpc(registry, services.app)
  registerNotificationsIpc(registry, services.notifications)
  registerWindowIpc(registry, services.windows)
  registerShellIpc(registry, services.shell)
}

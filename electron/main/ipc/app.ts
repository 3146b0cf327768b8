import { desktopChannels } from '../../common/bridge'
import type { IpcRegistry } from './registry'

/** The app area: what the renderer may learn about the application itself. */
export interface AppInformation {
  /** The application version (`app.getVersion()`). */
  version(): string
}

/**
 * Registers the app area's handlers. The platform needs no channel: the preload reads
 * `process.platform` itself.
 */
export function registerAppIpc(registry: IpcRegistry, information: AppInformation): void {
  registry.handle(desktopChannels.appVersion, () => information.version())
}

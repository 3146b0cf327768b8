import { desktopChannels, type UpdateState } from '../../common/bridge'
import type { IpcRegistry } from './registry'

/** The app area: what the renderer may learn about the application itself, and its update. */
export interface AppInformation {
  /** The application version (`app.getVersion()`). */
  version(): string
  /** The update the page shows now (updater.ts); absent or null: nothing to show (no updater, a development run). */
  updateState?(): UpdateState | null
  /** Restarts into the downloaded update once the user said yes (updater.ts asks); absent: nothing to install. */
  installUpdate?(): Promise<boolean>
}

/**
 * Registers the app area's handlers. The platform needs no channel: the preload reads
 * `process.platform` itself. Neither update call takes a payload: the page can only ask, the main
 * process decides (it installs only a downloaded update, and only after asking).
 */
export function registerAppIpc(registry: IpcRegistry, information: AppInformation): void {
  registry.handle(desktopChannels.appVersion, () => information.version())
  registry.handle(desktopChannels.updateState, () => information.updateState?.() ?? null)
  registry.handle(desktopChannels.installUpdate, async () => (await information.installUpdate?.()) ?? false)
}

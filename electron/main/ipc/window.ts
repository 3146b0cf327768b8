import type { WebContents } from 'electron'
import { desktopChannels } from '../../common/bridge'
import type { IpcRegistry } from './registry'

/** The window area: the state of the window a page lives in. */
export interface WindowState {
  /** Whether the window showing `contents` has the keyboard focus. */
  isFocused(contents: WebContents): boolean
}

/** Registers the window area's handlers. */
export function registerWindowIpc(registry: IpcRegistry, windows: WindowState): void {
  registry.handle(desktopChannels.isWindowFocused, (event) => windows.isFocused(event.sender))
}

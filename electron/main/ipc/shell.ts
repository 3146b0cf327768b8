import { desktopChannels, type ServerChoiceAnswer } from '../../common/bridge'
import type { WebContents } from 'electron'
import type { DesktopStatus } from '../../common/bridge'
import { parseServerOrigin } from '../server-origin'
import { parseDesktopStatus } from '../status'
import type { IpcRegistry } from './registry'

/** What the shell area does for the pages: the admin window, the status, the server choice, quitting. */
export interface ShellServices {
  openAdminWindow(): void
  reportStatus(status: DesktopStatus, contents: WebContents): void
  /** Saves the server and restarts the app on it. */
  chooseServer(origin: string): void
  readyToQuit(contents: WebContents): void
}

/** Registers the shell's handlers; each payload is checked before anything happens. */
export function registerShellIpc(registry: IpcRegistry, shell: ShellServices): void {
  registry.handle(desktopChannels.openAdminWindow, () => {
    shell.openAdminWindow()
    return true
  })
  registry.handle(desktopChannels.reportStatus, (event, payload) => {
    shell.reportStatus(parseDesktopStatus(payload), event.sender)
  })
  registry.handle(desktopChannels.chooseServer, (_event, payload): ServerChoiceAnswer => {
    const result = parseServerOrigin(payload)
    if (!result.ok) return { ok: false, reason: result.reason }
    shell.chooseServer(result.origin)
    return { ok: true }
  })
  registry.handle(desktopChannels.readyToQuit, (event) => shell.readyToQuit(event.sender))
}

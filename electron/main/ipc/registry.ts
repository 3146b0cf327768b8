import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { assertDesktopChannel } from '../../common/channels'
import type { DesktopChannel } from '../../common/bridge'

/** Handles one invocation from the renderer; what it returns (or resolves to) is the answer. */
export type InvokeHandler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown

/** Registers the handlers of the main process: each `desktop:*` channel at most once, each sender checked. */
export interface IpcRegistry {
  /** Handles `channel`; throws if it is not a `desktop:*` channel or already has a handler. */
  handle(channel: DesktopChannel, handler: InvokeHandler): void
}

/**
 * A registry over Electron's `ipcMain`. Every handler first checks that the message comes from a frame
 * of the app (`isTrustedSender`), so a page that got into the window by some other way cannot use the
 * bridge.
 */
export function createIpcRegistry(ipcMain: Pick<IpcMain, 'handle'>, isTrustedSender: (event: IpcMainInvokeEvent) => boolean): IpcRegistry {
  const registered = new Set<string>()
  return {
    handle(channel, handler) {
      assertDesktopChannel(channel)
      if (registered.has(channel)) throw new Error(`The IPC channel ${channel} already has a handler`)
      registered.add(channel)
      ipcMain.handle(channel, (event, ...args: unknown[]) => {
        if (!isTrustedSender(event)) throw new Error(`Refused ${channel} from ${event.senderFrame?.url ?? 'a frame that is gone'}`)
        return handler(event, ...args)
      })
    },
  }
}

export { GameLog } from './GameLog'
export { logItemsOf } from './log-entries'
export type { LogEntryKind, LogItem } from './log-entries'

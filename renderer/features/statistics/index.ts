export { GameRecordScreen, timeline } from './GameRecordScreen'

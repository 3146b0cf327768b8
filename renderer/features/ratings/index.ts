export { RatingsScreen, ladderName } from './RatingsScreen'
export { LadderScreen } from './LadderScreen'
export { LadderTable, ladderPageSize, searchDelayMs } from './LadderTable'

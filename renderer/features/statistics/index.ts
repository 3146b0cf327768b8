export { GameRecordScreen, entryText } from './GameRecordScreen'
export { buildTimeline, type TimelineEntry, type TimelinePeriod } from './timeline'

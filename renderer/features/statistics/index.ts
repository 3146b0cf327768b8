export { GameRecordScreen, entryText } from './GameRecordScreen'
export { StatisticsScreen } from './StatisticsScreen'
export { buildTimeline, type TimelineEntry, type TimelinePeriod } from './timeline'

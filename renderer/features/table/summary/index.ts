export { GameSummary } from './GameSummary'

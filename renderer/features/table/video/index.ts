export { SeatVideo } from './SeatVideo'
export { TableMedia } from './TableMedia'
export { cameraDimmed, isNight, stageUser } from './video-rules'

export { SeatVideo } from './SeatVideo'
export { TableMedia } from './TableMedia'
export { cameraDimmed, stageUser } from './video-rules'

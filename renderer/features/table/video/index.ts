export { PinButton, SeatVideo } from './SeatVideo'
export { StageVideo, TableMedia } from './TableMedia'
export { cameraDimmed, mediaLive, stageUser } from './video-rules'

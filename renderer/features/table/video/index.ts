export { PinButton, SeatVideo } from './SeatVideo'
export { StageVideo, TableMediaSession, TableMediaStatus } from './TableMedia'
export { cameraDimmed, mediaLive, stageUser } from './video-rules'

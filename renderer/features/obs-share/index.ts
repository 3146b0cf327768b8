// The streamer's page: the screen the route table renders at /obs-share.
export { ObsShareScreen } from './ObsShareScreen'

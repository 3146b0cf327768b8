// The settings feature: the screen the route table renders at /settings.
export { SettingsScreen } from './SettingsScreen'

export { CreateLobbyDialog } from './CreateLobbyDialog'
export { LadderSearchCard } from './LadderSearchCard'
export { LobbyList } from './LobbyList'
export { settingBadges, tableActions } from './lobby-rules'

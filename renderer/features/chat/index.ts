export { ChatScreen } from './ChatScreen'
export { ChatSidePanel } from './ChatSidePanel'
export { MessagesScreen } from './MessagesScreen'
export { SocialBar } from './SocialBar'

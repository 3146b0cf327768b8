import { subscribeKey } from 'valtio/utils'
import { currentSocket, registerConnectHook } from '../../realtime'
import { resetChats } from '../../state/chats'
import { resetFriends } from '../../state/friends'
import { sessionState } from '../../state/session'
import { attachFriends } from '../friends/friends-actions'
import { attachChats } from './chat-actions'

let started = false

/**
 * Feeds the friends and chat state from the one socket: its pushes go to the state, and every
 * (re)connect reloads the lists. Signing out forgets them, floating windows included. Safe to call twice.
 */
export function startSocial(): void {
  if (started) return
  started = true
  registerConnectHook((socket) => {
    attachFriends(socket)
    attachChats(socket)
  })
  subscribeKey(sessionState, 'token', (token) => {
    resetFriends()
    resetChats({ forgetDialogs: token === null })
  })
  const socket = currentSocket()
  if (socket?.connected) {
    attachFriends(socket)
    attachChats(socket)
  }
}

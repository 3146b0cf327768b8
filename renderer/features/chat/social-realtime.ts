import { subscribeKey } from 'valtio/utils'
import { currentSocket, registerConnectHook } from '../../realtime'
import { resetChats } from '../../state/chats'
import { resetFriends } from '../../state/friends'
import { sessionState } from '../../state/session'
import { attachFriends } from '../friends/friends-actions'
import { attachChats, loadChats, reportError } from './chat-actions'

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
  // The general chat is the one of the interface language: a new language brings its general chat.
  let language = sessionState.user?.language
  subscribeKey(sessionState, 'user', (user) => {
    const next = user?.language
    if (next && language && next !== language && currentSocket()?.connected) loadChats().catch(reportError)
    language = next
  })
  const socket = currentSocket()
  if (socket?.connected) {
    attachFriends(socket)
    attachChats(socket)
  }
}

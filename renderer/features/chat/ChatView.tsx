import { makeStyles } from '@fluentui/react-components'
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { realtimeState } from '../../realtime'
import { chatsState } from '../../state/chats'
import { loadChat, markRead, reportError } from './chat-actions'
import { MessageComposer } from './MessageComposer'
import { MessageList } from './MessageList'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 },
})

/**
 * One conversation: its history (loaded once the socket is up) and the send box. While `active`
 * (on screen and being read) everything in it is marked read.
 */
export function ChatView({ chatId, active, autoFocus = false }: { chatId: number; active: boolean; autoFocus?: boolean }) {
  const styles = useStyles()
  const { connected } = useSnapshot(realtimeState)
  const { chats } = useSnapshot(chatsState)
  const entry = chats[chatId]
  const loaded = entry?.messageLoaded ?? false
  const unread = entry?.unread ?? 0
  const lastId = entry?.lastMessage?.id

  useEffect(() => {
    if (connected && !loaded) loadChat(chatId).catch(reportError)
  }, [chatId, connected, loaded])

  useEffect(() => {
    if (connected && active && loaded && unread > 0) void markRead(chatId)
  }, [chatId, connected, active, loaded, unread, lastId])

  return (
    <div className={styles.root}>
      <MessageList chatId={chatId} />
      <MessageComposer chatId={chatId} autoFocus={autoFocus} />
    </div>
  )
}

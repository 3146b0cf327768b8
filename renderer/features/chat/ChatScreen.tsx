import { Button, Card, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowLeft20Regular } from '@fluentui/react-icons'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useSnapshot } from 'valtio'
import { ChatType } from '../../../server/contract/socket/chats'
import { EmptyState } from '../../components/EmptyState'
import { Screen } from '../../components/Screen'
import { chatsState, setPageChat } from '../../state/chats'
import { sessionState } from '../../state/session'
import { chatTitle } from './chat-names'
import { ChatView } from './ChatView'
import { usePageVisible } from './page-visibility'
import { PartyActions } from './PartyActions'

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', height: 'calc(100dvh - 220px)', minHeight: '360px', padding: 0, overflow: 'hidden' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  members: { color: tokens.colorNeutralForeground3, paddingInline: tokens.spacingHorizontalM, paddingBlockStart: tokens.spacingVerticalS },
})

/** /chat/:id: one conversation on the whole page. */
export function ChatScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const params = useParams()
  const chatId = Number(params.id)
  const valid = Number.isInteger(chatId) && chatId > 0
  const visible = usePageVisible()
  const { chats } = useSnapshot(chatsState)
  const { user } = useSnapshot(sessionState)
  const chat = valid ? chats[chatId] : undefined

  useEffect(() => {
    if (!valid) return
    setPageChat(chatId)
    return () => setPageChat(null)
  }, [chatId, valid])

  if (!valid) return <Screen title={t('chat.title')}><EmptyState title={t('errors.not_found')} /></Screen>
  return (
    <Screen
      title={chat ? chatTitle(t, chat, user?.id) : t('chat.title')}
      actions={
        <div className={styles.actions}>
          {chat?.type === ChatType.Party ? <PartyActions chat={chat} onGone={() => navigate('/messages')} /> : null}
          <Button icon={<ArrowLeft20Regular />} onClick={() => navigate('/messages')}>
            {t('chat.allConversations')}
          </Button>
        </div>
      }
    >
      <Card className={styles.card} data-testid="chat-page">
        {chat?.type === ChatType.Party ? (
          <div className={styles.members} data-testid="party-members">
            {t('chat.party.members', { names: chat.members.map((member) => member.nickname).join(', ') })}
          </div>
        ) : null}
        <ChatView chatId={chatId} active={visible} autoFocus />
      </Card>
    </Screen>
  )
}

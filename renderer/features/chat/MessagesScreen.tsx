import { Card, makeStyles, Subtitle2, Tab, TabList, tokens } from '@fluentui/react-components'
import { Chat20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSnapshot } from 'valtio'
import { ChatType } from '../../../server/contract/socket/chats'
import { EmptyState } from '../../components/EmptyState'
import { LoadingState } from '../../components/LoadingState'
import { Screen } from '../../components/Screen'
import { chatsState } from '../../state/chats'
import { ChatList } from './ChatList'
import { ChatView } from './ChatView'
import { usePageVisible } from './page-visibility'

const useStyles = makeStyles({
  general: { display: 'flex', flexDirection: 'column', height: '60vh', minHeight: '320px', padding: 0, overflow: 'hidden' },
  title: { margin: 0, paddingBlock: tokens.spacingVerticalS, paddingInline: tokens.spacingHorizontalM },
})

/** /messages: the conversations (one-to-one and parties) by newest activity, and the general chat of the interface language. */
export function MessagesScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const visible = usePageVisible()
  const { chats, loaded } = useSnapshot(chatsState)
  const [tab, setTab] = useState<'conversations' | 'general'>('conversations')
  const all = Object.values(chats)
  const general = all.find((chat) => chat.type === ChatType.General)
  const conversations = all.filter((chat) => chat.type === ChatType.OneToOne || chat.type === ChatType.Party)
  return (
    <Screen title={t('chat.messagesTitle')}>
      <TabList selectedValue={tab} onTabSelect={(_, data) => setTab(data.value as 'conversations' | 'general')}>
        <Tab value="conversations" data-testid="tab-conversations">
          {t('chat.tabs.conversations')}
        </Tab>
        <Tab value="general" data-testid="tab-general">
          {t('chat.general.title')}
        </Tab>
      </TabList>
      {!loaded ? (
        <LoadingState />
      ) : tab === 'conversations' ? (
        conversations.length === 0 ? (
          <EmptyState icon={<Chat20Regular />} title={t('chat.emptyList.title')} hint={t('chat.emptyList.hint')} />
        ) : (
          <ChatList types={[ChatType.OneToOne, ChatType.Party]} onOpen={(chatId) => navigate(`/chat/${chatId}`)} />
        )
      ) : general ? (
        <Card className={styles.general} data-testid="general-chat">
          <Subtitle2 as="h2" className={styles.title}>
            {t('chat.general.hint')}
          </Subtitle2>
          <ChatView chatId={general.id} active={visible} />
        </Card>
      ) : (
        <LoadingState />
      )}
    </Screen>
  )
}

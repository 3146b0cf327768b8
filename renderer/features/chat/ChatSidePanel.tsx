import { Button, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components'
import { ArrowLeft20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { ChatType } from '../../../server/contract/socket/chats'
import { LoadingState } from '../../components/LoadingState'
import { chatsState } from '../../state/chats'
import { ChatList } from './ChatList'
import { ChatView } from './ChatView'
import { MafiaRoomView } from './MafiaRoomView'
import { usePageVisible } from './page-visibility'
import { PartyActions } from './PartyActions'
import { useMafiaRoom } from './use-mafia-room'

const useStyles = makeStyles({
  panel: {
    width: '340px',
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    backgroundColor: tokens.colorNeutralBackground2,
    borderInlineStartWidth: tokens.strokeWidthThin,
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: tokens.colorNeutralStroke2,
    '@media (max-width: 767px)': { display: 'none' },
  },
  body: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, overflowY: 'auto', padding: tokens.spacingHorizontalS, gap: tokens.spacingVerticalS },
  partyBar: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
})

type PanelTab = 'general' | 'party' | 'mafia'

/**
 * Beside the game table: the general chat of the interface language, the viewer's party chats and,
 * during the zero night, the mafia's room for the black players and the judge (it opens in front
 * when it opens, and goes when it closes).
 */
export function ChatSidePanel() {
  const styles = useStyles()
  const { t } = useTranslation()
  const visible = usePageVisible()
  const { chats, loaded } = useSnapshot(chatsState)
  const mafiaRoom = useMafiaRoom()
  const [tab, setTab] = useState<PanelTab>('general')
  const [partyId, setPartyId] = useState<number | null>(null)
  const general = Object.values(chats).find((chat) => chat.type === ChatType.General)
  const party = partyId === null ? undefined : chats[partyId]
  const roomLobby = mafiaRoom?.lobbyId ?? null

  // The zero night is short: the room comes to the front as it opens.
  const [frontFor, setFrontFor] = useState<number | null>(null)
  if (roomLobby !== null && frontFor !== roomLobby) {
    setFrontFor(roomLobby)
    setTab('mafia')
  }
  const shown: PanelTab = tab === 'mafia' && !mafiaRoom ? 'general' : tab

  return (
    <aside className={styles.panel} aria-label={t('chat.panel')} data-testid="chat-side-panel">
      <TabList selectedValue={shown} onTabSelect={(_, data) => setTab(data.value as PanelTab)} size="small">
        <Tab value="general">{t('chat.general.title')}</Tab>
        <Tab value="party">{t('chat.party.tab')}</Tab>
        {mafiaRoom ? (
          <Tab value="mafia" data-testid="mafia-room-tab">
            {t('chat.mafia.tab')}
          </Tab>
        ) : null}
      </TabList>
      {shown === 'mafia' && mafiaRoom ? (
        <MafiaRoomView room={mafiaRoom} />
      ) : !loaded ? (
        <LoadingState />
      ) : shown === 'general' ? (
        general ? <ChatView chatId={general.id} active={visible} /> : <LoadingState />
      ) : party ? (
        <>
          <div className={styles.partyBar}>
            <Button size="small" appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => setPartyId(null)} aria-label={t('chat.allConversations')} />
            <PartyActions chat={party} onGone={() => setPartyId(null)} />
          </div>
          <ChatView chatId={party.id} active={visible} />
        </>
      ) : (
        <div className={styles.body}>
          {Object.values(chats).some((chat) => chat.type === ChatType.Party) ? (
            <ChatList types={[ChatType.Party]} onOpen={setPartyId} />
          ) : (
            <p>{t('chat.party.none')}</p>
          )}
        </div>
      )}
    </aside>
  )
}

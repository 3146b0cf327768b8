import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer, Tab, TabList, tokens } from '@fluentui/react-components'
import { ArrowLeft20Regular, Chat24Regular, Dismiss20Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { ChatType } from '../../../server/contract/socket/chats'
import type { Lobby } from '../../../server/contract/socket/lobbies'
import { useIsMobile } from '../../app/shell/use-media-query'
import { LoadingState } from '../../components/LoadingState'
import { chatsState } from '../../state/chats'
import { tableState } from '../../state/table'
import { GameLog } from '../table/log'
import { ChatList } from './ChatList'
import { ChatView } from './ChatView'
import { MafiaRoomView } from './MafiaRoomView'
import { usePageVisible } from './page-visibility'
import { PartyActions } from './PartyActions'
import { useGameChat } from './use-game-chat'
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
  },
  content: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 },
  tabs: { flexWrap: 'wrap' },
  body: { display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0, overflowY: 'auto', padding: tokens.spacingHorizontalS, gap: tokens.spacingVerticalS },
  log: { flexGrow: 1, minHeight: 0 },
  partyBar: { display: 'flex', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  drawer: { width: 'min(100vw, 420px)' },
  drawerBody: { display: 'flex', flexDirection: 'column', minHeight: 0, paddingInline: 0 },
  // Above the phone's bottom action sheet, whose height the table screen may publish in this variable.
  open: {
    position: 'fixed',
    insetInlineEnd: tokens.spacingHorizontalM,
    insetBlockEnd: `calc(var(--action-sheet-height, 0px) + ${tokens.spacingVerticalL})`,
    zIndex: 10,
    boxShadow: tokens.shadow16,
  },
  dot: {
    position: 'absolute',
    insetBlockStart: '2px',
    insetInlineEnd: '2px',
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteRedBackground3,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralBackground1}`,
  },
})

type PanelTab = 'game' | 'mafia' | 'log' | 'general' | 'party'

/**
 * The tabs and what they show, on a desk beside the table and in the phone's drawer alike: at a
 * table the game chat first, the mafia's room while the server says it is open to the viewer (it
 * comes to the front as it opens), the game log; then the general chat of the interface language
 * and the viewer's party chats. `active`: the panel is on screen, so what it shows is read.
 */
function PanelContent({ active }: { active: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const visible = usePageVisible() && active
  const { chats, loaded } = useSnapshot(chatsState)
  const { current } = useSnapshot(tableState)
  const gameChat = useGameChat()
  const mafiaRoom = useMafiaRoom()
  const atTable = current !== null && current.member
  const [tab, setTab] = useState<PanelTab | null>(null)
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
  const offered = (value: PanelTab | null): value is PanelTab =>
    value !== null && (value === 'mafia' ? mafiaRoom !== null : value === 'game' || value === 'log' ? atTable : true)
  const shown: PanelTab = offered(tab) ? tab : atTable ? 'game' : 'general'

  let body
  if (shown === 'mafia' && mafiaRoom) body = <MafiaRoomView room={mafiaRoom} />
  else if (shown === 'log' && current) {
    body = (
      <div className={styles.log}>
        <GameLog lobby={current as Lobby} />
      </div>
    )
  } else if (shown === 'game') body = gameChat ? <ChatView chatId={gameChat.id} active={visible} /> : <LoadingState />
  else if (!loaded) body = <LoadingState />
  else if (shown === 'general') body = general ? <ChatView chatId={general.id} active={visible} /> : <LoadingState />
  else if (party) {
    body = (
      <>
        <div className={styles.partyBar}>
          <Button size="small" appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => setPartyId(null)} aria-label={t('chat.allConversations')} />
          <PartyActions chat={party} onGone={() => setPartyId(null)} />
        </div>
        <ChatView chatId={party.id} active={visible} />
      </>
    )
  } else {
    body = (
      <div className={styles.body}>
        {Object.values(chats).some((chat) => chat.type === ChatType.Party) ? <ChatList types={[ChatType.Party]} onOpen={setPartyId} /> : <p>{t('chat.party.none')}</p>}
      </div>
    )
  }

  return (
    <div className={styles.content}>
      <TabList className={styles.tabs} selectedValue={shown} onTabSelect={(_, data) => setTab(data.value as PanelTab)} size="small">
        {atTable ? (
          <Tab value="game" data-testid="tab-game-chat">
            {t('chat.table.game')}
          </Tab>
        ) : null}
        {mafiaRoom ? (
          <Tab value="mafia" data-testid="tab-mafia-room">
            {t('chat.mafia.tab')}
          </Tab>
        ) : null}
        {atTable ? (
          <Tab value="log" data-testid="tab-game-log">
            {t('chat.table.log')}
          </Tab>
        ) : null}
        <Tab value="general">{t('chat.general.title')}</Tab>
        <Tab value="party">{t('chat.party.tab')}</Tab>
      </TabList>
      {body}
    </div>
  )
}

/** Something new waits in the table's chats: a message in the game chat or a party, or the mafia's room open. */
function useUnreadAtTable(): boolean {
  const { chats } = useSnapshot(chatsState)
  const gameChat = useGameChat()
  const mafiaRoom = useMafiaRoom()
  return (gameChat?.unread ?? 0) > 0 || mafiaRoom !== null || Object.values(chats).some((chat) => chat.type === ChatType.Party && chat.unread > 0)
}

/** Below 768 px: the panel is a drawer from the end, opened by a button that shows a dot while something is unread. */
function ChatDrawer() {
  const styles = useStyles()
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const unread = useUnreadAtTable()
  const label = unread ? `${t('chat.table.open')} · ${t('chat.table.unread')}` : t('chat.table.open')
  return (
    <>
      {open ? null : (
        <Button
          className={styles.open}
          shape="circular"
          size="large"
          appearance="primary"
          icon={<Chat24Regular />}
          aria-label={label}
          aria-haspopup="dialog"
          data-testid="table-chat-open"
          data-unread={unread || undefined}
          onClick={() => setOpen(true)}
        >
          {unread ? <span className={styles.dot} aria-hidden data-testid="table-chat-unread" /> : null}
        </Button>
      )}
      <OverlayDrawer open={open} onOpenChange={(_, data) => setOpen(data.open)} position="end" className={styles.drawer} aria-label={t('chat.table.drawer')} data-testid="chat-side-panel">
        <DrawerHeader>
          <DrawerHeaderTitle action={<Button appearance="subtle" icon={<Dismiss20Regular />} aria-label={t('chat.table.close')} onClick={() => setOpen(false)} />}>
            {t('chat.table.drawer')}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody className={styles.drawerBody}>{open ? <PanelContent active /> : null}</DrawerBody>
      </OverlayDrawer>
    </>
  )
}

/**
 * Beside the game table (the chat layout of /mafia/{id}): the table's chats, the game log, the
 * general chat and the parties. On a phone the same panel is a drawer.
 */
export function ChatSidePanel() {
  const styles = useStyles()
  const { t } = useTranslation()
  const mobile = useIsMobile()
  if (mobile) return <ChatDrawer />
  return (
    <aside className={styles.panel} aria-label={t('chat.panel')} data-testid="chat-side-panel">
      <PanelContent active />
    </aside>
  )
}

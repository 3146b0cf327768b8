import { Body1, Caption1, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { MafiaRoomMessage } from '../../../server/contract/socket/chats'
import { sessionState } from '../../state/session'
import { tableState } from '../../state/table'
import { sendMafiaRoomMessage } from './chat-actions'
import { messageTime } from './chat-names'
import { MessageComposer } from './MessageComposer'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', minHeight: 0, flexGrow: 1 },
  hint: { paddingInline: tokens.spacingHorizontalS, paddingBlockStart: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
  list: {
    flexGrow: 1,
    minHeight: 0,
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalS,
  },
  bubble: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    maxWidth: '85%',
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  mine: { alignSelf: 'flex-end', backgroundColor: tokens.colorBrandBackground2, border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}` },
  meta: { display: 'flex', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  empty: { margin: 'auto', color: tokens.colorNeutralForeground3, textAlign: 'center' },
})

type Translate = (key: string, options?: Record<string, unknown>) => string

/** Who wrote a message of the room: the viewer, the judge, or a seat with its player's nickname when known. */
export function roomAuthor(message: Pick<MafiaRoomMessage, 'userId' | 'seat'>, t: Translate, myId: number | null | undefined, nicknames: ReadonlyMap<number, string>): string {
  if (myId != null && message.userId === myId) return t('chat.you')
  if (message.seat === null) return t('chat.mafia.judge')
  const nickname = nicknames.get(message.seat)
  return nickname ? t('chat.mafia.seatNamed', { seat: message.seat, nickname }) : t('chat.mafia.seat', { seat: message.seat })
}

/**
 * The mafia's room of the table, while it is open to the viewer: what was said, as plain text, and
 * the send box. The server refuses anyone outside the room and any send outside the zero night.
 */
export function MafiaRoomView({ room }: { room: { readonly lobbyId: number; readonly messages: readonly Readonly<MafiaRoomMessage>[] } }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const { user } = useSnapshot(sessionState)
  const { current } = useSnapshot(tableState)
  const listRef = useRef<HTMLDivElement>(null)
  const nicknames = new Map((current?.id === room.lobbyId ? current.lobby.players : []).map((seat) => [seat.seat, seat.user.nickname]))
  const lastId = room.messages.at(-1)?.id

  useLayoutEffect(() => {
    const list = listRef.current
    if (list) list.scrollTop = list.scrollHeight
  }, [lastId])

  return (
    <div className={styles.root} data-testid="mafia-room">
      <Caption1 as="p" className={styles.hint}>
        {t('chat.mafia.hint')}
      </Caption1>
      <div ref={listRef} className={styles.list} role="log" aria-live="polite" aria-label={t('chat.mafia.messages')} data-testid="mafia-room-messages">
        {room.messages.length === 0 ? (
          <Body1 as="p" className={styles.empty}>
            {t('chat.mafia.empty')}
          </Body1>
        ) : null}
        {room.messages.map((message) => {
          const mine = user?.id === message.userId
          return (
            <div key={message.id} className={mergeClasses(styles.bubble, mine && styles.mine)} data-testid="mafia-room-message" data-mine={mine}>
              <Caption1 className={styles.meta}>
                <span data-testid="message-author">{roomAuthor(message, t, user?.id, nicknames)}</span>
                <time dateTime={new Date(message.at).toISOString()}>{messageTime(new Date(message.at).toISOString(), i18n.language)}</time>
              </Caption1>
              <Body1 as="p" className={styles.text} dir="auto" data-testid="message-text">
                {message.text}
              </Body1>
            </div>
          )
        })}
      </div>
      <MessageComposer onSend={(text) => sendMafiaRoomMessage(room.lobbyId, text)} label={t('chat.mafia.composer')} />
    </div>
  )
}

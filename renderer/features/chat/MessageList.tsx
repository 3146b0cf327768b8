import { Body1, Caption1, makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { UserAvatar } from '../../components/UserAvatar'
import { chatsState, isMyMessage } from '../../state/chats'
import { sessionState } from '../../state/session'
import { loadOlder } from './chat-actions'
import { messageTime } from './chat-names'

const useStyles = makeStyles({
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
  edge: { display: 'flex', justifyContent: 'center', paddingBlock: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', maxWidth: '85%' },
  mine: { alignSelf: 'flex-end', flexDirection: 'row-reverse' },
  bubble: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  bubbleMine: { backgroundColor: tokens.colorBrandBackground2, border: `${tokens.strokeWidthThin} solid ${tokens.colorBrandStroke2}` },
  meta: { display: 'flex', gap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground3 },
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  empty: { margin: 'auto', color: tokens.colorNeutralForeground3, textAlign: 'center' },
})

/** Close enough to the top to ask for older messages, in pixels. */
const loadOlderThreshold = 48

/**
 * A chat's messages, oldest at the top, as plain text. Scrolling to the top loads the next older page
 * (keeping the reader's place) until the chat's beginning; new messages keep the view at the bottom
 * while the reader is there.
 */
export function MessageList({ chatId }: { chatId: number }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const { chats } = useSnapshot(chatsState)
  const { user } = useSnapshot(sessionState)
  const entry = chats[chatId]
  const listRef = useRef<HTMLDivElement>(null)
  const anchor = useRef<{ height: number; top: number } | null>(null)
  const atBottom = useRef(true)
  const messages = entry?.messages ?? []
  const firstId = messages[0]?.id
  const lastId = messages.at(-1)?.id

  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    if (anchor.current) {
      list.scrollTop = list.scrollHeight - anchor.current.height + anchor.current.top
      anchor.current = null
    } else if (atBottom.current) {
      list.scrollTop = list.scrollHeight
    }
  }, [firstId, lastId])

  // A first page that does not fill the list: keep loading until it scrolls or the chat has no more.
  useEffect(() => {
    const list = listRef.current
    if (!list || !entry?.messageLoaded || entry.messageEnd || entry.loading) return
    if (list.scrollHeight <= list.clientHeight + 1) void loadOlder(chatId)
  }, [chatId, entry?.messageLoaded, entry?.messageEnd, entry?.loading, firstId])

  const onScroll = () => {
    const list = listRef.current
    if (!list) return
    atBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight < 40
    if (list.scrollTop < loadOlderThreshold && entry?.messageLoaded && !entry.messageEnd && !entry.loading) {
      anchor.current = { height: list.scrollHeight, top: list.scrollTop }
      void loadOlder(chatId)
    }
  }

  return (
    <div ref={listRef} className={styles.list} onScroll={onScroll} data-testid="message-list" role="log" aria-live="polite" aria-label={t('chat.messages')}>
      {entry?.loading ? (
        <div className={styles.edge}>
          <Spinner size="tiny" aria-label={t('common.loading')} />
        </div>
      ) : entry?.messageEnd && messages.length > 0 ? (
        <Caption1 className={styles.edge} data-testid="history-start">
          {t('chat.historyStart')}
        </Caption1>
      ) : null}
      {entry?.messageLoaded && messages.length === 0 ? (
        <Body1 as="p" className={styles.empty}>
          {t('chat.empty')}
        </Body1>
      ) : null}
      {messages.map((message) => {
        const mine = isMyMessage(message, user?.id)
        return (
          <div key={message.id} className={mergeClasses(styles.row, mine && styles.mine)} data-testid="chat-message" data-mine={mine}>
            <UserAvatar user={message.user} size={24} />
            <div className={mergeClasses(styles.bubble, mine && styles.bubbleMine)}>
              <Caption1 className={styles.meta}>
                <span data-testid="message-author">{mine ? t('chat.you') : message.user.nickname}</span>
                <time dateTime={message.createdAt}>{messageTime(message.createdAt, i18n.language)}</time>
              </Caption1>
              <Body1 as="p" className={styles.text} dir="auto" data-testid="message-text">
                {message.text}
              </Body1>
            </div>
          </div>
        )
      })}
    </div>
  )
}

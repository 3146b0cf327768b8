import { Body1, Caption1, CounterBadge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Globe20Regular, People20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { ChatType } from '../../../server/contract/socket/chats'
import { UserAvatar } from '../../components/UserAvatar'
import { byActivity, chatsState, type ChatEntry } from '../../state/chats'
import { sessionState } from '../../state/session'
import { chatTitle, messageTime } from './chat-names'

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    width: '100%',
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalM,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    textAlign: 'start',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  icon: {
    width: '32px',
    height: '32px',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
  },
  body: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  line: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'baseline' },
  name: { flexGrow: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  preview: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

/** The chats of some kinds, newest activity first, with their unread counts. */
export function ChatList({ types, selectedId, onOpen }: { types: number[]; selectedId?: number | null; onOpen: (chatId: number) => void }) {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const { chats } = useSnapshot(chatsState)
  const { user } = useSnapshot(sessionState)
  const items = byActivity(Object.values(chats).filter((chat) => types.includes(chat.type)) as ChatEntry[])
  return (
    <ul className={styles.list} data-testid="chat-list">
      {items.map((chat) => {
        const other = chat.members.find((member) => member.id !== user?.id)
        const title = chatTitle(t, chat, user?.id)
        return (
          <li key={chat.id}>
            <button type="button" className={mergeClasses(styles.item, selectedId === chat.id && styles.selected)} onClick={() => onOpen(chat.id)} data-testid={`chat-item-${chat.id}`}>
              {chat.type === ChatType.OneToOne && other ? (
                <UserAvatar user={other} size={32} />
              ) : (
                <span className={styles.icon} aria-hidden="true">
                  {chat.type === ChatType.General ? <Globe20Regular /> : <People20Regular />}
                </span>
              )}
              <span className={styles.body}>
                <span className={styles.line}>
                  <Body1 className={styles.name}>{title}</Body1>
                  {chat.lastMessage ? <Caption1>{messageTime(chat.lastMessage.createdAt, i18n.language)}</Caption1> : null}
                </span>
                <Caption1 className={styles.preview}>
                  {chat.lastMessage ? `${chat.lastMessage.user.id === user?.id ? t('chat.you') : chat.lastMessage.user.nickname}: ${chat.lastMessage.text}` : t('chat.noMessages')}
                </Caption1>
              </span>
              {chat.unread > 0 ? <CounterBadge count={chat.unread} color="danger" size="small" aria-label={t('chat.unread', { unread: chat.unread })} data-testid="chat-unread" /> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}

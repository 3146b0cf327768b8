import { Button, CounterBadge, makeStyles, Tooltip } from '@fluentui/react-components'
import { Chat20Regular, PeopleTeam20Regular } from '@fluentui/react-icons'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSnapshot } from 'valtio'
import { chatsState, totalUnread } from '../../state/chats'
import { friendsState } from '../../state/friends'
import { ChatDialogs } from './ChatDialogs'
import { startSocial } from './social-realtime'

const useStyles = makeStyles({
  holder: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', insetBlockStart: '-2px', insetInlineEnd: '-2px', pointerEvents: 'none' },
})

function WithCount({ count, testId, children }: { count: number; testId: string; children: React.ReactNode }) {
  const styles = useStyles()
  return (
    <span className={styles.holder}>
      {children}
      {count > 0 ? <CounterBadge className={styles.badge} count={count} size="small" color="danger" data-testid={testId} /> : null}
    </span>
  )
}

/**
 * The top bar's social part for a signed-in user: friends (with the count of incoming requests) and
 * messages (with the unread count), plus the floating one-to-one windows. `friendsButton` is false
 * where the bar already shows its own friends button: the request count then sits beside that one.
 */
export function SocialBar({ friendsButton }: { friendsButton: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { incoming } = useSnapshot(friendsState)
  const { chats } = useSnapshot(chatsState)
  useEffect(() => startSocial(), [])
  const requests = incoming.length
  const unread = totalUnread(chats)
  return (
    <>
      {friendsButton ? (
        <WithCount count={requests} testId="friend-requests-badge">
          <Tooltip content={requests > 0 ? t('friends.requestsWaiting', { requests }) : t('friends.title')} relationship="label">
            <Button appearance="subtle" icon={<PeopleTeam20Regular />} onClick={() => navigate('/friends')} data-testid="friends-link" />
          </Tooltip>
        </WithCount>
      ) : requests > 0 ? (
        <CounterBadge count={requests} size="small" color="danger" data-testid="friend-requests-badge" aria-label={t('friends.requestsWaiting', { requests })} />
      ) : null}
      <WithCount count={unread} testId="unread-badge">
        <Tooltip content={t('chat.messagesTitle')} relationship="label">
          <Button appearance="subtle" icon={<Chat20Regular />} onClick={() => navigate('/messages')} data-testid="messages-link" />
        </Tooltip>
      </WithCount>
      <ChatDialogs />
    </>
  )
}

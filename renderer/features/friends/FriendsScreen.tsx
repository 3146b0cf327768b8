import {
  Body1,
  Button,
  Caption1,
  Card,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  PresenceBadge,
  SearchBox,
  Spinner,
  Subtitle1,
  tokens,
} from '@fluentui/react-components'
import {
  Chat20Regular,
  Checkmark20Regular,
  Dismiss20Regular,
  People20Regular,
  PeopleTeam20Regular,
  PersonAdd20Regular,
  PersonDelete20Regular,
  PersonProhibited20Regular,
} from '@fluentui/react-icons'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSnapshot } from 'valtio'
import type { UserCard } from '../../../server/contract/socket/common'
import { EmptyState } from '../../components/EmptyState'
import { LoadingState } from '../../components/LoadingState'
import { Screen } from '../../components/Screen'
import { UserAvatar } from '../../components/UserAvatar'
import { realtimeState } from '../../realtime'
import { friendsState } from '../../state/friends'
import { createParty, openDirectChat } from '../chat/chat-actions'
import { BlockDialog } from './BlockDialogs'
import { acceptRequest, loadBlocked, loadSuggestions, rejectRequest, removeFriend, searchMore, searchPeople, sendFriendRequest, withdrawRequest } from './friends-actions'

const useStyles = makeStyles({
  layout: { display: 'grid', gap: tokens.spacingVerticalL, gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, paddingBlock: tokens.spacingVerticalXS, minWidth: 0 },
  person: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, flexShrink: 0, flexWrap: 'wrap', justifyContent: 'flex-end' },
  avatar: { position: 'relative', display: 'inline-flex', flexShrink: 0 },
  presence: { position: 'absolute', insetBlockEnd: '-2px', insetInlineEnd: '-2px' },
})

/** How long typing pauses before the search runs, in milliseconds. */
const searchDelay = 300

function PersonRow({ user, detail, online, children, testId }: { user: UserCard; detail?: string; online?: boolean; children?: ReactNode; testId?: string }) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <li className={styles.row} data-testid={testId} data-user-id={user.id}>
      <span className={styles.avatar}>
        <UserAvatar user={user} size={32} />
        {online === undefined ? null : (
          <PresenceBadge
            className={styles.presence}
            size="small"
            status={online ? 'available' : 'offline'}
            aria-label={online ? t('friends.online') : t('friends.offline')}
            data-testid="presence"
            data-online={online}
          />
        )}
      </span>
      <span className={styles.person}>
        <Body1 className={styles.name}>{user.nickname}</Body1>
        {user.officialNickname ? <Caption1 className={styles.muted}>{user.officialNickname}</Caption1> : null}
        {detail ? <Caption1 className={styles.muted}>{detail}</Caption1> : null}
      </span>
      <span className={styles.actions}>{children}</span>
    </li>
  )
}

function Section({ title, icon, children, testId }: { title: string; icon: ReactNode; children: ReactNode; testId: string }) {
  const styles = useStyles()
  return (
    <Card className={styles.card} data-testid={testId}>
      <Subtitle1 as="h2" className={styles.heading}>
        {icon}
        {title}
      </Subtitle1>
      {children}
    </Card>
  )
}

/** Asks to block a user: a quiet button on each person's row. */
type OnBlock = (user: UserCard) => void

function BlockButton({ user, onBlock }: { user: UserCard; onBlock: OnBlock }) {
  const { t } = useTranslation()
  return (
    <Button
      size="small"
      appearance="subtle"
      icon={<PersonProhibited20Regular />}
      onClick={() => onBlock(user)}
      aria-label={t('friends.actions.block')}
      title={t('friends.actions.block')}
      data-testid="block-user"
    />
  )
}

function SearchSection({ onBlock }: { onBlock: OnBlock }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { search, outgoing, incoming } = useSnapshot(friendsState)
  const [query, setQuery] = useState('')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const { connected } = useSnapshot(realtimeState)

  useEffect(() => {
    if (timer.current) clearTimeout(timer.current)
    if (!connected) return
    timer.current = setTimeout(() => void searchPeople(query), searchDelay)
    return () => {
      if (timer.current) clearTimeout(timer.current)
    }
  }, [query, connected])

  const trimmed = query.trim()
  return (
    <Section title={t('friends.search.title')} icon={<PersonAdd20Regular />} testId="friends-search">
      <SearchBox value={query} onChange={(_, data) => setQuery(data.value.slice(0, 24))} placeholder={t('friends.search.placeholder')} aria-label={t('friends.search.label')} data-testid="friends-search-input" />
      {trimmed === '' ? (
        <Caption1 className={styles.muted}>{t('friends.search.hint')}</Caption1>
      ) : search.loading && search.items.length === 0 ? (
        <Spinner size="tiny" aria-label={t('common.loading')} />
      ) : search.items.length === 0 && search.query === trimmed ? (
        <Caption1 className={styles.muted}>{t('friends.search.nothing')}</Caption1>
      ) : (
        <ul className={styles.list}>
          {search.items.map((item) => {
            const sent = outgoing.find((request) => request.user.id === item.id)
            const received = incoming.find((request) => request.id === item.id)
            return (
              <PersonRow key={item.id} user={item} testId="search-result">
                {item.relation === 'none' ? (
                  <Button size="small" icon={<PersonAdd20Regular />} onClick={() => void sendFriendRequest(item)} data-testid="add-friend">
                    {t('friends.actions.add')}
                  </Button>
                ) : item.relation === 'outgoing' ? (
                  sent ? (
                    <Button size="small" onClick={() => void withdrawRequest(item.id, sent.requestId)} data-testid="withdraw-request">
                      {t('friends.actions.withdraw')}
                    </Button>
                  ) : (
                    <Caption1 className={styles.muted}>{t('friends.status.requested')}</Caption1>
                  )
                ) : item.relation === 'incoming' && received ? (
                  <Button size="small" appearance="primary" onClick={() => void acceptRequest(item.id, received.requestId)}>
                    {t('friends.actions.accept')}
                  </Button>
                ) : item.relation === 'friend' ? (
                  <Caption1 className={styles.muted}>{t('friends.status.friend')}</Caption1>
                ) : null}
                <BlockButton user={item} onBlock={onBlock} />
              </PersonRow>
            )
          })}
        </ul>
      )}
      {search.items.length < search.total ? (
        <Button appearance="subtle" onClick={() => void searchMore()} disabled={search.loading}>
          {t('friends.search.more', { shown: search.items.length, total: search.total })}
        </Button>
      ) : null}
    </Section>
  )
}

function RequestsSection({ onBlock }: { onBlock: OnBlock }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { incoming, outgoing } = useSnapshot(friendsState)
  return (
    <Section title={t('friends.requests.title')} icon={<People20Regular />} testId="friend-requests">
      {incoming.length === 0 && outgoing.length === 0 ? <Caption1 className={styles.muted}>{t('friends.requests.empty')}</Caption1> : null}
      {incoming.length > 0 ? (
        <ul className={styles.list} aria-label={t('friends.requests.incoming')}>
          {incoming.map((request) => (
            <PersonRow key={request.requestId} user={request} detail={t('friends.requests.wantsToBeFriends')} testId="incoming-request">
              <Button size="small" appearance="primary" icon={<Checkmark20Regular />} onClick={() => void acceptRequest(request.id, request.requestId)} data-testid="accept-request">
                {t('friends.actions.accept')}
              </Button>
              <Button size="small" icon={<Dismiss20Regular />} onClick={() => void rejectRequest(request.id, request.requestId)} data-testid="reject-request">
                {t('friends.actions.reject')}
              </Button>
              <BlockButton user={request} onBlock={onBlock} />
            </PersonRow>
          ))}
        </ul>
      ) : null}
      {outgoing.length > 0 ? (
        <ul className={styles.list} aria-label={t('friends.requests.outgoing')}>
          {outgoing.map((request) => (
            <PersonRow key={request.requestId} user={request.user} detail={t('friends.status.requested')} testId="outgoing-request">
              <Button size="small" onClick={() => void withdrawRequest(request.user.id, request.requestId)} data-testid="withdraw-request">
                {t('friends.actions.withdraw')}
              </Button>
            </PersonRow>
          ))}
        </ul>
      ) : null}
    </Section>
  )
}

function SuggestionsSection() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { suggestions } = useSnapshot(friendsState)
  const { connected } = useSnapshot(realtimeState)
  useEffect(() => {
    if (connected) void loadSuggestions()
  }, [connected])
  if (suggestions.length === 0) return null
  return (
    <Section title={t('friends.suggestions.title')} icon={<PersonAdd20Regular />} testId="friend-suggestions">
      <ul className={styles.list}>
        {suggestions.map((person) => (
          <PersonRow
            key={person.id}
            user={person}
            detail={person.mutualFriends > 0 ? t('friends.suggestions.mutual', { mutual: person.mutualFriends }) : t('friends.suggestions.tableMate')}
          >
            <Button size="small" icon={<PersonAdd20Regular />} onClick={() => void sendFriendRequest(person)}>
              {t('friends.actions.add')}
            </Button>
          </PersonRow>
        ))}
      </ul>
    </Section>
  )
}

function FriendListSection({ onBlock }: { onBlock: OnBlock }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { friends, loaded } = useSnapshot(friendsState)
  const [removing, setRemoving] = useState<UserCard | null>(null)
  return (
    <Section title={t('friends.list.title')} icon={<PeopleTeam20Regular />} testId="friend-list">
      {!loaded ? (
        <LoadingState />
      ) : friends.length === 0 ? (
        <EmptyState icon={<PeopleTeam20Regular />} title={t('friends.list.empty')} hint={t('friends.list.hint')} />
      ) : (
        <ul className={styles.list}>
          {friends.map((friend) => (
            <PersonRow key={friend.id} user={friend} online={friend.online} testId="friend">
              <Button size="small" icon={<Chat20Regular />} onClick={() => void openDirectChat(friend)} data-testid="message-friend">
                {t('friends.actions.message')}
              </Button>
              <Button
                size="small"
                icon={<People20Regular />}
                onClick={() => void createParty(friend.id).then((chatId) => chatId !== null && navigate(`/chat/${chatId}`))}
                data-testid="party-with-friend"
              >
                {t('friends.actions.party')}
              </Button>
              <Button size="small" appearance="subtle" icon={<PersonDelete20Regular />} onClick={() => setRemoving(friend)} aria-label={t('friends.actions.remove')} data-testid="remove-friend" />
              <BlockButton user={friend} onBlock={onBlock} />
            </PersonRow>
          ))}
        </ul>
      )}
      <Dialog open={removing !== null} onOpenChange={(_, data) => !data.open && setRemoving(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('friends.remove.title')}</DialogTitle>
            <DialogContent>{t('friends.remove.text', { nickname: removing?.nickname ?? '' })}</DialogContent>
            <DialogActions>
              <Button onClick={() => setRemoving(null)}>{t('friends.remove.cancel')}</Button>
              <Button
                appearance="primary"
                onClick={() => {
                  if (removing) void removeFriend(removing.id)
                  setRemoving(null)
                }}
                data-testid="confirm-remove"
              >
                {t('friends.remove.confirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </Section>
  )
}

/** The users the viewer blocked, each with an unblock button that asks first. */
function BlockedSection() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { blocked } = useSnapshot(friendsState)
  const { connected } = useSnapshot(realtimeState)
  const [unblocking, setUnblocking] = useState<UserCard | null>(null)
  useEffect(() => {
    if (connected) void loadBlocked()
  }, [connected])
  return (
    <Section title={t('friends.blocked.title')} icon={<PersonProhibited20Regular />} testId="blocked-users">
      {blocked === null ? (
        <LoadingState />
      ) : blocked.length === 0 ? (
        <Caption1 className={styles.muted}>{t('friends.blocked.empty')}</Caption1>
      ) : (
        <ul className={styles.list}>
          {blocked.map((user) => (
            <PersonRow key={user.id} user={user} testId="blocked-user">
              <Button size="small" onClick={() => setUnblocking(user)} data-testid="unblock-user">
                {t('friends.actions.unblock')}
              </Button>
            </PersonRow>
          ))}
        </ul>
      )}
      <Caption1 className={styles.muted}>{t('friends.blocked.hint')}</Caption1>
      <BlockDialog user={unblocking} unblock onClose={() => setUnblocking(null)} />
    </Section>
  )
}

/** /friends: find people by nickname, answer requests, people worth adding, the friend list with live online dots, and the blocked players. */
export function FriendsScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const [blocking, setBlocking] = useState<UserCard | null>(null)
  return (
    <Screen title={t('friends.title')}>
      <div className={styles.layout}>
        <div className={styles.column}>
          <FriendListSection onBlock={setBlocking} />
          <BlockedSection />
        </div>
        <div className={styles.column}>
          <RequestsSection onBlock={setBlocking} />
          <SearchSection onBlock={setBlocking} />
          <SuggestionsSection />
        </div>
      </div>
      <BlockDialog user={blocking} onClose={() => setBlocking(null)} />
    </Screen>
  )
}

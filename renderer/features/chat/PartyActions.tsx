import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components'
import { Delete20Regular, PersonAdd20Regular, SignOut20Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import type { Chat } from '../../../server/contract/socket/chats'
import { friendsState } from '../../state/friends'
import { sessionState } from '../../state/session'
import { closeParty, inviteToParty, leaveParty } from './chat-actions'

/** A party's actions: invite a friend who is not in it, leave, and (for its owner) close it for everyone. */
export function PartyActions({ chat, onGone }: { chat: { id: number; ownerId: Chat['ownerId']; members: readonly Chat['members'][number][] }; onGone?: () => void }) {
  const { t } = useTranslation()
  const { friends } = useSnapshot(friendsState)
  const { user } = useSnapshot(sessionState)
  const memberIds = new Set(chat.members.map((member) => member.id))
  const invitable = friends.filter((friend) => !memberIds.has(friend.id))
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button icon={<PersonAdd20Regular />} disabled={invitable.length === 0} data-testid="party-invite">
            {t('chat.party.invite')}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {invitable.map((friend) => (
              <MenuItem key={friend.id} onClick={() => void inviteToParty(chat.id, friend.id)} data-testid={`party-invite-${friend.id}`}>
                {friend.nickname}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      <Tooltip content={t('chat.party.leave')} relationship="label">
        <Button icon={<SignOut20Regular />} onClick={() => void leaveParty(chat.id).then((left) => left && onGone?.())} data-testid="party-leave" />
      </Tooltip>
      {chat.ownerId === user?.id ? (
        <Tooltip content={t('chat.party.close')} relationship="label">
          <Button icon={<Delete20Regular />} onClick={() => void closeParty(chat.id).then((closed) => closed && onGone?.())} data-testid="party-close" />
        </Tooltip>
      ) : null}
    </>
  )
}

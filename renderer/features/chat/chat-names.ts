import type { TFunction } from 'i18next'
import { ChatType, type Chat } from '../../../server/contract/socket/chats'

/** What a chat is called in lists and headers. */
export function chatTitle(t: TFunction, chat: { type: Chat['type']; name: Chat['name']; members: readonly Chat['members'][number][] }, myId: number | null | undefined): string {
  if (chat.type === ChatType.OneToOne) return chat.name ?? chat.members.find((member) => member.id !== myId)?.nickname ?? t('chat.direct')
  if (chat.type === ChatType.General) return t('chat.general.title')
  if (chat.type === ChatType.Game) return t('chat.game')
  const others = chat.members.filter((member) => member.id !== myId).map((member) => member.nickname)
  return others.length > 0 ? t('chat.party.named', { names: others.join(', ') }) : t('chat.party.title')
}

/** A message time: the clock for today, the date and clock before. */
export function messageTime(iso: string, locale: string, now = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const sameDay = date.toDateString() === now.toDateString()
  return sameDay
    ? date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
}

import { Avatar, makeStyles, mergeClasses, tokens, type AvatarProps } from '@fluentui/react-components'
import type { User } from '../../server/contract/http'
import { clubTokens } from '../app/theme'

const useStyles = makeStyles({
  premium: {
    outline: `2px solid ${clubTokens.colorPremium}`,
    outlineOffset: '2px',
    borderRadius: tokens.borderRadiusCircular,
  },
})

/** Where an avatar image lives: a full address, a path, or a file name under /uploads. */
export function avatarSource(avatar: string | null): string | undefined {
  if (!avatar) return undefined
  if (/^(https?:|data:|blob:)/.test(avatar) || avatar.startsWith('/')) return avatar
  return `/uploads/${avatar}`
}

/**
 * Up to two initials in the name's own order: the first word's, and the last word's of a two- or
 * three-word name. Fluent swaps them in right-to-left pages, which turns a Latin "OK" into "KO";
 * drawn in their own direction (`dir="auto"`) they read right in every language.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/[\p{P}\p{S}\p{C}]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
  const first = (word: string | undefined) => (word ? String.fromCodePoint(word.codePointAt(0) ?? 32).toUpperCase() : '')
  const last = words.length === 2 ? words[1] : words.length === 3 ? words[2] : undefined
  return `${first(words[0])}${first(last)}`
}

/**
 * The user's avatar; premium users get the premium ring. `initials={false}` draws the person icon
 * instead of the initials where the nickname is written beside it (a button whose name is the
 * nickname would otherwise show letters its name does not hold).
 */
export function UserAvatar({
  user,
  size = 32,
  className,
  initials = true,
}: {
  user: Pick<User, 'nickname' | 'avatar' | 'isPremium'>
  size?: AvatarProps['size']
  className?: string
  initials?: boolean
}) {
  const styles = useStyles()
  const source = avatarSource(user.avatar)
  return (
    <Avatar
      className={mergeClasses(user.isPremium && styles.premium, className)}
      name={user.nickname}
      image={source ? { src: source, alt: '' } : undefined}
      initials={{ children: initials ? initialsOf(user.nickname) : '', dir: 'auto' }}
      color="colorful"
      size={size}
      aria-hidden="true"
    />
  )
}

import type { Lobby, LobbySummary } from '../../../server/contract/socket/lobbies'

/** What the viewer may do with a table of the list. */
export interface TableActions {
  /** The viewer is at this table already: open it. */
  open: boolean
  join: boolean
  watch: boolean
  judge: boolean
}

/** Join while a seat is free at an open table; judge an open judged table without a judge; watch any live one. */
export function tableActions(summary: Readonly<LobbySummary> | LobbySummary, current: Pick<Lobby, 'id'> | null, userId: number | null): TableActions {
  const here = current?.id === summary.id || summary.players.some((seat) => seat.user.id === userId) || summary.judge?.id === userId
  if (here) return { open: true, join: false, watch: false, judge: false }
  const open = summary.status === 'open'
  const live = open || summary.status === 'running'
  return {
    open: false,
    join: open && summary.players.length < summary.seatCount,
    watch: live,
    judge: open && summary.settings.judge && summary.judge === null,
  }
}

/** The settings shown as badges: the ones that differ from a plain classic table, and the voting type. */
export function settingBadges(summary: Pick<LobbySummary, 'settings'>): string[] {
  const { settings } = summary
  const badges: string[] = [settings.judge ? 'lobby.badges.judge' : 'lobby.badges.noJudge', settings.votingType === 1 ? 'lobby.badges.simultaneous' : 'lobby.badges.classic']
  if (settings.split3In9) badges.push('lobby.badges.split3In9')
  if (settings.voteIn0) badges.push('lobby.badges.voteIn0')
  if (settings.newbie) badges.push('lobby.badges.newbie')
  if (settings.fourthFoul) badges.push('lobby.badges.fourthFoul')
  if (settings.openUp) badges.push('lobby.badges.openUp')
  return badges
}

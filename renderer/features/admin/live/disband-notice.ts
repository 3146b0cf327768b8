import { proxy } from 'valtio'
import type { TableDisbandedNotice } from '../../../../server/contract/http/admin'

/**
 * The notice a player gets when an admin disbanded their table: which table and the admin's reason.
 * Kept apart from the socket code, so the shell can show the dialog without loading the socket.
 */
export const disbandNoticeState = proxy<{ notice: TableDisbandedNotice | null }>({ notice: null })

export function showDisbandNotice(notice: TableDisbandedNotice): void {
  disbandNoticeState.notice = { id: notice.id, reason: notice.reason }
}

export function dismissDisbandNotice(): void {
  disbandNoticeState.notice = null
}

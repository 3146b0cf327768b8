import type { Migration } from 'kysely/migration'
import * as accountsAndTranslations from './0001-accounts-and-translations'
import * as accountLookups from './0002-account-lookups'
import * as friendsAndChats from './0003-friends-and-chats'
import * as lobbiesAndGames from './0004-lobbies-and-games'
import * as shareKeys from './0005-share-keys'
import * as ladderQueue from './0006-ladder-queue'
import * as mafiaRooms from './0007-mafia-rooms'
import * as tableLeases from './0008-table-leases'
import * as sessionLifetimes from './0009-session-lifetimes'
import * as blocks from './0010-blocks'
import * as privateNotes from './0011-private-notes'
import * as ratings from './0012-ratings'
import * as adminAudit from './0013-admin-audit'
import * as bugsAndAdverts from './0014-bugs-and-adverts'
import * as mediaServers from './0015-media-servers'
import * as tournaments from './0016-tournaments'
import * as referrals from './0017-referrals'
import * as premium from './0018-premium'
import * as mediaPlacements from './0019-media-placements'
import * as gameEventsWithoutLobbyCheck from './0020-game-events-without-lobby-check'
import * as pendingReferralRewards from './0021-pending-referral-rewards'
import * as gameEventsAsJson from './0022-game-events-as-json'

/**
 * Every migration, keyed by its file name; Kysely runs them in key order. Listed by hand so the same
 * code runs under tsx, Vitest and a bundler (a unit test checks that no file is left out).
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts-and-translations': accountsAndTranslations,
  '0002-account-lookups': accountLookups,
  '0003-friends-and-chats': friendsAndChats,
  '0004-lobbies-and-games': lobbiesAndGames,
  '0005-share-keys': shareKeys,
  '0006-ladder-queue': ladderQueue,
  '0007-mafia-rooms': mafiaRooms,
  '0008-table-leases': tableLeases,
  '0009-session-lifetimes': sessionLifetimes,
  '0010-blocks': blocks,
  '0011-private-notes': privateNotes,
  '0012-ratings': ratings,
  '0013-admin-audit': adminAudit,
  '0014-bugs-and-adverts': bugsAndAdverts,
  '0015-media-servers': mediaServers,
  '0016-tournaments': tournaments,
  '0017-referrals': referrals,
  '0018-premium': premium,
  '0019-media-placements': mediaPlacements,
  '0020-game-events-without-lobby-check': gameEventsWithoutLobbyCheck,
  '0021-pending-referral-rewards': pendingReferralRewards,
  '0022-game-events-as-json': gameEventsAsJson,
}

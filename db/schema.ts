import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/** A timestamp column: read as Date, written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>
/**
 * A database-set timestamp, always used as Generated<CreatedAt>. A plain Date because Kysely's
 * Generated<> does not unwrap a ColumnType: Generated<ColumnType<Date>> would read as the wrapper.
 */
type CreatedAt = Date

export interface UsersTable {
  id: Generated<number>
  nickname: string
  email: string
  password_hash: string
  /** user=1, moderator=2, admin=3, server=4 */
  role_id: Generated<number>
  is_premium: Generated<boolean>
  email_confirmation: Generated<boolean>
  admin_confirmation: Generated<boolean>
  avatar: string | null
  placeholder: string | null
  language: Generated<string>
  /** The referral token this user signed up with (someone else's referral_token). */
  reference_token: string | null
  /** This user's own token for inviting others (/signup/{token}). */
  referral_token: string
  delete_at: Timestamp | null
  failed_logins: Generated<number>
  locked_until: Timestamp | null
  created_at: Generated<CreatedAt>
  updated_at: Generated<Date>
  /** The name a player is known by in official play (tournaments); set by admins, searched beside the nickname. */
  official_nickname: string | null
}

export interface BansTable {
  id: Generated<number>
  user_id: number
  reason: string
  until: Timestamp
  created_by: number | null
  created_at: Generated<CreatedAt>
  lifted_at: Timestamp | null
}

export interface SessionsTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  user_agent: string | null
  /** The address the session was last used from (updated with last_seen_at, at most once a minute). */
  address: string | null
  created_at: Generated<CreatedAt>
  last_seen_at: Generated<Date>
  revoked_at: Timestamp | null
}

export interface MailTokensTable {
  id: Generated<number>
  user_id: number
  kind: 'confirm' | 'reset'
  token_hash: string
  expires_at: Timestamp
  used_at: Timestamp | null
  created_at: Generated<CreatedAt>
}

export interface SettingsTable {
  name: string
  value: string
}

export interface LanguagesTable {
  id: Generated<number>
  value: string
  short: string
  icon: string
  rtl: Generated<boolean>
}

export interface I18nGroupsTable {
  id: Generated<number>
  name: string
}

export interface I18nConstantsTable {
  id: Generated<number>
  group_id: number
  constant: string
}

export interface I18nTranslatesTable {
  id: Generated<number>
  const_id: number
  lang_id: number
  translate: string
  /** 'seed' rows follow the files under db/seed; 'admin' rows were edited in the panel and are kept. */
  source: Generated<'seed' | 'admin'>
}

/** A pending friend request; one per pair of users, whichever way it points. */
export interface FriendRequestsTable {
  id: Generated<number>
  from_user_id: number
  to_user_id: number
  created_at: Generated<CreatedAt>
}

/** A friendship, stored once per direction. */
export interface FriendshipsTable {
  user_id: number
  friend_id: number
  created_at: Generated<CreatedAt>
}

export interface ChatsTable {
  id: Generated<number>
  /** OneToOne=0, General=1, Game=2, Party=3 */
  type: number
  name: string | null
  /** The party's owner (party chats only). */
  owner_id: number | null
  /** The lobby of a game chat. */
  lobby_id: number | null
  /** The interface language of a general chat. */
  language: string | null
  /** "<low user id>:<high user id>" for one-to-one chats. */
  pair_key: string | null
  created_at: Generated<CreatedAt>
  /** A party its owner closed. */
  closed_at: Timestamp | null
}

export interface ChatMembersTable {
  chat_id: number
  user_id: number
  joined_at: Generated<CreatedAt>
  /** The newest message id this member has read. */
  last_read_message_id: Generated<number>
  /** A one-to-one chat the member closed; a new message opens it again. */
  hidden: Generated<boolean>
}

export interface ChatMessagesTable {
  id: Generated<number>
  chat_id: number
  user_id: number
  /** Plain text, stored exactly as sent (after trimming). */
  text: string
  created_at: Generated<CreatedAt>
}

/** The mafia's room of a game chat, open during the zero night only. */
export interface MafiaRoomsTable {
  lobby_id: number
  opened_at: Timestamp
  /** When the zero night ended; null while it is open. */
  closed_at: Timestamp | null
}

/** Who is in a mafia room: the black seats and the judge (seat null). */
export interface MafiaRoomMembersTable {
  lobby_id: number
  user_id: number
  seat: number | null
}

export interface MafiaRoomMessagesTable {
  id: Generated<number>
  lobby_id: number
  user_id: number
  /** The sender's seat; null for the judge. */
  seat: number | null
  /** Plain text, stored exactly as sent (after trimming). */
  text: string
  created_at: Timestamp
}

/** A table: its settings and where it stands. */
export interface LobbiesTable {
  id: Generated<number>
  name: string
  language: string
  deck_id: number
  /** The lobby settings (LobbySettings of the game contract). */
  settings: ColumnType<unknown, string, string>
  /** custom: created by a user; ladder: seated by the matchmaking queue. */
  kind: 'custom' | 'ladder'
  status: 'open' | 'running' | 'ended' | 'disbanded'
  creator_id: number | null
  created_at: Generated<CreatedAt>
  started_at: Timestamp | null
  ended_at: Timestamp | null
}

/** Who is at a table; a user is at one table at a time. */
export interface LobbyMembersTable {
  lobby_id: number
  user_id: number
  role: 'player' | 'judge' | 'spectator'
  /** Players only: their seat, 1-based. */
  seat: number | null
  joined_at: Generated<CreatedAt>
}

/** One game event, stored as the engine produced it. */
export interface GameEventsTable {
  lobby_id: number
  version: number
  type: string
  event: ColumnType<unknown, string, string>
  created_at: Generated<CreatedAt>
}

/** A finished game's result. */
export interface GameResultsTable {
  lobby_id: number
  outcome: string
  reason: string
  losing_team: string | null
  judge_id: number | null
  counts_for_ratings: boolean
  finalised: boolean
  ended_at: Generated<CreatedAt>
}

/** A player's role and points in a finished game. */
export interface GamePlayersTable {
  lobby_id: number
  seat: number
  user_id: number | null
  role: string
  team: string
  won: boolean
  points: number
  breakdown: ColumnType<unknown, string, string>
}

/** A streamer's share key for /obs-share: one per user, stored only as its SHA-256 (the key is shown once). */
export interface ShareKeysTable {
  user_id: number
  key_hash: string
  created_at: Generated<CreatedAt>
}

/** Which app server runs a table's queue and timers, until when (its owner renews it). */
export interface TableLeaseTable {
  lobby_id: number
  owner: string
  expires_at: Date
}

/** A block: `blocked_id` can no longer send `blocker_id` friend requests, party invites or messages. */
export interface UserBlocksTable {
  blocker_id: number
  blocked_id: number
  created_at: Generated<CreatedAt>
}

/** One party invite (a new party counts as one): the cap on invites per hour counts them. */
export interface PartyInvitesTable {
  id: Generated<number>
  inviter_id: number
  invitee_id: number
  chat_id: number
  created_at: Generated<CreatedAt>
}

/** Failed sign-ins under one key: an (email, address) pair, or an email from unfamiliar addresses. */
export interface SignInFailuresTable {
  key_hash: string
  failures: number
  last_failure_at: Timestamp
}

/** An address (hashed with the user's id) a user signed in from. */
export interface SignInAddressesTable {
  user_id: number
  address_hash: string
  last_used_at: Timestamp
}

/** A user waiting in the ladder queue; the lowest position is seated first. */
export interface LadderQueueTable {
  user_id: number
  position: Generated<number>
  language: string
  entered_at: Generated<CreatedAt>
}

/** A private note: what `author_id` wrote about `subject_id`, read by the author only. */
export interface PrivateNotesTable {
  author_id: number
  subject_id: number
  text: string
  updated_at: Timestamp
}

/** One change made in the admin panel: who, what, to what, when, and the state before and after. */
export interface AdminAuditTable {
  id: Generated<number>
  actor_id: number | null
  action: string
  target_type: string
  target_id: string | null
  /** JSON: read parsed, written as a JSON string. */
  before: ColumnType<unknown, string | null, string | null>
  after: ColumnType<unknown, string | null, string | null>
  created_at: Generated<CreatedAt>
}

/** A bug report a user filed, with its optional screenshot (re-encoded bytes). */
export interface BugReportsTable {
  id: Generated<number>
  user_id: number
  title: string
  text: string
  page_url: string | null
  app_version: string | null
  platform: string | null
  browser: string | null
  image: Buffer | null
  image_type: string | null
  is_solved: Generated<boolean>
  solved_at: Timestamp | null
  created_at: Generated<CreatedAt>
}

/** An advert of the drawer's advertising column: a stream (video, thumbnail) or a tournament. */
export interface AdvertsTable {
  id: Generated<number>
  kind: 'stream' | 'tournament'
  video_url: string | null
  thumbnail_url: string | null
  image_url: string | null
  name: string | null
  /** numeric(12, 2): read as a string. */
  price: ColumnType<string | null, number | string | null, number | string | null>
  currency: string | null
  start_date: Timestamp | null
  registration_link: string | null
  sort_order: Generated<number>
  active_from: Timestamp | null
  active_until: Timestamp | null
  created_at: Generated<CreatedAt>
  updated_at: Generated<CreatedAt>
}

export interface Database {
  bug_reports: BugReportsTable
  adverts: AdvertsTable
  admin_audit: AdminAuditTable
  users: UsersTable
  bans: BansTable
  sessions: SessionsTable
  mail_tokens: MailTokensTable
  settings: SettingsTable
  languages: LanguagesTable
  i18n_groups: I18nGroupsTable
  i18n_constants: I18nConstantsTable
  i18n_translates: I18nTranslatesTable
  friend_requests: FriendRequestsTable
  friendships: FriendshipsTable
  chats: ChatsTable
  chat_members: ChatMembersTable
  chat_messages: ChatMessagesTable
  mafia_rooms: MafiaRoomsTable
  mafia_room_members: MafiaRoomMembersTable
  mafia_room_messages: MafiaRoomMessagesTable
  lobbies: LobbiesTable
  lobby_members: LobbyMembersTable
  game_events: GameEventsTable
  game_results: GameResultsTable
  game_players: GamePlayersTable
  share_keys: ShareKeysTable
  ladder_queue: LadderQueueTable
  table_leases: TableLeaseTable
  user_blocks: UserBlocksTable
  party_invites: PartyInvitesTable
  sign_in_failures: SignInFailuresTable
  sign_in_addresses: SignInAddressesTable
  private_notes: PrivateNotesTable
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type BanRow = Selectable<BansTable>
export type SessionRow = Selectable<SessionsTable>
export type MailTokenRow = Selectable<MailTokensTable>
export type SettingRow = Selectable<SettingsTable>
export type LanguageRow = Selectable<LanguagesTable>
export type FriendRequestRow = Selectable<FriendRequestsTable>
export type ChatRow = Selectable<ChatsTable>
export type ChatMemberRow = Selectable<ChatMembersTable>
export type ChatMessageRow = Selectable<ChatMessagesTable>
export type MafiaRoomMessageRow = Selectable<MafiaRoomMessagesTable>
export type LobbyRow = Selectable<LobbiesTable>
export type LobbyMemberRow = Selectable<LobbyMembersTable>
export type ShareKeyRow = Selectable<ShareKeysTable>
export type LadderQueueRow = Selectable<LadderQueueTable>

import type { FastifyInstance } from 'fastify'
import { chatsRequests, ChatType, type Chat, type ChatMessage, type ChatWithMessages } from '../../contract/socket/chats'
import type { UserCard } from '../../contract/socket/common'
import type { BindRequests } from '../../lib/socket-handler'
import type { Viewer } from '../../plugins/auth'
import { userRoom, type AppServer, type AppSocket } from '../../plugins/socket-io'
import type { ChatsService } from './chats.service'
import { mafiaRoomRoom, type MafiaRoomBroadcasts } from './mafia-room.socket'
import type { MafiaRoomService } from './mafia-room.service'

/** The room of one chat: every socket of every member (of everyone reading, for a general chat). */
export const chatRoom = (chatId: number) => `chat:${chatId}`

/**
 * The realtime side of chat changes, on every node through the adapter: sockets join and leave
 * chat rooms by their user's room, and members are told. `except` leaves out the socket that asked
 * (it has its ack).
 */
export function createChatBroadcasts(io: AppServer, service: ChatsService) {
  const toUser = (userId: number, except?: string) => (except ? io.to(userRoom(userId)).except(except) : io.to(userRoom(userId)))

  /** Puts every socket of the users in the chat's room. */
  const join = (userIds: number[], chatId: number): void => {
    if (userIds.length > 0) io.in(userIds.map(userRoom)).socketsJoin(chatRoom(chatId))
  }

  /** Shows a user a chat they did not have open. */
  const showChat = async (userId: number, chatId: number, except?: string, known?: Chat): Promise<void> => {
    const chat = known ?? (await service.summaryFor(userId, chatId))
    if (chat) toUser(userId, except).emit('chat:new', chat)
  }

  return {
    join,
    showChat,

    /** A user joined a party or game chat: the others are told, then the user's sockets join the room and see the chat. */
    async memberJoined(chatId: number, user: UserCard, options: { except?: string; chat?: Chat } = {}): Promise<void> {
      io.to(chatRoom(chatId)).emit('chat:member:joined', { chatId, user })
      join([user.id], chatId)
      await showChat(user.id, chatId, options.except, options.chat)
    },

    /** A user left a chat: their sockets leave the room and close it; the others are told. */
    memberLeft(chatId: number, userId: number, options: { except?: string; closed?: boolean } = {}): void {
      io.in(userRoom(userId)).socketsLeave(chatRoom(chatId))
      toUser(userId, options.except).emit('chat:close', { chatId })
      if (!options.closed) io.to(chatRoom(chatId)).emit('chat:member:left', { chatId, userId })
    },

    /** A chat closed for everyone in it. */
    closed(chatId: number, except?: string): void {
      const room = chatRoom(chatId)
      ;(except ? io.to(room).except(except) : io.to(room)).emit('chat:close', { chatId })
      io.in(room).socketsLeave(room)
    },
  }
}

export type ChatBroadcasts = ReturnType<typeof createChatBroadcasts>

/** The chat events: requests answered through their acks, then the pushes to the other members. */
export function registerChatsEvents(
  app: FastifyInstance,
  service: ChatsService,
  broadcasts: ChatBroadcasts,
  mafia: { service: MafiaRoomService; broadcasts: MafiaRoomBroadcasts },
  bindRequests: BindRequests,
): void {
  const io = app.io

  // A signed-in socket is in the rooms of its chats (and of a mafia room open to it) before its connection completes, so no message slips past it.
  io.use((socket, next) => {
    const viewer = socket.data.viewer
    if (!viewer) return next()
    Promise.all([service.connectRooms(viewer.user.id), service.generalChat(viewer.user.language)])
      .then(([{ chatIds, mafiaRooms }, general]) => socket.join([...[...chatIds, general.id].map(chatRoom), ...mafiaRooms.map(mafiaRoomRoom)]))
      .catch((error: unknown) => app.log.error({ err: error }, 'joining chat rooms failed'))
      .finally(() => next())
  })

  // A chat's pushes go out in the order of its messages: messages stored in one batch are acked
  // together, and one that first shows the chat to members who had closed it (a read, so it waits)
  // holds back the chat's next ones until it is out. Chats with nothing waiting push at once.
  const waitingPushes = new Map<number, Promise<void>>()
  const pushMessage = (socket: AppSocket, viewer: Viewer, message: ChatMessage, reopenedFor: number[]): void => {
    const chatId = message.chatId
    const emit = () => void socket.to(chatRoom(chatId)).emit('chat:message:new', message)
    const waiting = waitingPushes.get(chatId)
    if (!waiting && reopenedFor.length === 0) return emit()
    const pushed = (waiting ?? Promise.resolve())
      .then(async () => {
        for (const userId of reopenedFor) await broadcasts.showChat(userId, chatId, userId === viewer.user.id ? socket.id : undefined)
      })
      .catch((error: unknown) => app.log.error({ err: error, chatId }, 'showing a reopened chat failed'))
      .then(emit)
    waitingPushes.set(chatId, pushed)
    void pushed.then(() => {
      if (waitingPushes.get(chatId) === pushed) waitingPushes.delete(chatId)
    })
  }

  const send = async (socket: AppSocket, viewer: Viewer, chatId: number, text: string, field: string, after: (work: () => void) => void) => {
    const { message, reopenedFor } = await service.send(viewer.user, chatId, text, field)
    after(() => pushMessage(socket, viewer, message, reopenedFor))
    return message
  }

  const gameJoined = (socket: AppSocket, view: ChatWithMessages, joined: boolean, user: UserCard, after: (work: () => Promise<void>) => void) => {
    after(async () => {
      if (joined) await broadcasts.memberJoined(view.chat.id, user, { except: socket.id, chat: view.chat })
      else broadcasts.join([user.id], view.chat.id)
    })
    return view
  }

  // Bound once for every socket: each handler finds its socket in its context.
  bindRequests.everySocket(chatsRequests, {
    'chat:create': async ({ socket, viewer, payload, after }) => {
      const { chat } = await service.openDirect(viewer.user.id, payload.id)
      after(async () => {
        broadcasts.join([viewer.user.id, payload.id], chat.id)
        await broadcasts.showChat(viewer.user.id, chat.id, socket.id, chat)
      })
      return chat
    },

    'chat:close': async ({ socket, viewer, payload, after }) => {
      await service.closeDirect(viewer.user.id, payload.chatId)
      after(() => {
        io.to(userRoom(viewer.user.id)).except(socket.id).emit('chat:close', { chatId: payload.chatId })
      })
      return { ok: true }
    },

    'chats:check': async ({ viewer }) => ({ items: await service.checkDirect(viewer.user.id, viewer.user.language) }),

    'chat:messages': async ({ viewer, payload }) => service.history(viewer.user.id, payload.chatId, payload.before),

    'chat:group:messages': async ({ viewer, payload }) => service.history(viewer.user.id, payload.chatId, payload.before),

    'chat:message': async ({ socket, viewer, payload, after }) => send(socket, viewer, payload.id, payload.message, 'message', after),

    'chat:group:message': async ({ socket, viewer, payload, after }) => send(socket, viewer, payload.chatId, payload.message, 'message', after),

    'chat:load': async ({ socket, viewer, payload }) => {
      const { view, type } = await service.load(viewer.user.id, payload.chatId)
      // Reading a general chat (another language's too) means hearing it live from now on.
      if (type === ChatType.General) await socket.join(chatRoom(view.chat.id))
      return view
    },

    'chat:read': async ({ viewer, payload }) => service.markRead(viewer.user.id, payload.chatId, payload.messageId),

    'chat:group:create': async ({ socket, viewer, payload, after }) => {
      const { chat } = await service.createParty(viewer.user.id, payload.userId)
      const mine = (await service.summaryFor(viewer.user.id, chat.id)) as Chat
      after(async () => {
        broadcasts.join([viewer.user.id, payload.userId], chat.id)
        await broadcasts.showChat(payload.userId, chat.id)
        await broadcasts.showChat(viewer.user.id, chat.id, socket.id, mine)
      })
      return mine
    },

    'chats:group:check': async ({ viewer }) => ({ items: await service.checkParties(viewer.user.id) }),

    'chat:group:invite': async ({ viewer, payload, after }) => {
      const { added, user } = await service.invite(viewer.user.id, payload.chatId, payload.userId)
      const mine = (await service.summaryFor(viewer.user.id, payload.chatId)) as Chat
      if (added) after(() => broadcasts.memberJoined(payload.chatId, user))
      return mine
    },

    'chat:group:leave': async ({ socket, viewer, payload, after }) => {
      const { closed } = await service.leaveParty(viewer.user.id, payload.chatId)
      after(() => broadcasts.memberLeft(payload.chatId, viewer.user.id, { except: socket.id, closed }))
      return { ok: true }
    },

    'chat:group:close': async ({ socket, viewer, payload, after }) => {
      await service.closeParty(viewer.user.id, payload.chatId)
      after(() => broadcasts.closed(payload.chatId, socket.id))
      return { ok: true }
    },

    'chat:game:join': async ({ socket, viewer, payload, after }) => {
      const { view, joined, user } = await service.joinGame(viewer.user.id, payload.lobbyId, { policy: true })
      return gameJoined(socket, view, joined, user, after)
    },

    'chat:game:leave': async ({ socket, viewer, payload, after }) => {
      const { chatId } = await service.leaveGame(viewer.user.id, payload.lobbyId)
      after(() => broadcasts.memberLeft(chatId, viewer.user.id, { except: socket.id }))
      return { ok: true }
    },

    'chat:mafia:load': async ({ socket, viewer, payload }) => {
      // Joined before reading, so nothing said meanwhile is missed (the client drops repeats by id).
      if (!(await mafia.service.isOpenTo(viewer.user.id, payload.lobbyId))) return null
      await socket.join(mafiaRoomRoom(payload.lobbyId))
      return mafia.service.room(payload.lobbyId)
    },

    'chat:mafia:message': async ({ socket, viewer, payload, after }) => {
      const message = await mafia.service.send(viewer.user.id, payload.lobbyId, payload.message)
      after(() => mafia.broadcasts.message(socket, message))
      return message
    },
  })
}

import type { WebSocket } from 'ws'
import { Compile } from 'typebox/compile'
import type { Logger } from 'pino'
import { MediaClientMessage, mediaCloseCodes, type MediaErrorCode, type MediaServerMessage } from '../contract/rtc'
import type { MediaTokenClaims, MediaTokenResult } from './media-token'
import type { Peer, PeerTransport } from './peer'

const clientMessage = Compile(MediaClientMessage)

export interface SignallingDependencies {
  verifyToken(token: string): MediaTokenResult
  /** Creates the peer for verified claims and adds it to its room; an error code when the room does not let it in, null when it refused it otherwise. */
  join(claims: MediaTokenClaims, transport: PeerTransport): Promise<Peer | MediaErrorCode | null>
  joinTimeoutMs: number
  logger: Logger
}

/** The name of the message a client sent, for error replies, when it has one. */
function requestType(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const type = (message as { type?: unknown }).type
  return typeof type === 'string' && type.length <= 32 ? type : undefined
}

/**
 * One signalling WebSocket: `join` first (its token decides room, seat and publish rights), then
 * offers, answers, candidates and preferences. Every message is checked against the contract; a
 * malformed one gets `errors.media.bad_message` and changes nothing, and the room carries on.
 * When the socket closes, the peer closes.
 */
export function handleSignallingConnection(socket: WebSocket, dependencies: SignallingDependencies): void {
  let peer: Peer | null = null
  let joining = false
  let closed = false
  const queued: MediaClientMessage[] = []

  const transport: PeerTransport = {
    send(message: MediaServerMessage) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
    },
    close(code: number) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code)
    },
  }
  const sendError = (code: MediaErrorCode, request?: string) => transport.send(request ? { type: 'error', code, request } : { type: 'error', code })

  const joinTimer = setTimeout(() => {
    if (peer || closed) return
    sendError('errors.media.join_timeout')
    transport.close(mediaCloseCodes.unauthorized)
  }, dependencies.joinTimeoutMs)
  joinTimer.unref()

  const handle = (message: MediaClientMessage): void => {
    if (message.type === 'join') {
      if (peer || joining) {
        sendError('errors.media.already_joined', 'join')
        return
      }
      const verdict = dependencies.verifyToken(message.token)
      if (!verdict.ok) {
        sendError(verdict.code, 'join')
        transport.close(mediaCloseCodes.unauthorized)
        return
      }
      joining = true
      dependencies
        .join(verdict.claims, transport)
        .then((joined) => {
          joining = false
          clearTimeout(joinTimer)
          if (closed) {
            if (typeof joined === 'object') joined?.close('disconnected')
            return
          }
          if (typeof joined === 'string') {
            sendError(joined, 'join')
            transport.close(mediaCloseCodes.revoked)
            return
          }
          if (!joined) {
            sendError('errors.media.internal', 'join')
            transport.close(mediaCloseCodes.normal)
            return
          }
          peer = joined
          for (const next of queued.splice(0)) handle(next)
        })
        .catch((error: unknown) => {
          joining = false
          dependencies.logger.error({ err: error }, 'media: join failed')
          sendError('errors.media.internal', 'join')
          transport.close(mediaCloseCodes.normal)
        })
      return
    }
    if (!peer) {
      if (joining && queued.length < 32) queued.push(message)
      else sendError('errors.media.not_joined', message.type)
      return
    }
    switch (message.type) {
      case 'offer':
        peer.handleOffer(message.sdp, message.tracks)
        break
      case 'answer':
        peer.handleAnswer(message.sdp)
        break
      case 'candidate':
        peer.handleCandidate(message.target, message.candidate, message.mid)
        break
      case 'setQuality':
        peer.setPreferences({ quality: message.quality })
        break
      case 'prefer':
        peer.setPreferences({ preferredPeerId: message.peerId })
        break
      case 'leave':
        peer.close('left')
        break
    }
  }

  socket.on('message', (data, isBinary) => {
    if (closed) return
    if (isBinary) {
      sendError('errors.media.bad_message')
      return
    }
    let message: unknown
    try {
      message = JSON.parse(data.toString())
    } catch {
      sendError('errors.media.bad_message')
      return
    }
    if (!clientMessage.Check(message)) {
      sendError('errors.media.bad_message', requestType(message))
      return
    }
    try {
      handle(message)
    } catch (error) {
      dependencies.logger.error({ err: error, request: message.type }, 'media: signalling message failed')
      sendError('errors.media.internal', message.type)
    }
  })

  socket.on('close', () => {
    closed = true
    clearTimeout(joinTimer)
    peer?.close('disconnected')
  })
}

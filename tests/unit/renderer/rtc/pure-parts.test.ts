import { describe, expect, it } from 'vitest'
import { firstReconnectDelayMs, longestReconnectDelayMs, reconnectDelay } from '../../../../renderer/rtc/backoff'
import { applyRoomMessage, initialTableMedia } from '../../../../renderer/rtc/media-state'
import { declarePublishedTracks, lowScaleFactor, mapSubscribedSections } from '../../../../renderer/rtc/sections'
import { signallingUrl } from '../../../../renderer/rtc/signalling-url'

describe('signalling address', () => {
  it('turns a path on the app origin into a WebSocket address of the same origin', () => {
    expect(signallingUrl('/media/ws', 'http://localhost:8080')).toBe('ws://localhost:8080/media/ws')
    expect(signallingUrl('/media/ws', 'https://mafia.example')).toBe('wss://mafia.example/media/ws')
  })

  it('keeps an absolute ws/wss address of a media node, and turns http(s) into ws(s)', () => {
    expect(signallingUrl('wss://media-2.example:8443/media/ws', 'https://mafia.example')).toBe('wss://media-2.example:8443/media/ws')
    expect(signallingUrl('http://10.0.0.5:8090/media/ws', 'https://mafia.example')).toBe('ws://10.0.0.5:8090/media/ws')
  })

  it('refuses an address that is no WebSocket', () => {
    expect(() => signallingUrl('ftp://example/media', 'https://mafia.example')).toThrow(TypeError)
  })
})

describe('reconnection backoff', () => {
  it('doubles from half a second and stops growing at ten seconds', () => {
    const none = () => 0
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, none))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000])
    expect(reconnectDelay(1000, none)).toBe(longestReconnectDelayMs)
  })

  it('takes up to a fifth off at random, so a whole table does not come back at once', () => {
    expect(reconnectDelay(0, () => 1)).toBe(firstReconnectDelayMs * 0.8)
    expect(reconnectDelay(0, () => 0.5)).toBe(firstReconnectDelayMs * 0.9)
  })
})

describe('media sections', () => {
  it('maps the subscribe offer by mid, whatever the order, and keeps sections of earlier offers', () => {
    const first = mapSubscribedSections(new Map(), [
      { mid: 'v1', peerId: '7', kind: 'video' },
      { mid: 'a0', peerId: '7', kind: 'audio' },
    ])
    const second = mapSubscribedSections(first, [
      { mid: 'a2', peerId: '9', kind: 'audio' },
      { mid: 'v3', peerId: '9', kind: 'video' },
    ])
    expect(second.get('a0')).toEqual({ peerId: '7', kind: 'audio' })
    expect(second.get('v3')).toEqual({ peerId: '9', kind: 'video' })
    expect(second.size).toBe(4)
    expect(first.size).toBe(2)
  })

  it('declares the microphone and both camera qualities by mid, leaving out sections without one', () => {
    expect(
      declarePublishedTracks([
        { mid: '0', source: 'microphone' },
        { mid: '1', source: 'camera', quality: 'high' },
        { mid: '2', source: 'camera', quality: 'low' },
        { mid: null, source: 'camera' },
      ]),
    ).toEqual([
      { mid: '0', source: 'microphone' },
      { mid: '1', source: 'camera', quality: 'high' },
      { mid: '2', source: 'camera', quality: 'low' },
    ])
  })

  it('scales the low camera quality to about 320 pixels wide, never up', () => {
    expect(lowScaleFactor(1280)).toBe(4)
    expect(lowScaleFactor(640)).toBe(2)
    expect(lowScaleFactor(320)).toBe(1)
    expect(lowScaleFactor(undefined)).toBe(1)
  })
})

describe('room messages folded into the table media state', () => {
  const joined = () => {
    const state = initialTableMedia()
    applyRoomMessage(state, {
      type: 'joined',
      you: { peerId: '1', role: 'publisher', roomId: 'lobby-5' },
      peers: [
        { peerId: '2', role: 'publisher', microphoneAllowed: true },
        { peerId: '3', role: 'publisher', microphoneAllowed: false },
        { peerId: '40', role: 'subscriber', microphoneAllowed: true },
      ],
    })
    return state
  }

  it('knows itself and everyone else, with closed microphones muted', () => {
    const state = joined()
    expect(state.self).toEqual({ peerId: '1', role: 'publisher' })
    expect(Object.keys(state.peers).sort()).toEqual(['2', '3', '40'])
    expect(state.peers['2']).toMatchObject({ audioMuted: false, speaking: 0, cameraOn: false, stream: null })
    expect(state.peers['3']?.audioMuted).toBe(true)
  })

  it('follows peers joining and leaving; a pinned peer that leaves is unpinned', () => {
    const state = joined()
    state.preferred = '2'
    applyRoomMessage(state, { type: 'peer-joined', peer: { peerId: '5', role: 'publisher', microphoneAllowed: true } })
    applyRoomMessage(state, { type: 'peer-left', peerId: '2' })
    expect(Object.keys(state.peers).sort()).toEqual(['3', '40', '5'])
    expect(state.preferred).toBeNull()
  })

  it('mutes and unmutes microphones as the host says, and a muted microphone never speaks', () => {
    const state = joined()
    applyRoomMessage(state, { type: 'speaking', peerId: '2', level: 0.6 })
    expect(state.peers['2']?.speaking).toBe(0.6)
    applyRoomMessage(state, { type: 'track-muted', peerId: '2', kind: 'audio' })
    expect(state.peers['2']).toMatchObject({ audioMuted: true, speaking: 0 })
    applyRoomMessage(state, { type: 'speaking', peerId: '2', level: 0.9 })
    expect(state.peers['2']?.speaking).toBe(0)
    applyRoomMessage(state, { type: 'track-unmuted', peerId: '2', kind: 'audio' })
    applyRoomMessage(state, { type: 'speaking', peerId: '2', level: 0.3 })
    expect(state.peers['2']).toMatchObject({ audioMuted: false, speaking: 0.3 })
  })

  it('marks a camera the server stopped sending (night) as paused until it resumes, whatever frames came before', () => {
    const state = joined()
    const peer = state.peers['2'] as NonNullable<(typeof state.peers)['2']>
    peer.cameraOn = true
    applyRoomMessage(state, { type: 'track-muted', peerId: '2', kind: 'video' })
    expect(state.peers['2']).toMatchObject({ videoPaused: true, audioMuted: false })
    applyRoomMessage(state, { type: 'track-unmuted', peerId: '2', kind: 'video' })
    expect(state.peers['2']).toMatchObject({ videoPaused: false, cameraOn: true })
  })

  it('keeps how loud the server hears this browser itself', () => {
    const state = joined()
    applyRoomMessage(state, { type: 'speaking', peerId: '1', level: 0.7 })
    expect(state.selfSpeaking).toBe(0.7)
    expect(state.peers['1']).toBeUndefined()
  })

  it('ignores messages about peers it does not know, and its own peer-joined', () => {
    const state = joined()
    applyRoomMessage(state, { type: 'speaking', peerId: '99', level: 1 })
    applyRoomMessage(state, { type: 'track-muted', peerId: '99', kind: 'audio' })
    applyRoomMessage(state, { type: 'peer-joined', peer: { peerId: '1', role: 'publisher', microphoneAllowed: true } })
    expect(Object.keys(state.peers).sort()).toEqual(['2', '3', '40'])
  })
})

import { DeepNesting, type IdPools } from './values'

/**
 * Fixed payloads replayed before the generated ones in every run: each once made the server fail
 * (or guards a failure a real client could cause), so it never comes back unnoticed.
 */
export interface CorpusCase {
  name: string
  /** What the server did before it was fixed, or what the case guards. */
  guards: string
  identity: 'anonymous' | 'attacker' | 'share-page'
  http?: { method: string; route: string; path?: string; headers?: Record<string, string>; body?: string | ((pools: IdPools) => unknown) }
  socket?: { event: string; args: (pools: IdPools) => unknown[]; acked?: boolean }
}

const victimId = (pools: IdPools) => pools.others[0] ?? 1

export const corpus: CorpusCase[] = [
  {
    name: 'nul-in-direct-message',
    guards: 'a NUL character cannot be stored in PostgreSQL text: it must be refused, not fail the insert',
    identity: 'attacker',
    socket: { event: 'chat:message', args: (pools) => [{ id: pools.own[1] ?? 1, message: 'a\u0000b' }] },
  },
  {
    name: 'nul-in-lobby-name',
    guards: 'a NUL character in a table name',
    identity: 'attacker',
    socket: { event: 'mafia:create:lobby', args: () => [{ name: 'x\u0000y', language: 'en' }] },
  },
  {
    name: 'nul-in-friend-search',
    guards: 'a NUL character in a LIKE pattern',
    identity: 'attacker',
    socket: { event: 'friends:search', args: () => [{ query: '\u0000' }] },
  },
  {
    name: 'nul-in-sign-in',
    guards: 'a NUL character in an email and a password',
    identity: 'anonymous',
    http: { method: 'POST', route: '/api/auth/login/password', body: () => ({ email: 'a\u0000@example.test', password: 'x\u0000yyyyyyy' }) },
  },
  {
    name: 'nul-in-signup-nickname',
    guards: 'a NUL character in a sign-up',
    identity: 'anonymous',
    http: { method: 'POST', route: '/api/auth/signup', body: () => ({ nickname: 'ab\u0000c', password: 'password1', email: 'nul@example.test' }) },
  },
  {
    name: 'lone-surrogate-message',
    guards: 'half a UTF-16 pair in a chat message',
    identity: 'attacker',
    socket: { event: 'chat:message', args: (pools) => [{ id: pools.own[1] ?? 1, message: '\ud800' }] },
  },
  {
    name: 'victim-chat-history',
    guards: "another user's one-to-one chat is not readable",
    identity: 'attacker',
    socket: { event: 'chat:messages', args: (pools) => [{ chatId: pools.others[5] ?? 1 }] },
  },
  {
    name: 'friend-request-to-self',
    guards: 'a friend request to oneself',
    identity: 'attacker',
    socket: { event: 'friends:request:create', args: (pools) => [{ id: pools.own[0] ?? 1 }] },
  },
  {
    name: 'deep-sign-up',
    guards: '10,000 levels of nesting in a JSON body',
    identity: 'anonymous',
    http: { method: 'POST', route: '/api/auth/signup', body: `{"nickname":${'['.repeat(10_000)}${']'.repeat(10_000)}}` },
  },
  {
    name: 'prototype-settings',
    guards: 'a __proto__ key in a JSON body',
    identity: 'attacker',
    http: { method: 'POST', route: '/api/auth/settings', body: '{"settings":{"__proto__":{"isAdmin":true}}}' },
  },
  {
    name: 'victim-lobby-disband',
    guards: "another user's table is not the attacker's to close",
    identity: 'attacker',
    socket: { event: 'mafia:disband:lobby', args: (pools) => [{ id: pools.others.at(-1) ?? 1 }] },
  },
  {
    name: 'victim-friend-removal',
    guards: "another user's friendship is not the attacker's to end",
    identity: 'attacker',
    socket: { event: 'friends:remove', args: (pools) => [{ id: victimId(pools) }] },
  },
  {
    name: 'multipart-without-end',
    guards: 'an upload whose multipart body has no end boundary was answered 500',
    identity: 'attacker',
    http: {
      method: 'POST',
      route: '/api/auth/uploadAvatar',
      headers: { 'content-type': 'multipart/form-data; boundary=fuzz' },
      body: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG',
    },
  },
  {
    name: 'multipart-other-boundary',
    guards: 'an upload whose boundary is not the one its content type names was answered 500',
    identity: 'attacker',
    http: {
      method: 'POST',
      route: '/api/auth/uploadPlaceholder',
      headers: { 'content-type': 'multipart/form-data; boundary=other' },
      body: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nx\r\n--fuzz--\r\n',
    },
  },
  {
    name: 'get-online-with-payload',
    guards: 'getOnline with a payload before its ack was never answered',
    identity: 'anonymous',
    socket: { event: 'getOnline', args: () => ['x'] },
  },
  {
    name: 'deep-socket-payload',
    guards: '10,000 levels of nesting in a socket payload (written by hand: the client cannot encode it)',
    identity: 'attacker',
    socket: { event: 'friends:search', args: () => [{ query: new DeepNesting(10_000, 'object') }] },
  },
  {
    name: 'session-id-infinity',
    guards: 'DELETE /api/auth/sessions/Infinity reached the query as an integer and was answered 500',
    identity: 'attacker',
    http: { method: 'DELETE', route: '/api/auth/sessions/:id', path: '/api/auth/sessions/Infinity' },
  },
  {
    name: 'session-id-huge',
    guards: 'an id past the integer column',
    identity: 'attacker',
    http: { method: 'DELETE', route: '/api/auth/sessions/:id', path: '/api/auth/sessions/1e999' },
  },
]

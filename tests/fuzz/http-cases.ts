import { crc32, deflateSync } from 'node:zlib'
import type { Random } from './prng'
import type { HttpTarget } from './targets'
import { generatePayload, huge, oddValue, pollutionKeys, toJsonText, type IdPools, type Schema } from './values'

export type HttpIdentity = 'anonymous' | 'attacker'

/** One HTTP request, written byte for byte: the path is sent as is (dot segments and all). */
export interface HttpCase {
  method: string
  path: string
  headers: Record<string, string>
  body: Buffer | undefined
  /** Whether the identity's bearer token goes in (a fuzzed Authorization header replaces it). */
  bearer: boolean
  mutation: string
}

const staticPaths = [
  '/',
  '/index.html',
  '/signin',
  '/obs-share',
  '/assets/app.js',
  '/uploads/users/',
  '/uploads/users/../../../../etc/passwd',
  '/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/uploads/..%2f..%2f..%2fetc%2fpasswd',
  '/uploads/users/%00.png',
  '/uploads/users/aaaaaaaaaaaaaaaaaaaa.png',
  '/../../../../etc/passwd',
  '/%2e%2e/%2e%2e/package.json',
  '//evil.example/',
  '/\\\\evil.example',
  '/%ff%fe%fd',
  '/%c0%ae%c0%ae/',
  '/api/unknown',
  '/api/auth/../auth',
  '/api/auth/%2e%2e/health',
  '/socket.io/?EIO=4&transport=polling&sid=unknown',
  '/media/ws?token=x',
  `/${'a'.repeat(8000)}`,
  '/.env',
  '/.git/config',
  '/data/pg/postgresql.conf',
]

const oddSegments = ['..', '.', '%2e%2e', '%00', '%2F', '__proto__', 'constructor', 'x'.repeat(2000), '%ff', '%ED%A0%80', encodeURIComponent('שלום'), encodeURIComponent('\u202e'), 'en%20', '', '%', '%zz']

const oddQueries = [
  '?__proto__[isAdmin]=1',
  '?constructor[prototype][isAdmin]=1',
  '?a=1&a=2&a=3',
  '?page=-1&limit=100000',
  '?%00=%00',
  '?token=abc',
  `?x=${'a'.repeat(8000)}`,
  '?=&=&&',
  '?json={"a":1}',
]

/** A 1×1 PNG, and one whose header claims 30,000 × 30,000 pixels (a decompression bomb in a few hundred bytes). */
function png(width: number, height: number, rows: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const checksum = Buffer.alloc(4)
    checksum.writeUInt32BE(crc32(body) >>> 0)
    return Buffer.concat([length, body, checksum])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const raw = Buffer.alloc(rows * (1 + Math.min(width, 1024) * 3))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

let images: Array<{ name: string; bytes: Buffer; type: string }> | undefined
function uploadFiles(): Array<{ name: string; bytes: Buffer; type: string }> {
  images ??= [
    { name: 'pixel.png', bytes: png(1, 1, 1), type: 'image/png' },
    { name: 'bomb.png', bytes: png(30_000, 30_000, 4), type: 'image/png' },
    { name: 'truncated.png', bytes: png(64, 64, 64).subarray(0, 60), type: 'image/png' },
    { name: 'header-only.jpg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]), type: 'image/jpeg' },
    { name: 'fake.webp', bytes: Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(16, 0xff)]), type: 'image/webp' },
    { name: 'script.png', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
    { name: 'image.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), type: 'image/svg+xml' },
    { name: 'empty.png', bytes: Buffer.alloc(0), type: 'image/png' },
    { name: 'big.png', bytes: Buffer.concat([png(1, 1, 1), Buffer.alloc(2 * 1024 * 1024 + 1)]), type: 'image/png' },
    { name: '../../../../tmp/evil.png', bytes: png(1, 1, 1), type: 'image/png' },
    { name: 'nul\u0000.png', bytes: png(2, 2, 2), type: 'application/octet-stream' },
  ]
  return images
}

function multipartBody(random: Random): { body: Buffer; contentType: string; mutation: string } {
  const boundary = `----fuzz${random.int(1e9)}`
  const files = uploadFiles()
  const part = (field: string, file: { name: string; bytes: Buffer; type: string } | null, text = 'x') =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"${file ? `; filename="${file.name}"` : ''}\r\n${file ? `Content-Type: ${file.type}\r\n` : ''}\r\n`, 'latin1'),
      file ? file.bytes : Buffer.from(text),
      Buffer.from('\r\n'),
    ])
  const end = Buffer.from(`--${boundary}--\r\n`)
  const contentType = `multipart/form-data; boundary=${boundary}`
  switch (random.int(8)) {
    case 0:
      return { body: Buffer.concat([part('avatar', random.pick(files)), end]), contentType, mutation: 'multipart-wrong-field' }
    case 1:
      return { body: Buffer.concat([part('file', random.pick(files)), part('file', random.pick(files)), end]), contentType, mutation: 'multipart-two-files' }
    case 2:
      return { body: Buffer.concat([...Array.from({ length: 20 }, (_, index) => part(`field${index}`, null, 'v')), part('file', random.pick(files)), end]), contentType, mutation: 'multipart-many-fields' }
    case 3:
      return { body: part('file', random.pick(files)), contentType, mutation: 'multipart-unterminated' }
    case 4:
      return { body: Buffer.concat([part('file', random.pick(files)), end]), contentType: 'multipart/form-data; boundary=other', mutation: 'multipart-wrong-boundary' }
    case 5:
      return { body: Buffer.concat([part('__proto__', null, '{"isAdmin":true}'), part('file', random.pick(files)), end]), contentType, mutation: 'multipart-prototype-field' }
    case 6:
      return { body: Buffer.concat([part('file', null, huge().slice(0, 4096)), end]), contentType, mutation: 'multipart-field-not-file' }
    default:
      return { body: Buffer.concat([part('file', random.pick(files)), end]), contentType, mutation: 'multipart-file' }
  }
}

/** A JSON body gone wrong on the wire rather than in its values. */
function brokenJson(random: Random, text: string): { body: Buffer; contentType: string | undefined; mutation: string } {
  switch (random.int(10)) {
    case 0:
      return { body: Buffer.from(text.slice(0, Math.max(1, text.length >> 1))), contentType: 'application/json', mutation: 'json-truncated' }
    case 1:
      return { body: Buffer.from(`\ufeff${text}`), contentType: 'application/json', mutation: 'json-bom' }
    case 2:
      return { body: Buffer.from(text), contentType: 'text/plain', mutation: 'json-as-text' }
    case 3:
      return { body: Buffer.from('a=1&b=2&__proto__[x]=1'), contentType: 'application/x-www-form-urlencoded', mutation: 'form-urlencoded' }
    case 4:
      return { body: Buffer.alloc(0), contentType: 'application/json', mutation: 'json-empty' }
    case 5:
      return { body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), contentType: 'application/json', mutation: 'json-invalid-utf8' }
    case 6:
      return { body: Buffer.from(`${text}${text}`), contentType: 'application/json', mutation: 'json-trailing' }
    case 7:
      return { body: Buffer.from(text.replace(/^\{/, '{"email":1,"token":[],"nickname":{},')), contentType: 'application/json', mutation: 'json-duplicate-keys' }
    case 8:
      return { body: Buffer.from(text), contentType: 'application/json; charset=utf-16', mutation: 'json-charset' }
    default:
      return { body: Buffer.from(text), contentType: undefined, mutation: 'json-no-content-type' }
  }
}

function oddHeaders(random: Random, pools: IdPools): { headers: Record<string, string>; bearer: boolean; mutation: string } {
  switch (random.int(9)) {
    case 0:
      return { headers: { authorization: 'Bearer' }, bearer: false, mutation: 'auth-empty' }
    case 1:
      return { headers: { authorization: `Bearer ${'a'.repeat(random.pick([129, 4000]))}` }, bearer: false, mutation: 'auth-long' }
    case 2:
      return { headers: { authorization: `Bearer ${random.pick(pools.tokens)}` }, bearer: false, mutation: 'auth-foreign-token' }
    case 3:
      return { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' }, bearer: false, mutation: 'auth-basic' }
    case 4:
      return { headers: { authorization: 'Bearer a, Bearer b', cookie: 'token=abc; token=def' }, bearer: false, mutation: 'auth-double' }
    case 5:
      return { headers: { 'x-forwarded-for': '127.0.0.1, 10.0.0.1', 'x-real-ip': '127.0.0.1', 'x-forwarded-proto': 'https' }, bearer: true, mutation: 'forwarded-spoof' }
    case 6:
      return { headers: { 'accept-language': '*;q=0.1,' + 'x'.repeat(3000) }, bearer: true, mutation: 'accept-language-long' }
    case 7:
      return { headers: { 'content-encoding': 'gzip' }, bearer: true, mutation: 'content-encoding-lie' }
    default:
      return { headers: { accept: 'text/html', 'user-agent': '\u00ff'.repeat(200) }, bearer: true, mutation: 'odd-accept' }
  }
}

/** Percent-encodes a path segment byte by byte (encodeURIComponent throws on half a surrogate pair). */
function encodeSegment(text: string): string {
  let encoded = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const character = String.fromCharCode(byte)
    encoded += /[A-Za-z0-9_.~-]/.test(character) ? character : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`
  }
  return encoded
}

/** Fills `:name` parameters of a route pattern: plausible values now and then, odd ones mostly. */
function fillPath(random: Random, target: HttpTarget, pools: IdPools): string {
  if (target.url === '*') return random.pick(staticPaths)
  const params = target.definition?.schema.params as Schema | undefined
  return target.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    if (random.chance(0.4)) {
      const sample = generatePayload({ type: 'object', properties: { [name]: params?.properties?.[name] ?? { type: 'string' } }, required: [name] }, random, pools).value
      const value = sample && typeof sample === 'object' ? (sample as Record<string, unknown>)[name] : sample
      return encodeSegment(typeof value === 'string' ? value : toJsonText(value))
    }
    if (name === 'locale' && random.chance(0.3)) return random.pick(['en', 'uk', 'de', 'he'])
    if (name === 'namespace' && random.chance(0.3)) return random.pick(['mafia', 'common', 'errors'])
    return random.pick(oddSegments)
  })
}

/** A request for one route: bad body, path, query or headers, as one identity. */
export function httpCase(target: HttpTarget, random: Random, pools: IdPools): HttpCase {
  const method = target.method
  let path = fillPath(random, target, pools)
  const mutations: string[] = []
  if (random.chance(0.15)) {
    path += random.pick(oddQueries)
    mutations.push('odd-query')
  }
  const headers: Record<string, string> = {}
  let bearer = true
  if (random.chance(0.12)) {
    const odd = oddHeaders(random, pools)
    Object.assign(headers, odd.headers)
    bearer = odd.bearer
    mutations.push(odd.mutation)
  }
  let body: Buffer | undefined
  const bodySchema = target.definition?.schema.body as Schema | undefined
  if (target.definition?.multipart) {
    const multipart = multipartBody(random)
    body = multipart.body
    headers['content-type'] = multipart.contentType
    mutations.push(multipart.mutation)
  } else if (bodySchema) {
    const payload = generatePayload(bodySchema, random, pools)
    const text = toJsonText(payload.value)
    if (random.chance(0.15)) {
      const broken = brokenJson(random, text || '{}')
      body = broken.body
      if (broken.contentType) headers['content-type'] = broken.contentType
      mutations.push(broken.mutation)
    } else {
      body = Buffer.from(text)
      headers['content-type'] = 'application/json'
      mutations.push(payload.mutation)
    }
  } else if (method !== 'GET' && method !== 'HEAD' ? random.chance(0.5) : random.chance(0.1)) {
    const junk = random.chance(0.5) ? oddValue(random, pools) : Object.fromEntries(pollutionKeys.slice(0, random.between(1, 5)).map((key) => [key, oddValue(random, pools)]))
    body = Buffer.from(toJsonText(junk) || 'null')
    headers['content-type'] = 'application/json'
    mutations.push('unexpected-body')
  } else {
    mutations.push('plain')
  }
  return { method, path, headers, body, bearer, mutation: mutations.join('+') }
}

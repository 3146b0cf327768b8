import type { Random } from './prng'

/**
 * The ids and names the generators draw from: the attacker's own, the victim's (another user's
 * chats, lobby, requests, messages, share key) and ids nobody has. A payload that names the victim's
 * chat is as valid in shape as one naming the attacker's: only the server's rules refuse it.
 */
export interface IdPools {
  own: number[]
  others: number[]
  unknown: number[]
  emails: string[]
  /** Strings shaped like tokens and keys: random ones, and the victim's revoked or foreign ones. */
  tokens: string[]
}

/** A JSON schema as TypeBox builds it (plain JSON Schema keywords). */
export interface Schema {
  type?: string | string[]
  const?: unknown
  enum?: unknown[]
  anyOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  minItems?: number
  maxItems?: number
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  default?: unknown
}

/**
 * Nesting this many levels deep. Kept as a marker while a payload is built: the HTTP sender writes
 * it straight into the JSON text, the socket sender builds the nested value only when it sends.
 */
export class DeepNesting {
  constructor(
    readonly levels: number,
    readonly kind: 'array' | 'object',
  ) {}
}

/** A number written as JSON text that no JavaScript number prints as (1e999, -0.0, 20 digits). */
export class RawNumber {
  constructor(readonly text: string) {}
}

export type Path = Array<string | number>

/** One node of a generated value and the schema it was generated from. */
interface Node {
  path: Path
  schema: Schema
}

export const deepLevels = 10_000
export const hugeStringLength = 1024 * 1024

let hugeString: string | undefined
/** One megabyte of text (built once). */
export function huge(): string {
  hugeString ??= 'Ы'.repeat(hugeStringLength / 2)
  return hugeString
}

const oddStrings = [
  '',
  ' ',
  '   \t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800x',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d',
  '\ufeffbom',
  'e\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308',
  '👨‍👩‍👧‍👦🏳️‍🌈',
  'ｔｅｓｔ',
  'İıſK',
  '\uffff\ufffe',
  '\u0085\u2028\u2029',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '\\',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%s%s%s%n',
  '${7*7}{{7*7}}',
  '\r\nSet-Cookie: a=1',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0x10',
  '1e309',
  '١٢٣',
  'A'.repeat(129),
  'b'.repeat(257),
  'x'.repeat(5000),
  'שלום עולם',
  'Привіт',
  '__proto__',
  'constructor',
]

const oddNumbers: Array<number | RawNumber> = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  -2147483648,
  2147483647,
  2147483648,
  4294967296,
  2 ** 53,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
  1e-7,
  new RawNumber('1e999'),
  new RawNumber('-1e999'),
  new RawNumber('-0.0'),
  new RawNumber('1.0'),
  new RawNumber('1E0'),
  new RawNumber('9007199254740993'),
  new RawNumber('123456789012345678901234567890'),
]

/** Keys a careless merge would turn into a prototype change or a privilege. */
export const pollutionKeys = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'role_id', 'roleId', 'userId', 'user_id', 'id', 'toString', 'hasOwnProperty', '']

/** Sets a key as an own, enumerable property even when it is `__proto__`, so JSON.stringify writes it. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true })
}

function pollution(random: Random): Record<string, unknown> {
  const value: Record<string, unknown> = {}
  const key = random.pick(['__proto__', 'constructor', 'prototype'])
  if (key === 'constructor') setOwn(value, key, { prototype: { isAdmin: true, polluted: 1 } })
  else setOwn(value, key, { isAdmin: true, roleId: 3, polluted: 1, toString: 'x' })
  return value
}

/** A value of any JSON type, chosen to upset a parser, a validator or a query. */
export function oddValue(random: Random, pools: IdPools): unknown {
  switch (random.int(12)) {
    case 0:
    case 1:
    case 2:
      return random.pick(oddStrings)
    case 3:
    case 4:
      return random.pick(oddNumbers)
    case 5:
      return random.pick([null, true, false])
    case 6:
      return random.pick([[], {}, [null], [[]], { '': '' }, [1, 2, 3], { a: { b: { c: 1 } } }])
    case 7:
      return pollution(random)
    case 8:
      return random.pick([...pools.others, ...pools.unknown])
    case 9:
      return random.pick(pools.tokens)
    case 10:
      return random.chance(0.5) ? String(random.pick([...pools.others, ...pools.own])) : [random.pick(pools.others)]
    default:
      return random.pick(['a', 'hello', 'x y', 'Ok.', '1', 'en', 'uk'])
  }
}

/** Which JSON type a value has on the wire. */
function jsonType(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (value instanceof RawNumber) return 'number'
  if (value instanceof DeepNesting) return value.kind
  return typeof value
}

function sampleString(random: Random, schema: Schema, name: string, pools: IdPools): string {
  if (schema.format === 'email') return random.pick(pools.emails)
  if (/token|key|stream/i.test(name)) return random.pick(pools.tokens)
  if (/language|locale/i.test(name)) return random.pick(['en', 'uk', 'de', 'he', 'xx', 'en-US'])
  const min = schema.minLength ?? 0
  const max = Math.min(schema.maxLength ?? 24, 40)
  const length = Math.max(min, Math.min(max, random.between(min, Math.max(min, Math.min(max, 12)))))
  const letters = 'abcdefghijklmnopqrstuvwxyzАБВабвשלוםäöü0123456789_-. '
  let text = ''
  for (let index = 0; index < length; index += 1) text += letters[random.int(letters.length)]
  if (schema.pattern && text.trim() !== text) text = text.replace(/^ +| +$/g, 'a')
  return text
}

function sampleInteger(random: Random, schema: Schema, pools: IdPools): number {
  const min = schema.minimum ?? -1000
  const max = schema.maximum ?? 1000
  // Ids: a positive integer with a large range is someone's row.
  if (min >= 1 && max > 1000) {
    const pool = random.pick([pools.own, pools.others, pools.others, pools.unknown])
    return pool.length > 0 ? random.pick(pool) : 1
  }
  return random.between(Math.max(min, -1000), Math.min(max, 1000))
}

/**
 * A value the schema accepts, drawing ids from the pools (so some belong to another user), and the
 * list of its nodes with their schemas for the mutations to aim at.
 */
export function plausible(schema: Schema, random: Random, pools: IdPools, nodes: Node[] = [], path: Path = [], name = '', depth = 0): unknown {
  if (schema.anyOf && schema.anyOf.length > 0) return plausible(random.pick(schema.anyOf), random, pools, nodes, path, name, depth)
  nodes.push({ path, schema })
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return random.pick(schema.enum)
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type
  switch (type) {
    case 'undefined':
      return undefined
    case 'null':
      return null
    case 'boolean':
      return random.chance(0.5)
    case 'integer':
      return sampleInteger(random, schema, pools)
    case 'number':
      return random.chance(0.5) ? sampleInteger(random, schema, pools) : random.next() * 100
    case 'string':
      return sampleString(random, schema, name, pools)
    case 'array': {
      if (depth > 6 || !schema.items) return []
      const count = random.between(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3))
      return Array.from({ length: count }, (_, index) => plausible(schema.items as Schema, random, pools, nodes, [...path, index], name, depth + 1))
    }
    case 'object': {
      const value: Record<string, unknown> = {}
      if (depth > 6) return value
      const required = new Set(schema.required ?? [])
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (!required.has(key) && random.chance(0.5)) continue
        const child = plausible(property, random, pools, nodes, [...path, key], key, depth + 1)
        if (child !== undefined) value[key] = child
      }
      return value
    }
    default:
      // A schema with no type (Type.Unknown, Type.Any): any value.
      return random.pick(['x', 1, true, null, {}])
  }
}

function getAt(root: unknown, path: Path): unknown {
  let value = root
  for (const key of path) value = (value as Record<string | number, unknown> | undefined)?.[key]
  return value
}

/** Replaces the value at `path` (the root when the path is empty) and returns the new root. */
function setAt(root: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement
  const parent = getAt(root, path.slice(0, -1))
  if (parent && typeof parent === 'object') setOwn(parent as Record<string, unknown>, String(path.at(-1)), replacement)
  return root
}

export type Mutation =
  | 'valid'
  | 'foreign-id'
  | 'boundary'
  | 'wrong-type'
  | 'missing-field'
  | 'extra-field'
  | 'prototype'
  | 'huge-string'
  | 'deep-nesting'
  | 'odd-number'
  | 'odd-string'
  | 'odd-root'
  | 'wide'

const mutations: Array<[Mutation, number]> = [
  ['valid', 4],
  ['foreign-id', 8],
  ['boundary', 8],
  ['wrong-type', 12],
  ['missing-field', 6],
  ['extra-field', 8],
  ['prototype', 6],
  ['huge-string', 3],
  ['deep-nesting', 3],
  ['odd-number', 10],
  ['odd-string', 12],
  ['odd-root', 8],
  ['wide', 2],
]
const totalWeight = mutations.reduce((sum, [, weight]) => sum + weight, 0)

function pickMutation(random: Random): Mutation {
  let roll = random.next() * totalWeight
  for (const [mutation, weight] of mutations) {
    roll -= weight
    if (roll < 0) return mutation
  }
  return 'wrong-type'
}

function boundaryValue(random: Random, schema: Schema): unknown {
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = schema.minimum ?? 0
    const max = schema.maximum ?? 2147483647
    return random.pick([min - 1, max + 1, min, max, min + 0.5, -max, Number.MAX_SAFE_INTEGER])
  }
  if (schema.type === 'string') {
    const max = schema.maxLength ?? 256
    const min = schema.minLength ?? 0
    return random.pick(['x'.repeat(max + 1), 'x'.repeat(Math.max(0, min - 1)), 'Ы'.repeat(max), '😀'.repeat(max), ' '.repeat(Math.max(min, 1))])
  }
  if (schema.type === 'array') return Array.from({ length: (schema.maxItems ?? 100) + 1 }, (_, index) => index + 1)
  return null
}

export interface Payload {
  value: unknown
  mutation: Mutation
}

/** A bad (now and then a valid) payload for a schema. */
export function generatePayload(schema: Schema, random: Random, pools: IdPools): Payload {
  const nodes: Node[] = []
  let value = plausible(schema, random, pools, nodes)
  const mutation = pickMutation(random)
  const node = random.pick(nodes)
  const objects = nodes.filter((candidate) => jsonType(getAt(value, candidate.path)) === 'object')
  switch (mutation) {
    case 'valid':
      break
    case 'foreign-id': {
      const ids = nodes.filter((candidate) => candidate.schema.type === 'integer')
      const target = ids.length > 0 ? random.pick(ids) : node
      value = setAt(value, target.path, random.pick([...pools.others, ...pools.unknown]))
      break
    }
    case 'boundary':
      value = setAt(value, node.path, boundaryValue(random, node.schema))
      break
    case 'wrong-type': {
      const current = jsonType(getAt(value, node.path))
      let replacement = oddValue(random, pools)
      for (let attempt = 0; attempt < 5 && jsonType(replacement) === current; attempt += 1) replacement = oddValue(random, pools)
      value = setAt(value, node.path, replacement)
      break
    }
    case 'missing-field': {
      const withKeys = objects.filter((candidate) => Object.keys(getAt(value, candidate.path) as object).length > 0)
      if (withKeys.length === 0) {
        value = random.pick([undefined, {}, null])
        break
      }
      const target = getAt(value, random.pick(withKeys).path) as Record<string, unknown>
      delete target[random.pick(Object.keys(target))]
      break
    }
    case 'extra-field': {
      const target = objects.length > 0 ? (getAt(value, random.pick(objects).path) as Record<string, unknown>) : undefined
      if (!target) {
        value = { value, extra: oddValue(random, pools) }
        break
      }
      setOwn(target, random.pick(pollutionKeys.concat(['extra', 'admin', 'ok'])), oddValue(random, pools))
      break
    }
    case 'prototype': {
      const target = objects.length > 0 ? (getAt(value, random.pick(objects).path) as Record<string, unknown>) : undefined
      const polluted = pollution(random)
      if (!target) value = polluted
      else for (const key of Object.keys(polluted)) setOwn(target, key, polluted[key])
      break
    }
    case 'huge-string':
      value = setAt(value, node.path, random.chance(0.5) ? huge() : 'y'.repeat(random.pick([60_000, 200_000])))
      break
    case 'deep-nesting':
      value = setAt(value, node.path, new DeepNesting(deepLevels, random.chance(0.5) ? 'array' : 'object'))
      break
    case 'odd-number':
      value = setAt(value, node.path, random.pick(oddNumbers))
      break
    case 'odd-string':
      value = setAt(value, node.path, random.pick(oddStrings))
      break
    case 'odd-root':
      value = random.pick<unknown>([null, [], '', 0, true, 'x', [value], [value, value], JSON.stringify(value ?? null), { payload: value }, new DeepNesting(deepLevels, 'array')])
      break
    case 'wide': {
      // Breadth instead of depth: a 100,000-element array or an object of 10,000 keys.
      if (random.chance(0.5)) value = setAt(value, node.path, Array.from({ length: 100_000 }, () => 0))
      else {
        const wide: Record<string, number> = {}
        for (let index = 0; index < 10_000; index += 1) wide[`k${index}`] = index
        value = setAt(value, node.path, wide)
      }
      break
    }
  }
  return { value, mutation }
}

/** The nested value a DeepNesting stands for, built without recursion. */
export function buildDeep(marker: DeepNesting): unknown {
  let value: unknown = 0
  for (let level = 0; level < marker.levels; level += 1) value = marker.kind === 'array' ? [value] : { a: value }
  return value
}

/** The same payload with its markers replaced by real values, for the socket client to send. */
export function materialise(value: unknown): unknown {
  if (value instanceof DeepNesting) return buildDeep(value)
  if (value instanceof RawNumber) return Number(value.text)
  if (Array.isArray(value)) return value.map(materialise)
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const copy: Record<string, unknown> = {}
    for (const key of Object.keys(value)) setOwn(copy, key, materialise((value as Record<string, unknown>)[key]))
    return copy
  }
  return value
}

/**
 * The payload as JSON text, markers written in place: 10,000 brackets, `1e999`. JSON.stringify of
 * the rest; each marker is swapped in after its placeholder string.
 */
export function toJsonText(value: unknown): string {
  const inserts: string[] = []
  const text = JSON.stringify(value, function (this: unknown, _key, current: unknown) {
    if (current instanceof DeepNesting) {
      inserts.push(current.kind === 'array' ? '['.repeat(current.levels) + '0' + ']'.repeat(current.levels) : '{"a":'.repeat(current.levels) + '0' + '}'.repeat(current.levels))
      return `\u0001fuzz-insert-${inserts.length - 1}\u0001`
    }
    if (current instanceof RawNumber) {
      inserts.push(current.text)
      return `\u0001fuzz-insert-${inserts.length - 1}\u0001`
    }
    return current
  })
  if (text === undefined) return ''
  return text.replace(/"\\u0001fuzz-insert-(\d+)\\u0001"/g, (_match, index: string) => inserts[Number(index)] ?? 'null')
}

/** A short, printable description of a payload for the report. */
export function preview(value: unknown, limit = 160): string {
  let text: string
  try {
    text = toJsonText(value)
  } catch (error) {
    text = `<unprintable: ${(error as Error).message}>`
  }
  if (text.length <= limit) return text
  return `${text.slice(0, limit)}… (${text.length} chars)`
}

import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'

/**
 * Which proxies in front of the server are believed about the client's address (`X-Forwarded-For`)
 * and protocol (`X-Forwarded-Proto`): none (`false`), every one (`true`), the nearest N hops
 * whatever their address, or the proxies at these addresses and CIDR ranges (also `loopback`,
 * `linklocal`, `uniquelocal`).
 */
export type TrustProxy = boolean | number | readonly string[]

/** Whether the proxy at `address`, `hop` steps from the server (0: the direct peer), is trusted. */
export type TrustFunction = (address: string, hop: number) => boolean

/**
 * The one trust rule, given to Fastify (`request.ip`, `request.protocol`) and used for Socket.IO
 * handshakes, so both see the same client. Fastify itself refuses a bare hop count (it cannot tell a
 * proxy from a client that reached the server directly); here a count trusts the nearest hops, which
 * is right only where the server cannot be reached but through them, as the README says.
 */
export function compileTrustProxy(setting: TrustProxy): TrustFunction {
  if (setting === true) return () => true
  if (setting === false) return () => false
  if (typeof setting === 'number') return (_address, hop) => hop < setting
  const trusted = proxyAddr.compile([...setting])
  return (address, hop) => trusted(address, hop)
}

/**
 * Parses TRUST_PROXY: unset, `false` or `0` trusts no proxy; `true` every one; a whole number that
 * many hops; otherwise a comma-separated list of addresses and CIDR ranges. Throws on anything else.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? ''
  if (value === '' || value === 'false' || value === '0') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value)
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean)
  // proxy-addr throws on an address or range it cannot read: a typo fails the start, not every request.
  proxyAddr.compile(entries)
  return entries
}

/** Anything that carries the raw HTTP request it came with: a Fastify request (`raw`) or a Socket.IO socket (`request`, its handshake). */
export type AddressSource = { raw: IncomingMessage } | { request: IncomingMessage }

/**
 * The client's address under the trust rule: the nearest address in the forwarding chain that is
 * not a trusted proxy, or the direct peer when no proxy is trusted.
 */
export function clientAddressOf(source: AddressSource, trust: TrustFunction): string {
  const request = 'raw' in source ? source.raw : source.request
  return proxyAddr(request, trust)
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The client's address of an HTTP request or of a Socket.IO socket's handshake, under
     * TRUST_PROXY: for per-address limits that HTTP and sockets count alike.
     */
    clientAddress(source: AddressSource): string
  }
}

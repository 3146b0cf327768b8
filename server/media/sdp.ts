import type { VideoCodec } from './codecs'

/**
 * The SDP the media server reads (the publisher's offer) and edits (its own answers and offers
 * before they leave): line-based, no full SDP model, only what the SFU needs.
 */

export type Direction = 'sendonly' | 'recvonly' | 'sendrecv' | 'inactive'

export interface SdpCodec {
  payloadType: number
  /** Lower case: `vp8`, `h264`, `opus`, `rtx`, ... */
  name: string
  clockRate: number
  fmtp: string
}

export interface SdpMediaSection {
  kind: string
  port: number
  mid: string | null
  direction: Direction
  /** Payload types in the order of the m= line. */
  payloadTypes: number[]
  codecs: SdpCodec[]
  extensions: Array<{ id: number; uri: string }>
  /** Media SSRCs (not the retransmission or FEC SSRCs of an ssrc-group). */
  ssrcs: number[]
  msid: string | null
}

export const audioLevelUri = 'urn:ietf:params:rtp-hdrext:ssrc-audio-level'
const transportCcUri = 'http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01'

const directions = new Set<Direction>(['sendonly', 'recvonly', 'sendrecv', 'inactive'])

function splitLines(sdp: string): string[] {
  return sdp.split(/\r?\n/).filter((line) => line.length > 0)
}

/** Reads the media sections of an SDP; throws on text that is not SDP at all. */
export function parseSdp(sdp: string): SdpMediaSection[] {
  const lines = splitLines(sdp)
  if (lines[0] !== 'v=0') throw new Error('not an SDP')
  let sessionDirection: Direction = 'sendrecv'
  const sections: SdpMediaSection[] = []
  const secondary = new Set<number>()
  let section: SdpMediaSection | null = null
  for (const line of lines) {
    if (line.startsWith('m=')) {
      const [kind = '', port = '0', , ...formats] = line.slice(2).split(' ')
      section = {
        kind,
        port: Number(port),
        mid: null,
        direction: sessionDirection,
        payloadTypes: formats.map(Number).filter((value) => Number.isInteger(value)),
        codecs: [],
        extensions: [],
        ssrcs: [],
        msid: null,
      }
      sections.push(section)
      continue
    }
    if (!line.startsWith('a=')) continue
    const attribute = line.slice(2)
    const colon = attribute.indexOf(':')
    const name = colon < 0 ? attribute : attribute.slice(0, colon)
    const value = colon < 0 ? '' : attribute.slice(colon + 1)
    if (directions.has(name as Direction)) {
      if (section) section.direction = name as Direction
      else sessionDirection = name as Direction
      continue
    }
    if (!section) continue
    switch (name) {
      case 'mid':
        section.mid = value.trim()
        break
      case 'msid':
        section.msid = value.trim()
        break
      case 'rtpmap': {
        const match = /^(\d+)\s+([^/\s]+)\/(\d+)/.exec(value)
        if (match) section.codecs.push({ payloadType: Number(match[1]), name: (match[2] as string).toLowerCase(), clockRate: Number(match[3]), fmtp: '' })
        break
      }
      case 'fmtp': {
        const match = /^(\d+)\s+(.*)$/.exec(value)
        const codec = match ? section.codecs.find((candidate) => candidate.payloadType === Number(match[1])) : undefined
        if (codec && match) codec.fmtp = (match[2] as string).trim()
        break
      }
      case 'extmap': {
        const match = /^(\d+)(?:\/\w+)?\s+(\S+)/.exec(value)
        if (match) section.extensions.push({ id: Number(match[1]), uri: match[2] as string })
        break
      }
      case 'ssrc-group': {
        // FID (retransmission) and FEC-FR groups: every SSRC after the first is not a media SSRC.
        const [, ...members] = value.trim().split(/\s+/)
        members.slice(1).forEach((member) => secondary.add(Number(member)))
        break
      }
      case 'ssrc': {
        const ssrc = Number(value.split(' ')[0])
        if (Number.isInteger(ssrc) && !section.ssrcs.includes(ssrc)) section.ssrcs.push(ssrc)
        break
      }
    }
  }
  for (const each of sections) each.ssrcs = each.ssrcs.filter((ssrc) => !secondary.has(ssrc))
  return sections
}

function fmtpParameters(fmtp: string): Map<string, string> {
  const parameters = new Map<string, string>()
  for (const part of fmtp.split(';')) {
    const [key, value = ''] = part.split('=')
    if (key) parameters.set(key.trim().toLowerCase(), value.trim().toLowerCase())
  }
  return parameters
}

/** The codec the SFU takes from a publisher's video section: VP8 if offered, else H.264 (packetization mode 1, baseline first). */
export function chooseVideoCodec(section: SdpMediaSection): { codec: VideoCodec; payloadType: number } | null {
  const vp8 = section.codecs.find((codec) => codec.name === 'vp8')
  if (vp8) return { codec: 'vp8', payloadType: vp8.payloadType }
  const h264 = section.codecs.filter((codec) => codec.name === 'h264' && fmtpParameters(codec.fmtp).get('packetization-mode') === '1')
  const rank = (codec: SdpCodec) => {
    const profile = fmtpParameters(codec.fmtp).get('profile-level-id') ?? ''
    return profile.startsWith('42e0') ? 0 : profile.startsWith('4200') ? 1 : 2
  }
  const best = h264.sort((a, b) => rank(a) - rank(b))[0]
  return best ? { codec: 'h264', payloadType: best.payloadType } : null
}

export function chooseAudioCodec(section: SdpMediaSection): { payloadType: number } | null {
  const opus = section.codecs.find((codec) => codec.name === 'opus' && codec.clockRate === 48000)
  return opus ? { payloadType: opus.payloadType } : null
}

export function extensionId(section: SdpMediaSection, uri: string): number {
  return section.extensions.find((extension) => extension.uri === uri)?.id ?? 0
}

/** The one ICE candidate the server announces: the shared UDP port at the configured public address. */
export function announcedCandidate(publicIp: string, port: number): string {
  return `candidate:1 1 udp 2130706431 ${publicIp} ${port} typ host`
}

interface Block {
  header: string[]
  sections: string[][]
}

function blocks(sdp: string): Block {
  const header: string[] = []
  const sections: string[][] = []
  for (const line of splitLines(sdp)) {
    if (line.startsWith('m=')) sections.push([line])
    else if (sections.length > 0) (sections[sections.length - 1] as string[]).push(line)
    else header.push(line)
  }
  return { header, sections }
}

function join(block: Block): string {
  return [...block.header, ...block.sections.flat()].join('\r\n') + '\r\n'
}

function midOf(section: string[]): string | null {
  const line = section.find((each) => each.startsWith('a=mid:'))
  return line ? line.slice(6).trim() : null
}

function withoutCandidates(section: string[]): string[] {
  return section.filter((line) => !line.startsWith('a=candidate:') && line !== 'a=end-of-candidates')
}

/** Replaces every candidate line with the announced one (the server never trickles its own). */
function announce(section: string[], candidate: string): string[] {
  const kept = withoutCandidates(section)
  if (section[0]?.startsWith('m=application') || /^m=\w+ 0 /.test(section[0] ?? '')) return kept
  return [...kept, `a=${candidate}`, 'a=end-of-candidates']
}

/**
 * The server's answer to a publish offer, made safe for a browser:
 * - each media section keeps only the payload type the SFU chose (no RTX, RED, FEC, comfort noise),
 * - transport-cc is removed (the server does not send that feedback; a browser that expects it
 *   collapses its bandwidth estimate), so the browser relies on REMB and receiver reports,
 * - sections are receive-only,
 * - the only candidate is the announced address.
 */
export function rewritePublishAnswer(answer: string, chosen: ReadonlyMap<string, number>, candidate: string): string {
  const block = blocks(answer)
  block.sections = block.sections.map((section) => {
    const mid = midOf(section)
    const payloadType = mid === null ? undefined : chosen.get(mid)
    let lines = section
    if (payloadType !== undefined) {
      const keep = (line: string) => {
        const match = /^a=(rtpmap|fmtp|rtcp-fb):(\d+|\*)\s/.exec(line)
        return !match || match[2] === '*' || Number(match[2]) === payloadType
      }
      const [first = '', ...rest] = lines
      const [kind, port, protocol] = first.slice(2).split(' ')
      lines = [`m=${kind} ${port} ${protocol} ${payloadType}`, ...rest.filter(keep)]
    }
    lines = lines
      .filter((line) => !/^a=rtcp-fb:\S+ transport-cc/.test(line) && !(line.startsWith('a=extmap:') && line.includes(transportCcUri)))
      .map((line) => (line === 'a=sendrecv' ? 'a=recvonly' : line))
    return announce(lines, candidate)
  })
  return join(block)
}

/**
 * The server's own offer (subscribe connection), without any candidate: the server sends its one
 * candidate only after it applied the answer. A client that knew the address earlier would start
 * connectivity checks at once, the server's ICE would connect before its DTLS knows the client's
 * fingerprint and role, and the handshake would fail (libdatachannel does not hold early DTLS packets).
 */
export function rewriteServerOffer(offer: string): string {
  const block = blocks(offer)
  block.sections = block.sections.map(withoutCandidates)
  return join(block)
}

import { describe, expect, it } from 'vitest'
import { planPublish } from '../../../../server/media/peer'
import { announcedCandidate, chooseVideoCodec, parseSdp, rewritePublishAnswer, rewriteServerOffer } from '../../../../server/media/sdp'

/** The shape of a Chromium publish offer: Opus with RED and comfort noise, VP8/VP9/H.264 with RTX, transport-cc. */
const chromiumOffer = [
  'v=0',
  'o=- 4611731400430051336 2 IN IP4 127.0.0.1',
  's=-',
  't=0 0',
  'a=group:BUNDLE 0 1',
  'a=msid-semantic: WMS stream',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63 13',
  'c=IN IP4 0.0.0.0',
  'a=ice-ufrag:abcd',
  'a=ice-pwd:abcdefghijklmnopqrstuvwx',
  'a=fingerprint:sha-256 00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF',
  'a=setup:actpass',
  'a=mid:0',
  'a=extmap:1 urn:ietf:params:rtp-hdrext:ssrc-audio-level',
  'a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01',
  'a=sendonly',
  'a=msid:stream mic',
  'a=rtcp-mux',
  'a=rtpmap:111 opus/48000/2',
  'a=rtcp-fb:111 transport-cc',
  'a=fmtp:111 minptime=10;useinbandfec=1',
  'a=rtpmap:63 red/48000/2',
  'a=fmtp:63 111/111',
  'a=rtpmap:13 CN/8000',
  'a=ssrc:1001 cname:x',
  'a=ssrc:1001 msid:stream mic',
  'm=video 9 UDP/TLS/RTP/SAVPF 96 97 98 99 102 103',
  'c=IN IP4 0.0.0.0',
  'a=mid:1',
  'a=extmap:3 http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01',
  'a=sendonly',
  'a=msid:stream cam',
  'a=rtcp-mux',
  'a=rtcp-rsize',
  'a=rtpmap:96 VP8/90000',
  'a=rtcp-fb:96 goog-remb',
  'a=rtcp-fb:96 transport-cc',
  'a=rtcp-fb:96 ccm fir',
  'a=rtcp-fb:96 nack',
  'a=rtcp-fb:96 nack pli',
  'a=rtpmap:97 rtx/90000',
  'a=fmtp:97 apt=96',
  'a=rtpmap:98 VP9/90000',
  'a=rtcp-fb:98 nack',
  'a=rtpmap:99 rtx/90000',
  'a=fmtp:99 apt=98',
  'a=rtpmap:102 H264/90000',
  'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42001f',
  'a=rtpmap:103 H264/90000',
  'a=fmtp:103 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
  'a=ssrc-group:FID 2001 2002',
  'a=ssrc:2001 cname:x',
  'a=ssrc:2002 cname:x',
  '',
].join('\r\n')

describe('SDP reading', () => {
  it('reads sections, codecs, extensions and media SSRCs (not the RTX ones)', () => {
    const [audio, video] = parseSdp(chromiumOffer)
    expect(audio).toMatchObject({ kind: 'audio', mid: '0', direction: 'sendonly', ssrcs: [1001] })
    expect(audio?.extensions).toContainEqual({ id: 1, uri: 'urn:ietf:params:rtp-hdrext:ssrc-audio-level' })
    expect(video).toMatchObject({ kind: 'video', mid: '1', payloadTypes: [96, 97, 98, 99, 102, 103], ssrcs: [2001] })
    expect(video?.codecs.find((codec) => codec.payloadType === 103)).toMatchObject({ name: 'h264', clockRate: 90000, fmtp: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f' })
  })

  it('refuses text that is not SDP', () => {
    expect(() => parseSdp('hello')).toThrow()
  })

  it('prefers VP8, else constrained-baseline H.264 in packetization mode 1', () => {
    const video = parseSdp(chromiumOffer)[1]!
    expect(chooseVideoCodec(video)).toEqual({ codec: 'vp8', payloadType: 96 })
    const withoutVp8 = { ...video, codecs: video.codecs.filter((codec) => codec.name !== 'vp8') }
    expect(chooseVideoCodec(withoutVp8)).toEqual({ codec: 'h264', payloadType: 103 })
    expect(chooseVideoCodec({ ...video, codecs: video.codecs.filter((codec) => codec.name === 'vp9') })).toBeNull()
  })
})

describe('publish plans', () => {
  it('maps sections by mid to what the client declared', () => {
    const plan = planPublish(chromiumOffer, [
      { mid: '1', source: 'camera', quality: 'low' },
      { mid: '0', source: 'microphone' },
    ])
    expect(plan.get('0')).toMatchObject({ kind: 'audio', codec: 'opus', payloadType: 111, audioLevelExtension: 1 })
    expect(plan.get('1')).toMatchObject({ kind: 'video', quality: 'low', codec: 'vp8', payloadType: 96 })
  })

  it('takes a single undeclared camera as high quality', () => {
    expect(planPublish(chromiumOffer, undefined).get('1')?.quality).toBe('high')
  })

  it('needs a declaration for two camera sections, and refuses mismatches and duplicates', () => {
    const twoCameras = chromiumOffer.replace('a=group:BUNDLE 0 1', 'a=group:BUNDLE 0 1 2') + chromiumOffer.slice(chromiumOffer.indexOf('m=video')).replace('a=mid:1', 'a=mid:2').replace(/2001/g, '3001').replace(/2002/g, '3002')
    expect(() => planPublish(twoCameras, undefined)).toThrow(/declaration/)
    expect(() => planPublish(twoCameras, [{ mid: '1', source: 'camera', quality: 'high' }, { mid: '2', source: 'camera', quality: 'high' }])).toThrow(/two camera/)
    const plan = planPublish(twoCameras, [{ mid: '1', source: 'camera', quality: 'high' }, { mid: '2', source: 'camera', quality: 'low' }])
    expect([...plan.values()].map((track) => track.quality)).toEqual([null, 'high', 'low'])
    expect(() => planPublish(chromiumOffer, [{ mid: '0', source: 'camera' }])).toThrow(/declared/)
  })

  it('publishes nothing from receive-only sections', () => {
    expect(() => planPublish(chromiumOffer.replace(/a=sendonly/g, 'a=recvonly'), undefined)).toThrow(/nothing/)
  })
})

describe('SDP the server sends', () => {
  const candidate = announcedCandidate('203.0.113.7', 40000)

  it('answers a publisher with one codec per section, no transport-cc, receive-only, and the announced candidate', () => {
    // What libdatachannel answers: it echoes the offer's codecs and feedback.
    const answer = chromiumOffer
      .replace('a=setup:actpass', 'a=setup:active')
      .replace(/a=sendonly/g, 'a=sendrecv')
      .replace('a=mid:0', 'a=mid:0\r\na=candidate:1 1 UDP 2122317823 192.0.2.2 40000 typ host\r\na=end-of-candidates')
    const rewritten = rewritePublishAnswer(answer, new Map([['0', 111], ['1', 96]]), candidate)
    const [audio, video] = parseSdp(rewritten)
    expect(audio?.payloadTypes).toEqual([111])
    expect(video?.payloadTypes).toEqual([96])
    expect(video?.codecs.map((codec) => codec.name)).toEqual(['vp8'])
    expect(rewritten).not.toContain('transport-cc')
    expect(rewritten).not.toContain('transport-wide-cc')
    expect(rewritten).toContain('a=rtcp-fb:96 goog-remb')
    expect(rewritten).toContain('a=rtcp-fb:96 nack pli')
    expect(rewritten).not.toContain('apt=96')
    expect(rewritten).not.toContain('192.0.2.2')
    expect(rewritten.match(/a=candidate:1 1 udp 2130706431 203\.0\.113\.7 40000 typ host/g)).toHaveLength(2)
    expect(audio?.direction).toBe('recvonly')
    expect(video?.direction).toBe('recvonly')
    expect(rewritten.endsWith('\r\n')).toBe(true)
  })

  it('sends its own offers without candidates (the candidate follows the answer)', () => {
    const offer = ['v=0', 'o=rtc 1 0 IN IP4 127.0.0.1', 's=-', 't=0 0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=mid:v0', 'a=sendonly', 'a=candidate:2 1 UDP 2116026111 fd00::2 51898 typ host', 'a=end-of-candidates', ''].join('\r\n')
    const rewritten = rewriteServerOffer(offer)
    expect(rewritten).not.toContain('candidate')
    expect(rewritten).toBe(['v=0', 'o=rtc 1 0 IN IP4 127.0.0.1', 's=-', 't=0 0', 'm=video 9 UDP/TLS/RTP/SAVPF 96', 'a=mid:v0', 'a=sendonly', ''].join('\r\n'))
  })
})

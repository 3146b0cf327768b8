import type { MediaKind, PublishedTrack, SubscribedTrack, VideoQuality } from '../../server/contract/rtc'

/** Whose media a section of the subscribe connection carries. */
export interface SectionOwner {
  peerId: string
  kind: MediaKind
}

/**
 * Adds the sections of a subscribe offer to what is known (sections are matched by `mid`, never by
 * their order; a section keeps its `mid` for the whole connection and may carry a seat again later).
 */
export function mapSubscribedSections(known: ReadonlyMap<string, SectionOwner>, tracks: readonly SubscribedTrack[]): Map<string, SectionOwner> {
  const next = new Map(known)
  for (const track of tracks) next.set(track.mid, { peerId: track.peerId, kind: track.kind })
  return next
}

/** One section the publish connection sends: the microphone, or the camera in one quality. */
export interface PublishedSection {
  mid: string | null
  source: PublishedTrack['source']
  quality?: VideoQuality
}

/** What the publish offer declares about its sections; a section without a `mid` yet is left out. */
export function declarePublishedTracks(sections: readonly PublishedSection[]): PublishedTrack[] {
  const tracks: PublishedTrack[] = []
  for (const section of sections) {
    if (!section.mid) continue
    tracks.push(section.source === 'camera' ? { mid: section.mid, source: 'camera', quality: section.quality ?? 'high' } : { mid: section.mid, source: 'microphone' })
  }
  return tracks
}

/** The low camera quality: about 320x180, whatever the camera gives. */
export const lowVideoWidth = 320

/** How much the low section scales the camera down (at least 1: never up). */
export function lowScaleFactor(cameraWidth: number | undefined): number {
  if (!cameraWidth || !Number.isFinite(cameraWidth) || cameraWidth <= lowVideoWidth) return 1
  return cameraWidth / lowVideoWidth
}

/** Bit rate caps of the two camera sections (the server asks for at most 2 Mbit/s in all). */
export const videoBitrates = { high: 1_500_000, low: 200_000 } as const

import { closeSync, existsSync, openSync, renameSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * The camera of the browsers that play at a table: a 640x360 clip (two seconds of bars moving
 * across a gradient, looped) instead of Chromium's built-in pattern at the 1280x720 the app asks
 * for. Every page at a table encodes its camera twice and decodes every other seat's, in software
 * on two cores, and four browsers keep both cores busy: a smaller, slower camera leaves them more
 * room. 640x360 is still above the low layer's 320x180, so the two qualities stay distinct.
 */
const width = 640
const height = 360

/** Writes the clip once per machine (YUV4MPEG2, 4:2:0, the format Chromium's file camera reads) and returns its path. */
function clipPath(fps: number): string {
  const path = join(tmpdir(), `mafia-table-camera-${width}x${height}-${fps}.y4m`)
  if (existsSync(path)) return path
  const frames = fps * 2
  const file = openSync(`${path}.${process.pid}`, 'w')
  writeSync(file, `YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)
  const luma = Buffer.alloc(width * height)
  const chroma = Buffer.alloc((width / 2) * (height / 2))
  for (let frame = 0; frame < frames; frame += 1) {
    const offset = Math.round((frame / frames) * width)
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) luma[y * width + x] = ((x + offset) % width) < 80 ? 235 : 16 + Math.round((y / height) * 200)
    }
    writeSync(file, 'FRAME\n')
    writeSync(file, luma)
    chroma.fill(96 + ((frame * 4) % 64))
    writeSync(file, chroma)
    chroma.fill(160)
    writeSync(file, chroma)
  }
  closeSync(file)
  // Renamed into place whole, so a run reading it meanwhile never sees half a clip.
  renameSync(`${path}.${process.pid}`, path)
  return path
}

/** Chromium's switches for a fake camera playing the clip at `fps` frames a second, a fake microphone, and no permission prompts. */
export function fakeMediaArgs(fps: number): string[] {
  return ['--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clipPath(fps)}`, '--use-fake-ui-for-media-stream']
}

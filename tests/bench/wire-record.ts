import { closeSync, openSync, readFileSync, writeSync } from 'node:fs'

/**
 * The game's pushes as they came off the wire, kept for the relay to send again byte for byte
 * (`bench:game`), and the server's statements until they are grouped (`statement-counter.ts`).
 * Hundreds of thousands of texts kept on the JavaScript heap would be copied by the process's
 * young-generation collections while the game plays, and those pauses lengthen every latency
 * measured; so the texts are written, as UTF-8, into large buffers outside the heap, and only their
 * places are kept.
 */

/** Bytes per buffer: a text never spans two, and the last buffer's tail is left unused. */
const chunkBytes = 64 * 1024 * 1024

/** Where a recorded text lies: its first byte's offset (in the file `save` writes) and its length in bytes. */
export interface WirePlace {
  offset: number
  length: number
}

/**
 * The client's side: records texts while a run plays, then writes them to a file for the server.
 * Both runs of `bench:game` record what their viewers receive, so that the clients do the same work
 * in both, and the relay's texts can be checked against the game's (`sameText`).
 */
export class WireRecorder {
  private readonly chunks: Buffer[] = []
  /** Buffers allocated up front and not written yet. */
  private readonly spare: Buffer[] = []
  private used = chunkBytes

  /**
   * `expectedBytes`: the buffers for that many bytes are allocated now. A buffer allocated while a
   * run plays counts as memory outside the heap that the engine has just taken, and made it collect
   * the whole heap then (a pause of 20-40 ms in the run measured).
   */
  constructor(expectedBytes = 0) {
    for (let bytes = 0; bytes < expectedBytes; bytes += chunkBytes) this.spare.push(Buffer.allocUnsafe(chunkBytes))
  }

  /**
   * Keeps `text` as UTF-8. Room is made for the most it can take (three bytes per UTF-16 unit), so
   * the text is encoded once, by the write, rather than measured first and then written.
   */
  record(text: string): WirePlace {
    const most = text.length * 3
    if (most > chunkBytes) throw new Error(`a text of ${text.length} characters may be larger than the recorder's buffers`)
    if (this.used + most > chunkBytes) {
      this.chunks.push(this.spare.pop() ?? Buffer.allocUnsafe(chunkBytes))
      this.used = 0
    }
    const offset = (this.chunks.length - 1) * chunkBytes + this.used
    const length = (this.chunks.at(-1) as Buffer).write(text, this.used)
    this.used += length
    return { offset, length }
  }

  /** The bytes recorded at this place (a view, not a copy). */
  bytes(place: WirePlace): Buffer {
    const chunk = this.chunks[Math.floor(place.offset / chunkBytes)]
    if (!chunk) throw new Error(`nothing was recorded at ${place.offset}`)
    const start = place.offset % chunkBytes
    return chunk.subarray(start, start + place.length)
  }

  /** Whether the text at `place` here is, byte for byte, the text at `other` in `recorder`. */
  sameText(place: WirePlace, recorder: WireRecorder, other: WirePlace): boolean {
    return place.length === other.length && this.bytes(place).equals(recorder.bytes(other))
  }

  /** Writes every recorded text to `file`, each at its offset (the buffers' unused tails stay holes). */
  save(file: string): void {
    const fd = openSync(file, 'w')
    try {
      this.chunks.forEach((chunk, index) => {
        const bytes = index === this.chunks.length - 1 ? this.used : chunkBytes
        writeSync(fd, chunk, 0, bytes, index * chunkBytes)
      })
    } finally {
      closeSync(fd)
    }
  }
}

/** The server's side: the texts of a recording, read from the file `WireRecorder.save` wrote. */
export class WireRecording {
  private readonly bytes: Buffer

  constructor(file: string) {
    this.bytes = readFileSync(file)
  }

  /** The text of `length` bytes at `offset`. */
  text(offset: number, length: number): string {
    return this.bytes.toString('utf8', offset, offset + length)
  }
}

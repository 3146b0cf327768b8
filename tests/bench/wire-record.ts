import { closeSync, openSync, readFileSync, writeSync } from 'node:fs'

/**
 * The game's pushes as they came off the wire, kept for the relay to send again byte for byte
 * (`bench:game`). Hundreds of thousands of texts kept on the JavaScript heap would be copied by the
 * client process's young-generation collections while the game plays, and those pauses lengthen
 * every latency the client records; so the texts are written, as UTF-8, into large buffers outside
 * the heap, and only their places are kept.
 */

/** Bytes per buffer: a text never spans two, and the last buffer's tail is left unused. */
const chunkBytes = 64 * 1024 * 1024

/** The client's side: records texts while a run plays, then writes them to a file for the server. */
export class WireRecorder {
  private readonly chunks: Buffer[] = []
  private used = chunkBytes

  /** Keeps `text`, `length` bytes in UTF-8, and answers the offset of its first byte (in the file `save` writes). */
  record(text: string, length: number): number {
    if (length > chunkBytes) throw new Error(`a push of ${length} bytes is larger than the recorder's buffers`)
    if (this.used + length > chunkBytes) {
      this.chunks.push(Buffer.allocUnsafe(chunkBytes))
      this.used = 0
    }
    const offset = (this.chunks.length - 1) * chunkBytes + this.used
    ;(this.chunks.at(-1) as Buffer).write(text, this.used)
    this.used += length
    return offset
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

/**
 * The last N packets of one incoming stream, by sequence number, for answering NACKs: a fixed ring
 * (N a power of two) where a slot holds the packet whose sequence number maps to it, or nothing.
 */
export class PacketRing<T> {
  private readonly mask: number
  private readonly sequences: Int32Array
  private readonly values: Array<T | undefined>

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1 || (capacity & (capacity - 1)) !== 0 || capacity > 0x8000) {
      throw new RangeError('capacity must be a power of two up to 32768')
    }
    this.mask = capacity - 1
    this.sequences = new Int32Array(capacity).fill(-1)
    this.values = new Array<T | undefined>(capacity)
  }

  put(sequenceNumber: number, value: T): void {
    const slot = sequenceNumber & this.mask
    this.sequences[slot] = sequenceNumber & 0xffff
    this.values[slot] = value
  }

  /** The packet stored for this sequence number, or undefined when it was overwritten or never stored. */
  get(sequenceNumber: number): T | undefined {
    const slot = sequenceNumber & this.mask
    return this.sequences[slot] === (sequenceNumber & 0xffff) ? this.values[slot] : undefined
  }

  clear(): void {
    this.sequences.fill(-1)
    this.values.fill(undefined)
  }
}

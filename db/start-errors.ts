/**
 * Why the database could not be opened, for the operator: server/main.ts prints the message and exits
 * with the code of the reason, so a supervisor or a script can tell them apart.
 */
export type DatabaseStartFailure = 'locked' | 'unwritable' | 'unreadable'

export class DatabaseStartError extends Error {
  constructor(
    readonly reason: DatabaseStartFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'DatabaseStartError'
  }
}

/** What the Socket.IO Redis adapter publishes with. */
interface Publisher {
  publish(channel: string, message: string): Promise<number>
}

/**
 * The Socket.IO Redis adapter publishes without awaiting: a broadcast, or the request of a
 * `fetchSockets`, calls `pubClient.publish(...)` and drops the promise. When Redis is unreachable, or
 * the client was closed while such a request was on its way (a socket leaving during shutdown), that
 * promise rejects with nobody to catch it, and Node ends the process on an unhandled rejection.
 *
 * This hands the adapter the same client with `publish` caught and reported to `onError`. A request
 * that needed replies then ends by the adapter's own timeout, which its caller handles. Every other
 * member is the client's own, bound to it.
 */
export function withGuardedPublish<C extends Publisher>(client: C, onError: (error: unknown) => void): C {
  const publish = async (channel: string, message: string): Promise<number> => {
    try {
      return await client.publish(channel, message)
    } catch (error) {
      onError(error)
      return 0
    }
  }
  return new Proxy(client, {
    get(target, property) {
      if (property === 'publish') return publish
      const value: unknown = Reflect.get(target, property, target)
      // The constructor stays as it is: the adapter tells client kinds apart by its name.
      return typeof value === 'function' && property !== 'constructor' ? value.bind(target) : value
    },
  })
}

// What `typebox` is in the renderer's build (vite.config.ts aliases it here). The renderer imports the
// contract (server/contract) for its route addresses, constants, error codes and types; the TypeBox
// schemas the contract builds as it loads are read only by the server, which validates with the real
// library. So in the browser every `Type.X(...)` gives an empty object, and the schema builder is not
// downloaded. The contract uses nothing of typebox at run time but `Type` (its tests run on the real one).
const emptySchema = (): Record<string, never> => ({})

export const Type: Record<string, (...args: unknown[]) => Record<string, never>> = new Proxy({}, { get: () => emptySchema })

// The recompute's worker thread: the rating pass (recompute-pass.ts) over the batches the server
// reads, off the server's event loop. Plain JavaScript that loads the TypeScript pass through tsx,
// so the same file runs under the server, the tests and the benchmark.
import { parentPort } from 'node:worker_threads'
import { tsImport } from 'tsx/esm/api'

const { createRecomputePass } = await tsImport('./recompute-pass.ts', import.meta.url)
const { packedBuffers } = await tsImport('./packed.ts', import.meta.url)
const pass = createRecomputePass()
// Messages sent before this listener was attached wait in the port's queue. A batch's history rows
// and the standings' COPY stream are moved, not copied.
const moved = (reply) => (reply.type === 'history' ? packedBuffers(reply.rows) : reply.type === 'standings-copy' ? [reply.bytes.buffer] : [])
parentPort.on('message', (request) => {
  const reply = pass.handle(request)
  parentPort.postMessage(reply, moved(reply))
})

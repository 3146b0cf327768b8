/*
 * The JSON text of a value that is never changed once made (a table's push), written once per job
 * and reused for the rest of it: whoever makes a value and keeps its text (a stream keeping a push
 * for a resume) and whoever sends it later in the same job (the wire encoder) write it once.
 *
 * The texts are kept in a plain map, emptied by a microtask once the job is done: a command's pushes
 * are made and sent in one job, and a weak map's entry for every short-lived value cost the garbage
 * collector more than the text it saved.
 *
 * The text is `JSON.stringify`'s own, one flat string. Composing it from the texts of shared pieces
 * (a view's seats are the same object for many viewers) was tried: the composed text is a rope of
 * those pieces, and a kept rope outlived the young generation with all it held. Writing a table's
 * pushes and keeping their texts took about a fifth longer that way than stringifying each push whole.
 */

const jobTexts = new Map<object, string>()

function forgetJobTexts(): void {
  jobTexts.clear()
}

/** `JSON.stringify(value)`, written once in the current job. */
export function jobJsonText(value: object): string {
  let json = jobTexts.get(value)
  if (json === undefined) {
    if (jobTexts.size === 0) queueMicrotask(forgetJobTexts)
    json = JSON.stringify(value)
    jobTexts.set(value, json)
  }
  return json
}

/** A small fetch wrapper for integration tests: JSON in, status and JSON out. */
export async function request<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; form?: FormData } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  let body: BodyInit | undefined
  if (options.form) body = options.form
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body })
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers }
}

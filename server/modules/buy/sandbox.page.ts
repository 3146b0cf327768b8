const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

/**
 * The sandbox processor's approval page: what a provider's page would show (the product, the price,
 * the gift's recipient) under a test-mode banner, with Pay and Cancel. A plain form: no script.
 */
export function sandboxPage(page: {
  language: string
  id: string
  status: string
  title: string
  testMode: string
  explain: string
  product: string
  amount: string
  recipient: string | null
  pay: string
  cancel: string
  done: string
}): string {
  const dir = page.language === 'he' ? 'rtl' : 'ltr'
  const id = encodeURIComponent(page.id)
  const action =
    page.status === 'pending'
      ? `<form method="post" action="/api/buy/sandbox/${id}/pay"><button type="submit" data-testid="sandbox-pay">${escape(page.pay)}</button></form>
         <a href="/premium" data-testid="sandbox-cancel">${escape(page.cancel)}</a>`
      : `<p data-testid="sandbox-done">${escape(page.done)}</p><a href="/success?tx=${id}">${escape(page.done)}</a>`
  return `<!doctype html>
<html lang="${escape(page.language)}" dir="${dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(page.title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#1b1a19;color:#f3f2f1;display:flex;justify-content:center;padding:48px 16px;margin:0}
main{max-width:420px;width:100%;background:#292827;border-radius:8px;padding:24px}
.badge{display:inline-block;background:#c19c00;color:#000;font-weight:700;padding:4px 8px;border-radius:4px;letter-spacing:.05em}
button{font:inherit;font-weight:600;background:#0f6cbd;color:#fff;border:0;border-radius:4px;padding:10px 20px;cursor:pointer;margin-block:16px}
button:focus-visible,a:focus-visible{outline:2px solid #fff;outline-offset:2px}
a{color:#93c5fd}
</style></head>
<body><main>
<p class="badge" data-testid="sandbox-test-mode">${escape(page.testMode)}</p>
<h1>${escape(page.title)}</h1>
<p>${escape(page.explain)}</p>
<p><strong>${escape(page.product)}</strong> — <span data-testid="sandbox-amount">${escape(page.amount)}</span></p>
${page.recipient ? `<p>${escape(page.recipient)}</p>` : ''}
${action}
</main></body></html>`
}

/** `GET /` until the web console is built into the server: where the API and its metadata are. */
export function welcomePage(): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>Schema Admin</title>
<style>body{font:15px/1.6 system-ui,sans-serif;max-width:640px;margin:48px auto;padding:0 16px;color:#1f2329}code{background:#f2f3f5;padding:1px 4px;border-radius:3px}</style>
</head><body>
<h1>Schema Admin</h1>
<p>API 已启动 · API is running.</p>
<ul>
<li>EPS: <a href="/admin/base/open/eps"><code>GET /admin/base/open/eps</code></a></li>
<li>API prefix: <code>/admin/…</code> (also under <code>/api/admin/…</code>)</li>
</ul>
</body></html>`;
}

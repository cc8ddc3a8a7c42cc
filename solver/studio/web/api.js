// The studio's JSON API (solver/studio/API.md): one fetch wrapper so that every page reports the
// server's own error text (with its file:line:col) the same way.

export class ApiError extends Error {
  constructor(message, status, body) {
    super(message);
    this.name = 'ApiError';
    this.status = status;  // the HTTP status; 0 when the server could not be reached
    this.body = body;      // the parsed answer, when there was one
  }
}

// GET when `body` is undefined, else POST it as JSON. Resolves to the parsed answer of a 2xx;
// rejects with an ApiError carrying the server's `error` text otherwise.
export async function api(path, body, { method } = {}) {
  const init = { method: method || (body === undefined ? 'GET' : 'POST'), headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(`the server cannot be reached (${e.message})`, 0, null);
  }
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON (a proxy's or the server's plain error page): keep the raw text for the message.
  }
  if (!response.ok) {
    const message = parsed && typeof parsed.error === 'string' ? parsed.error : text || response.statusText;
    throw new ApiError(message, response.status, parsed);
  }
  if (parsed === null && text) throw new ApiError(`the server answered no JSON: ${text.slice(0, 200)}`, response.status, null);
  return parsed;
}

export const getJSON = (path) => api(path);
export const postJSON = (path, body) => api(path, body === undefined ? {} : body);

// The variants the server knows, asked once per page.
let variantsPromise = null;
export function variants() {
  if (!variantsPromise) variantsPromise = getJSON('/api/variants').then((j) => j.variants);
  return variantsPromise;
}

// The server's JSON API. The page never decides legality: it asks.

async function call(method, url, body) {
  const response = await fetch(url, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: "same-origin",
  });
  let data = null;
  try { data = await response.json(); } catch { data = { detail: response.statusText }; }
  return { status: response.status, data };
}

export const api = {
  catalogue: () => call("GET", "/api/games"),
  latest: () => call("GET", "/api/games/latest"),
  view: (id) => call("GET", `/api/games/${id}`),
  create: (game, deal, options) => call("POST", "/api/games", { game, deal, options }),
  act: (id, version, action, extra = {}) => call("POST", `/api/games/${id}/actions`, { action, version, ...extra }),
  targets: (id, pile, position) => call("POST", `/api/games/${id}/targets`, { pile, position }),
  stats: () => call("GET", "/api/stats"),
};

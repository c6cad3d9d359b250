// The server's JSON API. The page never decides legality: it asks.

export const UNREACHABLE = "The server could not be reached: check the connection and try again.";

/** One request. Never throws: a lost connection comes back as status 0 with a reason. */
export async function call(method, url, body) {
  let response;
  try {
    response = await fetch(url, {
      method,
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
    });
  } catch {
    return { status: 0, data: { detail: UNREACHABLE } };
  }
  let data = null;
  try { data = await response.json(); } catch { data = { detail: response.statusText || UNREACHABLE }; }
  return { status: response.status, data };
}

export const api = {
  catalogue: () => call("GET", "/api/games"),
  latest: () => call("GET", "/api/games/latest"),
  rules: (game) => call("GET", `/api/rules?game=${encodeURIComponent(game)}`),
  view: (id) => call("GET", `/api/games/${id}`),
  create: (game, deal, options, pick = null, leaving = null) =>
    call("POST", "/api/games", { game, deal, options, pick, leaving }),
  act: (id, version, action, extra = {}) => call("POST", `/api/games/${id}/actions`, { action, version, ...extra }),
  targets: (id, version, pile, position) => call("POST", `/api/games/${id}/targets`, { pile, position, version }),
  stats: () => call("GET", "/api/stats"),
  settings: () => call("GET", "/api/settings"),
  setWinnable: (on) => call("POST", "/api/settings", { winnable: on }),
  show: (id, version, giveUp) => call("POST", `/api/games/${id}/show`, { version, give_up: giveUp }),
  winnable: (id) => call("GET", `/api/games/${id}/winnable`),
};

// The page's dialogs of their own: the statistics, and how any long dialog opens; the
// game picker's choices; and whether a dialog (or a hidden tab) keeps the table out of sight.

import { api } from "./api.js";

const $ = (id) => document.getElementById(id);

export async function showStats(say) {
  const { status: code, data } = await api.stats();
  if (code !== 200) { say(data.detail); return; }
  const rows = data.stats.filter((s) => s.played > 0).map((s) => `<tr><td>${s.name}${s.daily ? " (daily)" : ""}</td><td>${s.played}</td><td>${s.won}</td><td>${Math.round(100 * s.win_rate)}%</td><td>${s.current_streak}</td><td>${s.best_streak}</td><td>${s.fewest_moves ?? "–"}</td></tr>`);
  $("stats-table").innerHTML = rows.length
    ? `<table><tr><th>game</th><th>played</th><th>won</th><th>rate</th><th>streak</th><th>best streak</th><th>fewest moves</th></tr>${rows.join("")}</table>`
    : "<p>No finished games yet.</p>";
  if (data.unreadable.length) {
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = `Left out, as they could not be read: ${data.unreadable.join("; ")}`;
    $("stats-table").append(note);
  }
  const chart = $("stats-chart");
  const recent = data.recent;
  for (const shown of [chart, $("stats-chart-note")]) shown.toggleAttribute("hidden", !recent.length);  // no games, no bars to explain
  const bar = 100 / Math.max(recent.length, 10);
  chart.setAttribute("viewBox", "0 0 100 40");
  chart.innerHTML = recent.map((r, i) => {
    const h = r.won ? 30 : 12;
    return `<rect x="${i * bar + 0.5}" y="${38 - h}" width="${bar - 1}" height="${h}" fill="${r.won ? "#2e9e5b" : "#c8553d"}"><title>${r.name} deal ${r.deal}: ${r.won ? "won" : "lost"} in ${r.moves} move${r.moves === 1 ? "" : "s"}</title></rect>`;
  }).join("");
  opened($("stats-dialog"));
}

export function opened(dialog) {
  // Shown from its top: on a phone the focus on its Close button would scroll the title away.
  dialog.showModal();
  dialog.scrollTop = 0;
}

export function pickerChoices(catalogue) {
  // The games family by family, as `cardtable games` lists them: a family of several under
  // its name, a game alone in its family as itself.
  const families = new Map();
  for (const game of catalogue) {
    if (!families.has(game.family)) families.set(game.family, []);
    families.get(game.family).push(new Option(game.name, game.id));
  }
  return [...families].map(([family, options]) => {
    if (options.length === 1) return options[0];
    const group = document.createElement("optgroup");
    group.label = family;
    group.append(...options);
    return group;
  });
}

export function watchSight(tell) {
  // The table out of sight: a dialog over it, a "show me" playback in its place (``cover``),
  // or the page's tab hidden. ``tell("away")`` then and ``tell("back")`` once it shows again:
  // the game's clock waits meanwhile, as the full-screen terminal's does under a page
  // (reading the rules, or watching the solver play, is not play).
  let away = false, covered = false;
  const look = () => {
    const now = covered || document.hidden || [...document.querySelectorAll("dialog")].some((dialog) => dialog.open);
    if (now !== away) { away = now; tell(away ? "away" : "back"); }
  };
  document.addEventListener("visibilitychange", look);
  const watcher = new MutationObserver(look);
  for (const dialog of document.querySelectorAll("dialog")) watcher.observe(dialog, { attributes: true, attributeFilter: ["open"] });
  return { away: () => away, cover: (on) => { covered = on; look(); } };
}

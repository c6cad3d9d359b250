// The page: picks games, sends intents, follows the game over a WebSocket.

import { api, UNREACHABLE } from "./api.js";
import { createTable } from "./table.js";
import { opened, pickerChoices, showStats, watchSight } from "./dialogs.js";

const $ = (id) => document.getElementById(id);
let catalogue = [], view = null, socket = null, busy = Promise.resolve();
let playing = null, frame = null; // a "show me" playback under way, from the search on: {stop, quiet, dropped}; the table it shows
const STEP_MS = 450, STUCK = "No move leads anywhere now: undo, or start a new deal.";
const LOST = "The game is lost: no move leads anywhere, and no move played could have gone otherwise. Start a new deal.";
const stuckWords = (shown) => (shown.lost ? LOST : STUCK);
let scoringWords = {}; // what each scoring's numbers count, in words, as the server says them
let judging = false, judged = null; // the "still winnable?" indicator (its verdicts come on the socket), its last verdict: {version, standing, undo}
const sight = watchSight((type) => { if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type })); });

const table = createTable($("table"), {
  move: (pile, position, target) => act("move", { pile, position, target }),
  home: (pile, position) => act("to_foundation", { pile, position }),
  deal: () => act("deal"),
  // Where a dragged card may go: in the view already (one asked for only of a view without them).
  targets: async (pile, position) => view.targets
    ? view.targets[pile]?.[position] ?? []
    : (await api.targets(view.id, view.version, pile, position)).data.targets ?? [],
  whyNowhere: async (pile, position) => (await api.targets(view.id, view.version, pile, position)).data.why ?? "",  // in the server's words
  // What to click (or, from the ``keys``, go to) once a card is picked up: in a game of pairs, its partner.
  whereTo: (keys = false, picked = null) => {
    const finger = matchMedia("(pointer: coarse)").matches;
    const go = keys ? "move to" : finger ? "tap" : "click";  // a finger taps
    return `now ${go} ${pairsWhere(picked, keys ? "" : finger ? "double-tap" : "double-click")}${keys ? " and press Enter" : ""}`;
  },
  say,
});

function pairsWhere(picked, twice) {
  // Where a picked card goes: in a game of pairs, its partner, or the foundation alone (a card pairing
  // with none, a Pyramid King); ``twice``: the gesture that sends it there at once (none from the keys).
  if (!view || !entryOf(view.game)?.pairs) return "where it goes";
  const targets = picked && view.targets ? view.targets[picked.pile]?.[picked.position] ?? [] : [];
  const kinds = targets.map((name) => view.piles.find((p) => p.name === name)?.kind);
  const alone = kinds.length && kinds.every((kind) => kind === "foundation");
  return alone ? `the foundation: the card goes alone${twice ? ` (or ${twice} the card)` : ""}` : "the card it pairs with";
}

function say(text) {
  // Every message a sentence: the server's reasons start in lower case, as the terminal
  // writes them after a move (a card's rank, "6♦ can't go on…", reads the same either way).
  $("message").textContent = text ? text[0].toUpperCase() + text.slice(1) : "";
}

function dealName(shown) {
  const kind = shown.daily ? "daily deal" : shown.winnable ? "winnable deal" : null;
  if (kind) return shown.deal === null ? kind : `${kind} ${shown.deal}`;
  return shown.deal === null ? "random deal" : `deal ${shown.deal}`;
}

function scoreText(shown, score) {
  // The uniform score is the share of the cards home; the others say their scoring.
  return shown.scoring === "uniform" ? `${score}%` : `${score} (${scoringWords[shown.scoring] ?? shown.scoring})`;
}

function status() {
  if (!view) return;
  const shown = frame && frame.id === view.id ? frame : view;  // a playback's table counts its own moves and score; the clock is the game's
  // The server's clock, run on here since the view came: it never steps back or races ahead.
  const elapsed = view.elapsed + (view.clock_running ? (performance.now() - view.receivedAt) / 1000 : 0);
  const minutes = Math.floor(elapsed / 60), seconds = Math.floor(elapsed % 60);
  // A won game undone to look back: the win still counts.
  const over = view.given_up ? ` · ${view.result}` : view.result === "won" && !view.won ? " · won (undone to look back)" : "";
  // The timed score falls as the clock runs, by the server's measure, between moves too.
  const falls = shown.score_falls;
  const score = falls ? Math.max(0, falls.points - falls.by * Math.floor(Math.floor(elapsed) / falls.every)) : shown.score;
  $("status").textContent = `${view.name} · ${dealName(view)} · ${shown.moves} move${shown.moves === 1 ? "" : "s"} · score ${scoreText(shown, score)} · ${minutes}:${String(seconds).padStart(2, "0")}${over}`;
  $("winnable").style.visibility = shown === view ? "" : "hidden";  // a verdict is on the game, not on a playback's table
  // A game given up is played on no further: only a new deal (or "show me" stopping) is left.
  $("undo").disabled = !view.can_undo || view.given_up;
  $("redo").disabled = !view.can_redo || view.given_up;
  for (const id of ["restart", "hint", "auto-finish", "bookmark"]) $(id).disabled = view.given_up;
  for (const id of ["hint", "auto-finish", "bookmark"]) $(id).disabled ||= Boolean(view.won);  // nothing left to play
  $("show-me").disabled = Boolean(view.won) && !playing;
  $("restart").disabled ||= !view.can_restart;  // at the deal there is nothing to go back to
  $("to-bookmark").disabled = !view.bookmark || view.given_up;
  document.title = `${view.name} · cardtable`;
}

const LAST_SHOWN = "cardtable-last-game";  // the id of the game this browser last showed

async function lastShown() {
  // The game this browser showed last, if the server still has it for this player.
  let id = 0;
  try { id = Number(localStorage.getItem(LAST_SHOWN)); } catch { return null; }  // storage refused: none
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const { status: code, data } = await api.view(id);
  return code === 200 ? data : null;
}

function show(next, told = false) {  // told: won before this page opened it, so not told again
  if (!next || (view && next.id === view.id && next.version < view.version)) return;
  try { localStorage.setItem(LAST_SHOWN, String(next.id)); } catch { /* storage refused: reload deals anew */ }
  // A win is told once: not again when a redo steps back onto it (the game was won already).
  const wasWon = told || (view && view.id === next.id && (view.won || view.result === "won"));
  const moved = !view || view.id !== next.id || view.version !== next.version;
  if (moved) table.keepSelectionOn(next);  // put down if the table changed under it (an undo, another tab)
  view = Object.assign(next, { receivedAt: performance.now() });
  status();  // first: the old game's status line, longer, would leave the table less room as it is drawn
  table.render(view);
  if (moved) verdict(null);
  if (view.won && !wasWon) win();
  else if (view.stuck && moved) say(stuckWords(view));
}

const PATIENCE_MS = 8000;  // a verdict this late is said to be on its way, and why
let waiting = 0;

function verdict(data) {
  // The indicator's line: a verdict on the table shown, or a wait while it is worked out.
  const line = $("winnable");
  line.hidden = !judging || Boolean(view && (view.won || view.given_up)); // nothing left to judge
  if (line.hidden || !view) return;
  if (data && (data.id !== view.id || data.version !== view.version)) return; // about an older table
  judged = data;
  line.dataset.standing = data ? data.standing : "pending";
  line.textContent = `Still winnable? ${data ? data.answer : "…"}`;
  clearTimeout(waiting);
  if (data) return;
  const { id, version } = view;
  waiting = setTimeout(() => {
    if (!judged && !line.hidden && view && view.id === id && view.version === version) {
      line.textContent = "Still winnable? … (still working it out: the solver runs only while the machine has nothing else to do)";
    }
  }, PATIENCE_MS);
}

async function chooseWinnable() {
  const { status: code, data } = await api.setWinnable($("setting-winnable").checked);
  if (code !== 200) { say(data.detail); return; }
  judging = data.winnable;
  verdict(null);
  if (view) follow(view.id); // the socket sends verdicts from the moment it opens with the setting on
}

async function undoneInstead() {
  // A table the indicator knows is lost a few moves after a winnable one: taking those
  // moves back is offered before "show me" gives the game up. True if they were taken back.
  // Cancel (or Escape) goes on to the question whether to give the game up: a game is
  // never given up on a dismissed dialog.
  const lost = judged && view.show_gives_up && judged.id === view.id && judged.version === view.version
    && judged.standing === "lost";
  const back = lost ? judged.undo : null;
  if (!back) return false;
  const moves = back === 1 ? "1 move" : `${back} moves`;
  if (!window.confirm(`This game can't be won from here, but it can be won ${moves} back. Undo ${moves} and play on? `
    + "(Cancel: you are asked next whether to give the game up to see a win.)")) return false;
  let undone = 0;
  while (undone < back && (await act("undo")).ok) undone += 1;
  if (undone === back) say(`Took back ${moves}: the game can be won from here.`);
  return true;
}

function win() {
  $("win-text").textContent = `${view.name}, ${dealName(view)}: won in ${view.moves} moves, score ${scoreText(view, view.score)}.`;
  if (!$("win-dialog").open) $("win-dialog").showModal();
}

async function showMe() {
  // The solver's win from here, played back table by table; pressing again stops it (while
  // the win is looked for too: a second press never starts a second playback). The game
  // itself does not move, except that one hiding cards is given up first (asked).
  if (playing) { playing.stop = true; return; }
  if (!view || $("show-me").disabled) return;  // (m on a game won: nothing is left to show)
  if (await undoneInstead()) return;
  const because = view.show_gives_up_because;  // the server's words: face-down cards, or redeals that shuffle
  if (view.show_gives_up && !window.confirm(`${because[0].toUpperCase()}${because.slice(1)}. Show it?`)) return;
  const run = { stop: false };
  playing = run;
  $("show-me").textContent = "Stop";
  sight.cover(true);  // the table shows the playback, not the game: the game's clock waits
  try {
    await playBack(run);
  } finally {
    sight.cover(false);
    if (playing === run) { playing = null; $("show-me").textContent = "Show me"; }
  }
}

async function playBack(run) {
  // Looks for the win and plays it back until the end, or until ``run`` is stopped.
  say("Looking for a win…");
  const asked = view.id;
  const { status: code, data } = await api.show(view.id, view.version, view.show_gives_up);
  if (!view || view.id !== asked || run.dropped) return; // a new deal came while the win was looked for: it stands
  if (code !== 200 || !data.found) {
    if (data.view) show(data.view);
    const said = data.text ?? data.detail ?? "That did not work.";
    if (!run.quiet) say(said.charAt(0).toUpperCase() + said.slice(1));  // stopped by an action: its words stand
    return;
  }
  show(data.view);
  let step = 0;
  try {
    for (const next of data.frames) {
      if (run.stop) break;
      step += 1;
      frame = next.view;
      table.render(frame);
      status();
      table.highlight(null);
      say(`Show me: step ${step} of ${data.frames.length}: ${next.said} (${data.text})`);
      await new Promise((resolve) => setTimeout(resolve, STEP_MS));
    }
  } finally {
    frame = null;
    status();
  }
  if (run.dropped || run.quiet) return;  // a new game came in, or an action stopped it: its table and words stand
  if (view) table.render(view);
  const over = step === data.frames.length && !run.stop;
  const given = view && view.given_up ? " It was given up: deal a new one to play on." : "";
  const stopped = step ? `Stopped after step ${step}` : "Stopped before the first step";
  say((over ? `Shown: ${data.text}. The game is as it was.` : `${stopped}; the game is as it was.`) + given);
}

const GIVEN_UP = "This game was given up: deal a new one to play on.";
let endedElsewhere = null;  // the id of a game another tab or window ended (said so, and so again)
const ENDED_ELSEWHERE = "This game was ended in another tab or window: deal a new one to play on.";
const TOLD = new Set(["bookmark", "to_bookmark", "restart"]);  // actions whose words say what they did

const LOOKING = "Looking for a hint…", LOOKING_AFTER = 700;  // said once a hint is slow to come (a first use compiles)

async function act(action, extra = {}) {
  // One action at a time, each made on the latest view; nothing before the first view.
  if (!view) return { ok: false };
  if (playing) {
    // The table played on is the game's: shown at once, not after the playback's next step,
    // so a hint lights the game's cards and the status line counts the game's moves.
    Object.assign(playing, { stop: true, quiet: true });
    frame = null;
    table.render(view);
    status();
    $("show-me").textContent = "Show me";
  }
  if (view.given_up) {  // refused here, with no request to refuse: a card picked for it is put down
    table.redraw();
    say(endedElsewhere === view.id ? ENDED_ELSEWHERE : view.lost ? LOST : GIVEN_UP);
    return { ok: false };
  }
  const run = busy.then(async () => {
    if (!view) return { ok: false };
    const asked = view.id;
    const slow = action === "hint" ? setTimeout(() => view && view.id === asked && say(LOOKING), LOOKING_AFTER) : null;
    const { status: code, data } = await api.act(asked, view.version, action, extra).finally(() => clearTimeout(slow));
    if (!view || view.id !== asked) return { ok: false };  // a new deal came meanwhile: it stands
    if (code === 409 && data.view) {  // (without a table: the saved game can't be read back, said below)
      // Given up here, or ended elsewhere (a new deal there leaves it, played or not), as first said.
      const elsewhere = !view.given_up || endedElsewhere === view.id;
      show(data.view);
      if (data.view.given_up && elsewhere) endedElsewhere = data.view.id;
      say(!data.view.given_up ? "The table changed in another tab; here it is now." : elsewhere ? ENDED_ELSEWHERE : GIVEN_UP);
      return { ok: false };
    }
    if (code === 0 || code >= 400) { say(data.detail ?? "That did not work."); return { ok: false }; }
    if (!data.ok) { say(data.reason); table.redraw(); return data; } // the table stands: a hint on it stays lit
    table.highlight(null);
    show(data.view);
    // Said after the view is shown: the same view may have come first by the socket.
    say(data.hint ? `Hint: ${data.reason}` : view.stuck && !view.won ? stuckWords(view) : TOLD.has(action) ? data.reason : "");
    if (data.hint) table.highlight(data.hint);
    return data;
  });
  busy = run.catch((error) => {
    console.error(error);
    say("Something went wrong on this page: reload it to carry on.");
    return { ok: false };
  });
  return busy;
}

function caughtUp(next) {
  // Another tab's table, shown here; a game it ended (a new deal there leaves it) is said so.
  // (This tab's own "show me" gives a game up too, and its view may come first this way.)
  const ended = next.given_up && !next.lost && !view.given_up && !playing;  // (a loss is said as the table says it)
  if (!playing) say("");  // what was said was of the table before (a hint, "now click where it goes")
  show(next);
  if (ended) { endedElsewhere = next.id; say(ENDED_ELSEWHERE); }
}

function clocked(same) {
  // The same table, its clock started (a page that follows the game again runs it) or stopped.
  Object.assign(view, { elapsed: same.elapsed, clock_running: same.clock_running, receivedAt: performance.now() });
  status();
}

function follow(id, retry = 0) {
  // Other tabs' moves arrive here; a dropped connection comes back and catches up.
  if (socket) { socket.onclose = null; socket.close(); }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const opened = new WebSocket(`${scheme}://${location.host}/api/games/${id}/ws`);
  socket = opened;
  opened.onopen = async () => {
    if (sight.away()) opened.send(JSON.stringify({ type: "away" }));  // (the server counts a new page as looking)
    if (!retry) return;
    // Back in touch: the word that it was lost goes, and the table catches up.
    if ($("message").textContent === UNREACHABLE) say("");
    const { status: code, data } = await api.view(id);
    if (code === 200 && view && data.id === view.id && data.version > view.version) caughtUp(data);
  };
  opened.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "view" && view && data.view.id === view.id && data.view.version > view.version) caughtUp(data.view);
    else if (data.type === "view" && view && data.view.id === view.id && data.view.version === view.version
             && data.view.clock_running !== view.clock_running) clocked(data.view);
    if (data.type === "winnable") verdict(data);
  };
  opened.onclose = () => {
    if (socket === opened && view && view.id === id) setTimeout(() => follow(id, retry + 1), Math.min(30, 2 ** retry) * 1000);
  };
}

async function open(next, pick = null) {
  if (playing) Object.assign(playing, { stop: true, dropped: true });  // the old game's win is no use now
  playing = null;
  $("show-me").textContent = "Show me";
  view = null;
  show(next, next.result === "won");  // (a game won before, opened again: the win was told then)
  $("game-picker").value = baseGame(next.game);
  fillSettings("game");
  follow(next.id);
  const fresh = next.daily ? "Today's deal: proved winnable."
    : pick === "daily" ? "Today's deal again: you have played it, so this game counts as an ordinary one."
    : pick === "winnable" ? "A deal the solver proved winnable." : "";
  const sent = next.sent_home_at_the_deal ? `${next.sent_home_at_the_deal[0].toUpperCase()}${next.sent_home_at_the_deal.slice(1)}.` : "";
  const back = `Welcome back: the game is as you left it.${next.stuck && !next.result ? ` ${stuckWords(next)}` : ""}`;  // (why its clock stands)
  say(next.moves ? back : [fresh, sent].filter(Boolean).join(" "));
}

async function leavingGame() {
  // The game a new deal gives up is the player's latest, which another tab may have
  // opened or played since this one's view: asked of the server each time. ``known``:
  // whether the answer came; ``latest``: that game's view (null: none unfinished).
  const latest = await api.latest();
  if (latest.status === 204) return { known: true, latest: null };
  return latest.status === 200 ? { known: true, latest: latest.data } : { known: false, latest: null };
}

async function newGame(pick = null, asking = true) {
  // A new deal gives the game in progress up as lost: the player says so first, and the
  // deal names the game agreed to (``leaving``), so one played in another tab between
  // the question and the deal is refused, not given up unseen. ``pick`` asks for a deal
  // the solver proved winnable, or the day's deal; the page's own first deal (no last
  // game it could open) asks nothing.
  const game = withOptions($("game-picker").value);
  const entered = $("deal-number").value.trim();  // 1,000 or 1_000 as 1000 (but 12,5 is no number)
  const typed = /^\d{1,3}([,_]\d{3})+$/.test(entered) ? entered.replace(/[,_]/g, "") : entered;
  const deal = typed === "" || pick ? null : Number(typed);
  if (deal !== null) {
    const refused = dealRefused(entryOf(game), typed);
    if (refused) { say(refused); return; }
  }
  const today = new Date().toISOString().slice(0, 10);  // the daily deal's day: UTC's
  if (pick === "daily" && view && view.daily && view.result === null && view.daily_day === today && view.game === game) {
    say(view.moves ? "This is today's deal, still in play: play on (or undo back to its start)." : "This is today's deal, still in play.");
    return;
  }
  let leaving = null;
  if (asking) {
    const { known, latest } = await leavingGame();
    if (latest && view && latest.id !== view.id && latest.in_progress) {
      // Another tab's game, in play, is the one a new deal would give up: shown first, not asked about unseen.
      await open(latest);
      say("Your latest game, from another tab or window, is this one: deal again to give it up.");
      return;
    }
    const playing = !known || Boolean(latest && latest.in_progress);  // not known: asked, to be safe
    if (playing && !window.confirm("Give up this game as lost and deal a new one?")) return;
    const named = latest ?? (known ? null : view);  // not known: the game this tab shows is the one agreed to
    if (named) leaving = { game_id: named.id, version: named.version };
  }
  const options = { auto_build: $("setting-auto-build").checked, scoring: $("setting-scoring").value };
  const entry = entryOf(game);
  if (!entry.scoring.includes(options.scoring)) options.scoring = "uniform";
  if (pick) say(pick === "daily" ? "Finding today's deal…" : "Finding a winnable deal…");
  const { status: code, data } = await api.create(game, deal, options, pick, leaving);
  if (code === 409 && leaving && await openMovedOn(leaving)) { say(data.detail); return; }
  if (code !== 201 && code !== 200) { say(data.detail); return; }
  $("deal-number").value = "";
  await open(data, pick);
}

function dealRefused(entry, typed) {
  // Why a typed deal number can't be dealt in ``entry``'s game ("" when it can), as the server would say.
  const [first, last] = entry.deal_numbers.map(BigInt);
  const range = `${entry.name} deal numbers run from ${first.toLocaleString("en")} to ${last.toLocaleString("en")}`;
  if (!/^-?\d+$/.test(typed)) return `${range}: a whole number, like 617 (not ${typed}).`;
  const asked = BigInt(typed);
  if (asked < first || asked > last) return `${range}, not ${asked.toLocaleString("en")}.`;
  // Past 2^53 a page's numbers round: the deal sent would not be the deal typed.
  if (asked > BigInt(Number.MAX_SAFE_INTEGER)) {
    return `A deal number here goes up to ${Number.MAX_SAFE_INTEGER.toLocaleString("en")}; `
      + `the terminal (cardtable play GAME --deal N) takes every ${entry.name} deal, up to ${last.toLocaleString("en")}.`;
  }
  return "";
}

async function openMovedOn(leaving) {
  // After a new deal was refused: the player's latest game, opened here if it is not the
  // one the deal named as seen (another tab played it or dealt anew). Whether it was.
  const now = await api.latest();
  if (now.status !== 200 || (now.data.id === leaving.game_id && now.data.version === leaving.version)) return false;
  await open(now.data);
  return true;
}

const PICKS = { // the buttons that deal a deal proved winnable, and what each says of itself
  "new-winnable": "A deal the solver proved winnable",
  "daily-deal": "Today's deal: the same for everyone, proved winnable",
};
let choosing = false; // the page has opened its game: a new one may be chosen

function offerWinnable(entry, tell = false) {
  // Winnable and daily deals only where the solver has proved deals winnable (not
  // Chameleon); a game made by options (Spider with two suits) is the server's to judge.
  // ``tell``: say why, where they are greyed (a phone shows no title).
  const offered = entry.winnable_deals || withOptions(entry.id) !== entry.id;
  const why = `No deal of ${entry.name} has been proved winnable yet`;
  for (const [id, title] of Object.entries(PICKS)) {
    $(id).disabled = !choosing || !offered;
    $(id).title = offered ? title : why;
  }
  if (tell && !offered) say(`${why}, so Winnable deal and Daily are off for it.`);
}

function fillSettings(from = "dialog") {
  // The settings for the next deal: an opened game brings its own, a newly picked game its
  // default scoring; the dialog keeps what the player chose.
  const entry = entryOf($("game-picker").value);
  const scoring = $("setting-scoring");
  const chosen = { game: view?.scoring, picker: entry.default_scoring, dialog: scoring.value }[from];
  const current = chosen || entry.default_scoring || "uniform";
  scoring.replaceChildren(...entry.scoring.map((s) => new Option(scoringWords[s] ?? s, s, false, s === current)));
  scoring.closest("label").hidden = entry.scoring.length < 2;  // nothing to choose
  $("setting-auto-build").closest("label").hidden = !entry.builds_home;  // no cards go home one by one (Golf, Pyramid)
  $("draw-choice").hidden = !entry.draws;
  $("setting-draw").value = String(entry.draw);
  if (from === "game" && view) $("setting-auto-build").checked = view.auto_build;
  if (from !== "dialog") fillOptions(entry, from === "game" && view ? chosenIn(view.game, entry) : {});
  const choices = [scoring.closest("label"), $("setting-auto-build").closest("label"), $("draw-choice")];
  $("next-deal-note").hidden = choices.every((c) => c.hidden) && !$("game-options").children.length;  // (Pyramid: none)
  offerWinnable(entry, from === "picker");
}

function baseGame(id) {
  // A game played with options ("freecell[cells=6]") is listed under the game it varies.
  return id.split("[")[0];
}

function entryOf(id) {
  return catalogue.find((g) => g.id === id) ?? catalogue.find((g) => g.id === baseGame(id));
}

function chosenIn(id, entry) {
  // The options a game's id carries, in the server's words or numbers:
  // "freecell[cells=6]" -> { cells: 6 }, "klondike[wrap=yes]" -> { wrap: 1 }.
  const found = id.match(/\[(.*)\]$/);
  const valueOf = (name, word) => {
    const option = entry.options.find((o) => o.name === name);
    const at = option ? option.labels.indexOf(word) : -1;
    return at >= 0 ? option.values[at] : Number(word);
  };
  return Object.fromEntries((found ? found[1].split(",") : []).map((p) => p.split("=")).map(([k, v]) => [k, valueOf(k, v)]));
}

function fillOptions(entry, chosen) {
  // One choice per option the game offers (free cells, columns, cards turned, passes,
  // suits, ranks that wrap), each value in the server's words ("unlimited", "yes").
  const offered = entry.options.filter((o) => !(entry.draws && o.name === "draw"));  // the draw choice says it
  $("game-options").replaceChildren(...offered.map((o) => {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.name = o.name;
    select.dataset.current = String(o.current);
    const value = chosen[o.name] ?? o.current;
    select.replaceChildren(...o.values.map((v, n) => new Option(o.labels[n], String(v), false, String(v) === String(value))));
    label.append(`${o.words[0].toUpperCase()}${o.words.slice(1)} `, select);
    return label;
  }));
}

function withOptions(game) {
  // The game's id with the options chosen in the settings folded in: freecell[cells=6].
  const chosen = [...$("game-options").querySelectorAll("select")]
    .filter((s) => s.value !== s.dataset.current)
    .map((s) => `${s.name}=${s.value}`);
  return chosen.length ? `${game}[${chosen.join(",")}]` : game;
}

async function showRules() {
  const game = view?.game ?? $("game-picker").value;
  let shown = entryOf(game);  // (a game made by options, klondike[columns=9], has rules of its own: the server words them)
  if (baseGame(game) !== game) {
    const { status: code, data } = await api.rules(game);
    if (code !== 200) { say(data.detail); return; }
    shown = data;
  }
  $("rules-title").textContent = shown.name;
  $("rules-text").textContent = shown.rules;
  $("rules-list").replaceChildren(...shown.rule_lines.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  $("violation-note").hidden = !Object.keys(view?.violations ?? {}).length;  // said where the table shows a mark
  opened($("rules-dialog"));
}

function chooseDraw() {
  // The same game drawing the chosen number of cards (the catalogue pairs them up).
  const picker = $("game-picker");
  const entry = entryOf(picker.value);
  if (!entry.draws) return;
  // What the player changed from the game's own settings stays changed; the rest show
  // the newly picked game's own (its passes, say), which is what will be dealt.
  const changed = Object.fromEntries([...$("game-options").querySelectorAll("select")]
    .filter((s) => s.value !== s.dataset.current).map((s) => [s.name, s.value]));
  picker.value = entry.draws[$("setting-draw").value] ?? picker.value;
  fillSettings("dialog");
  fillOptions(entryOf(picker.value), changed);
}

async function start() {
  const { status: code, data } = await api.catalogue();
  if (code !== 200) { say(data.detail); return; }
  catalogue = data.games;
  scoringWords = data.scorings;
  $("game-picker").replaceChildren(...pickerChoices(catalogue));
  $("new-game").onclick = () => newGame();
  $("deal-number").onkeydown = (event) => { if (event.key === "Enter") { event.preventDefault(); newGame(); } };
  $("new-winnable").onclick = () => newGame("winnable");
  $("daily-deal").onclick = () => newGame("daily");
  $("restart").onclick = () => act("restart");
  $("undo").onclick = () => act("undo");
  $("redo").onclick = () => act("redo");
  $("bookmark").onclick = () => act("bookmark");
  $("to-bookmark").onclick = () => act("to_bookmark");
  $("hint").onclick = () => act("hint");
  $("auto-finish").onclick = () => act("auto_finish");
  $("show-me").onclick = showMe;
  $("show-rules").onclick = showRules;
  $("show-stats").onclick = () => showStats(say);
  $("show-settings").onclick = () => { fillSettings(); $("settings-dialog").showModal(); };
  $("setting-draw").onchange = chooseDraw;
  $("setting-winnable").onchange = chooseWinnable;
  const settings = await api.settings();
  if (settings.status === 200) {
    judging = settings.data.winnable;
    $("setting-winnable").checked = judging;
    $("winnable-text").textContent = settings.data.winnable_text;
  }
  $("game-picker").onchange = () => {  // picked, not yet dealt: the table is still the game in play, and says so
    if (view && baseGame(view.game) !== $("game-picker").value) say(`New (n) deals ${entryOf($("game-picker").value).name}; until then the table plays ${view.name}.`);
    fillSettings("picker");  // (which says, over it, where the picked game has no winnable deal to offer)
  };
  $("game-options").addEventListener("change", () => offerWinnable(entryOf($("game-picker").value)));
  $("win-new").onclick = () => newGame();
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, dialog") || event.ctrlKey || event.metaKey || event.altKey) return;
    const keys = { u: () => act("undo"), r: () => act("redo"), h: () => act("hint"), i: () => act("hint"), d: () => act("deal"), a: () => act("auto_finish"), n: () => newGame(), m: showMe, b: () => act("bookmark"), B: () => act("to_bookmark") };
    if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
  });
  window.addEventListener("resize", () => table.redraw());
  // The table's room down shrinks and grows with the footer too (on a phone a message takes
  // a line of its own): drawn again to fit. The width is the window's to change, not a
  // scroll bar's coming and going.
  let roomDown = $("table").parentElement.clientHeight;
  new ResizeObserver(([entry]) => {
    const down = entry.target.clientHeight;
    if (down !== roomDown) { roomDown = down; table.redraw(); }
  }).observe($("table").parentElement);
  setInterval(() => { if (view && view.clock_running) status(); }, 250);
  fillSettings();
  const latest = await api.latest();
  const ended = latest.status === 204 ? await lastShown() : null;
  if (latest.status === 200) await open(latest.data);
  else if (ended) {
    // No game in play: the last one this browser showed, as it ended (won, or given up).
    await open(ended);
    say(`Your last game, ${ended.result === "won" ? "won" : "as it ended"}: deal again for another.`);
  } else {
    $("game-picker").value = catalogue[0].id;
    await newGame(null, false);
    // A last game that can't be opened (a damaged save, a busy database) is kept as it is: say so.
    if (latest.status !== 204) say(`Your last game could not be opened (${latest.data?.detail ?? "no answer"}); here is a new deal.`);
  }
  // Choosing a game is offered only now: a choice made while the page was still opening
  // the last game would have been overwritten by it.
  choosing = true;
  for (const id of ["game-picker", "new-game"]) $(id).disabled = false;
  offerWinnable(entryOf($("game-picker").value));
}

start();

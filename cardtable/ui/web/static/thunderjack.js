// The Thunderjack table: the server holds the shoe and the hole card; the page shows
// the view, offers only the buttons the view allows, and animates what changed.
import { call } from "./api.js";
import { backSVG, cardName, faceSVG } from "./cards.js";

const $ = (id) => document.getElementById(id);
let view = null;
let rulesAsked = false; // the rules dialog was asked for before the table had loaded
let busy = Promise.resolve();
const SETTLE_MS = 400;  // after the turn passes to another hand, plays wait this long
const THINKING_MS = 700;  // a hint this slow is said to be on its way (as the solitaire page's)
let turnPassedAt = -Infinity;
const TURN_PASSED = "The turn has just passed to the next hand: press again to play it.";  // a press dropped, said
const BROKE = "You are out of credits: a fresh stake starts you again.";
const BET_FIRST = "Pick the hands to play (a click picks or unpicks one), press a chip to bet it on each hand picked, then Deal (space).";  // an empty table says how to begin

function handInTurn(v) {
  // Which hand is to play ("" between rounds): a play is meant for the hand the player saw.
  const hands = v?.round?.hands ?? [];
  const at = hands.findIndex((h) => h.turn);
  return at < 0 ? "" : `${at}/${hands.length}`;
}

function say(text) { $("message").textContent = text ? text[0].toUpperCase() + text.slice(1) : ""; }  // a sentence, as the solitaire page says it

function cardElement(card, isNew, delay) {
  const element = document.createElement("div");
  element.className = "card" + (card.card ? "" : " down") + (isNew ? " dealt" : "");
  element.style.animationDelay = `${delay * 0.12}s`;
  element.innerHTML = card.card ? faceSVG(card.card, true) : backSVG();  // rank over suit: all a strip of a fanned card shows
  if (card.card) element.dataset.card = card.card;
  return element;
}

function cardsRow(cards, before, start) {
  const row = document.createElement("div");
  row.className = "cards";
  cards.forEach((card, n) => {
    const wasSame = before && before[n] && before[n].card === card.card && !!before[n].down === !!card.down;
    row.append(cardElement(card, !wasSame, wasSame ? 0 : start + n));
  });
  return row;
}

function fitSeats(seats) {
  // Long hands side by side on a phone: each card's strip narrows until every hand fits its
  // seat (measured as laid out: the cards being dealt are still on their way in).
  const padding = (el) => parseFloat(getComputedStyle(el).paddingLeft) + parseFloat(getComputedStyle(el).paddingRight);
  const over = () => [...seats.querySelectorAll(".cards")].some((row) => {
    const cards = [...row.children];
    if (cards.length < 2) return false;
    const room = row.closest(".seat").clientWidth - padding(row.closest(".seat")) - padding(row.parentElement);
    return cards[0].offsetWidth + (cards.length - 1) * (cards[1].offsetLeft - cards[0].offsetLeft) > room;
  });
  seats.style.removeProperty("--strip");
  for (let strip = 15; strip >= 11 && over(); strip -= 1) seats.style.setProperty("--strip", `${strip}px`);
}

function render(next) {
  const previous = view;
  view = next;
  if (rulesAsked) { rulesAsked = false; showRules(); } // asked for before the table had loaded
  if (handInTurn(previous) && handInTurn(previous) !== handInTurn(view)) turnPassedAt = performance.now();
  $("table-name").textContent = tableName();  // the rules a saved table was changed to, not always Thunderjack's
  document.title = `${tableName()} · cardtable`;
  $("credits").textContent = `Credits ${view.credits}`;
  $("rules-line").textContent = view.description;
  const round = view.round;
  const oldRound = previous && previous.round;
  const dealer = $("dealer");
  dealer.querySelector(".cards").replaceWith(cardsRow(round ? round.dealer : [], oldRound && oldRound.dealer, 1));
  dealer.querySelector(".total").textContent = round ? `Dealer ${round.dealer_total}${round.dealer_total > 21 ? " · bust" : ""}` : "";
  const seats = $("seats");
  seats.replaceChildren();
  for (const seat of [...view.seats].reverse()) {  // left hand on the left of the screen
    const box = document.createElement("div");
    box.className = "seat" + (seat.selected ? " selected" : "");
    box.dataset.seat = seat.seat;
    const toggle = document.createElement("button");
    toggle.className = "toggle";
    toggle.textContent = `${seat.selected ? "●" : "○"} ${seat.seat} ${seat.bet ? "· " + seat.bet : ""}`;
    toggle.disabled = view.actions.length > 0;
    toggle.addEventListener("click", () => send("toggle", seat.seat));
    box.append(toggle);
    const hands = round ? round.hands.filter((h) => h.seat === seat.seat) : [];
    const oldHands = oldRound ? oldRound.hands.filter((h) => h.seat === seat.seat) : [];
    hands.forEach((hand, n) => {
      const element = document.createElement("div");
      element.className = "hand" + (hand.turn ? " turn" : "");
      element.append(cardsRow(hand.cards, oldHands[n] && oldHands[n].cards, 0));
      const note = document.createElement("div");
      note.className = "note";
      const finish = hand.finish ? ` · ${hand.finish}` : "";
      note.textContent = `${hand.total}${hand.soft ? " soft" : ""} · bet ${hand.bet}${finish}`;  // (a natural is not said soft)
      element.append(note);
      if (hand.paid !== null && (round.over || ["thunderjack", "blackjack", "blitz", "surrendered", "bust"].includes(hand.finish))) {
        const paid = document.createElement("div");
        paid.className = hand.paid < hand.bet ? "paid lost" : "paid";  // a loss in another colour than a win
        const net = hand.paid - hand.bet;
        paid.textContent = net > 0 ? `+${net}` : net === 0 ? "push" : `${net}`;
        element.append(paid);
      }
      box.append(element);
    });
    seats.append(box);
  }
  fitSeats(seats);
  // The hand to play is kept in sight (on a phone the hands stack below the controls).
  seats.querySelector(".hand.turn")?.scrollIntoView({ block: "nearest" });
  // A Thunderjack flashes as it happens: not again when a reload shows a round already over.
  const newThunder = previous && round && round.hands.some((h, i) => h.finish === "thunderjack"
    && !(oldRound && oldRound.hands[i] && oldRound.hands[i].finish === "thunderjack"));
  if (newThunder) { const flash = $("flash"); flash.hidden = false; flash.style.animation = "none"; flash.offsetHeight; flash.style.animation = ""; }
  const betting = view.actions.length === 0;
  $("chips").replaceChildren(...view.chips.map((chip) => {
    const button = document.createElement("button");
    // A chip the credits can't cover on every hand picked is grey, and says so.
    const covered = view.affordable.includes(chip);
    button.textContent = chip; button.dataset.chip = chip; button.disabled = !betting || !covered;
    if (betting && !covered && !view.can_fresh_stake) button.title = "more than the credits left cover on the hands picked";
    button.addEventListener("click", () => send("chip", String(chip)));
    return button;
  }));
  $("clear").hidden = !betting || !view.seats.some((seat) => seat.bet);  // nothing bet, nothing to clear
  $("deal").hidden = !view.can_deal;
  $("stake").hidden = !view.can_fresh_stake;
  $("hint").disabled = betting;
  $("actions").replaceChildren(...view.actions.map((action) => {
    const button = document.createElement("button");
    button.textContent = action[0].toUpperCase() + action.slice(1);
    button.dataset.action = action; button.className = "go";
    button.addEventListener("click", () => play(action));
    return button;
  }));
}

let pending = 0;  // intents sent and not yet answered

function play(action) {
  // A play on the hand in turn as shown: not one pressed as the turn passed (a second
  // press meant for the hand before), nor one queued behind an answer still to come.
  if (performance.now() - turnPassedAt < SETTLE_MS) { say(TURN_PASSED); return; }
  send("play", action, view.version);
}

function send(intent, value = "", seen = null) {
  // One intent at a time, in order; nothing before the first view. Chips add up, each
  // on the latest view. A play carries the version of the view it was chosen on
  // (``seen``): if an earlier answer changed the table first (a quick second key press),
  // it is dropped, since the player has not seen the hand it would now act on. A deal
  // queued behind a chip goes ahead only if the table then takes one.
  if (!view) return Promise.resolve();
  pending += 1;
  const run = busy.then(async () => {
    if (seen !== null && view.version !== seen) return;
    if (intent === "deal" && !view.can_deal) { if (!view.actions.length && !view.can_fresh_stake) say(BET_FIRST); return; }
    const slow = intent === "hint" ? setTimeout(() => say("Working out the best play…"), THINKING_MS) : 0;
    const { status, data } = await call("POST", "/api/thunderjack/actions", { intent, value, version: view.version })
      .finally(() => clearTimeout(slow));
    if (status === 409 && data.view) { render(data.view); say("The table changed in another tab; here it is now."); return; }
    if (status === 0 || status >= 400) { say(data.detail ?? "That did not work."); return; }
    if (intent !== "hint") render(data.view);
    say(broke(data.message));
  });
  busy = run.catch((error) => { console.error(error); say("Something went wrong on this page: reload it to carry on."); })
    .finally(() => { pending -= 1; });
  return busy;
}

function refresh() {
  // Back to this tab (or window): the table as the server has it now, where another tab
  // played on since, so the buttons offered are the table's, not a stale view's.
  if (!view || pending) return;
  busy = busy.then(async () => {
    const { status, data } = await call("GET", "/api/thunderjack");
    if (status === 200 && data.version !== view.version) { render(data); say("The table changed in another tab; here it is now."); }
  }).catch((error) => console.error(error));
}

function broke(message) {
  // The round's words, and where the credits are gone, the way on: the chips are grey.
  return view.can_fresh_stake ? [message, BROKE].filter(Boolean).join(" ") : message;
}

async function showStats() {
  const { status, data } = await call("GET", "/api/thunderjack/stats");
  if (status !== 200) { say(data.detail); return; }
  // The figures are the table's rule set's: another set's odds are its own.
  $("stats-title").textContent = `Statistics: ${tableName()}`;
  $("stats-other-rules").hidden = !data.counted_apart;
  $("stats-other-rules").textContent = data.counted_apart;
  $("stats-table").innerHTML = `<table>
    <tr><td>Rounds</td><td>${data.rounds}</td></tr><tr><td title="rounds by their net: a round whose hands won as much as they lost is even">Won / lost / even</td><td>${data.won} / ${data.lost} / ${data.pushed}</td></tr>
    <tr><td>Blackjacks</td><td>${data.blackjacks}</td></tr><tr><td>Thunderjacks</td><td>${data.thunderjacks}</td></tr>
    <tr><td>Blitzes</td><td>${data.blitzes}</td></tr><tr><td>Splits</td><td>${data.splits}</td></tr>
    <tr><td>Surrenders</td><td>${data.surrenders}</td></tr><tr><td>Net</td><td>${data.net}</td></tr>
    <tr><td>Fresh stakes</td><td>${data.stakes - 1}</td></tr></table>`;
  const recent = data.recent, chart = $("stats-chart");
  const top = Math.max(1, ...recent.map(Math.abs));
  chart.setAttribute("viewBox", `0 0 ${Math.max(recent.length, 1) * 10} 100`);
  chart.setAttribute("preserveAspectRatio", "none");
  chart.innerHTML = recent.map((net, i) => {
    const h = Math.max(1, 48 * Math.abs(net) / top);
    return `<rect x="${i * 10 + 1}" y="${net >= 0 ? 50 - h : 50}" width="8" height="${h}" fill="${net >= 0 ? "#4caf50" : "#d7263d"}"/>`;
  }).join("");
  $("stats-history").replaceChildren(...data.history.slice().reverse().map(roundLine));
  $("stats-dialog").showModal();
}

/** One settled round, newest first in the list: each hand, the dealer's cards, the net. */
function roundLine(round) {
  const cards = (codes) => codes.map(cardName).join(" ");
  const hands = round.hands.map((h) => `${h.seat} ${cards(h.cards)} (${h.finish}, bet ${h.bet}${h.result ? `, ${h.result}` : ""})`).join("; ");
  const item = document.createElement("li");
  item.textContent = `${hands} · dealer ${cards(round.dealer)} · ${round.net > 0 ? "+" : ""}${round.net}`;
  return item;
}

/** The game the table plays, by its rules' name. */
const tableName = () => (view.rules === "thunderjack" ? "Thunderjack!" : `Blackjack: ${view.rules} rules`);

/** The rules dialog, written by the server from the table's own rule set (once the table
 * has loaded: a click before that opens it as soon as it has). */
function showRules() {
  if (!view) { rulesAsked = true; return; }
  $("rules-name").textContent = tableName();
  $("rules-sheet").replaceChildren(...view.sheet.map((text) => Object.assign(document.createElement("p"), { textContent: text })));
  $("rules-description").textContent = view.description;
  $("rules-dialog").showModal();
}

async function start() {
  $("deal").addEventListener("click", () => send("deal"));
  $("clear").addEventListener("click", () => send("clear"));
  $("stake").addEventListener("click", () => send("stake"));
  $("hint").addEventListener("click", () => send("hint"));
  $("show-stats").addEventListener("click", showStats);
  $("show-rules").addEventListener("click", showRules);
  document.addEventListener("keydown", (event) => {
    if (!view || event.target instanceof HTMLInputElement || document.querySelector("dialog[open]")) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return; // the browser's shortcuts (Ctrl+R reloads), never a play
    const keys = { h: "hit", s: "stand", d: "double", p: "split", r: "surrender" };
    if (keys[event.key] && view.actions.includes(keys[event.key])) play(keys[event.key]);
    else if (event.key === " " && (view.can_deal || pending || !view.actions.length)) { event.preventDefault(); send("deal"); }  // not the focused button
    else if (event.key === "i" && view.actions.length) send("hint");
    else if (event.key === "f" && view.can_fresh_stake) send("stake");  // as in the terminal
  });
  $("new-table").addEventListener("click", newTable);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") refresh(); });
  window.addEventListener("focus", refresh);
  await load();
}

async function load() {
  // The table as the server has it, or why not (a damaged record: New table sets it aside).
  const { status, data } = await call("GET", "/api/thunderjack");
  if (status === 200) { render(data); say(broke(data.round || data.can_deal || data.can_fresh_stake ? "" : BET_FIRST)); }
  else if (status === 409) { say(`${data.detail}. New table keeps it aside and opens a new one.`); $("new-table").hidden = false; }
  else say(data.detail ?? "The table could not be loaded: reload the page.");
}

async function newTable() {
  // The damaged table is kept in the database under another name; play goes on at a new one.
  const { status, data } = await call("POST", "/api/thunderjack/new-table");
  if (status === 409) { $("new-table").hidden = true; return load(); }  // set aside already (another tab): the table as it is
  if (status !== 200) { say(data.detail ?? "That did not work."); return; }
  $("new-table").hidden = true;
  render(data.view);
  say(`${data.message}. ${BET_FIRST}`);
}

start();

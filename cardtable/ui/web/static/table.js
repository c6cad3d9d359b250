// The table: draws a view, animates changes, and turns pointer and keyboard input into
// intents (move this card there, deal, send home). Legality is always the server's call.

import { backSVG, faceSVG } from "./cards.js";
import { cardHeight, cardSpot, columnsAcross, fansAcross, gapShare, gridLine, layout, peaksAcross, wingsAcross } from "./layout.js";

const OUT_OF_ORDER = "Out of order: this card does not build on the card under it";

const DRAG_START = 5;
const MIN_CARD = 24; // narrower cards are hard to tap (thirteen columns take 25 on a phone)
const SMALL_CARD = 56; // narrower (a phone's): marks and the redeal's words shrink, as columns stand 3 px apart
const SHRUNK_CARD = 40; // as narrow as a long column makes the cards, still easy to read and tap; a longer one scrolls the page
const USUAL_CARD = 96; // as wide as a card grows wherever the width allows
const LARGEST_CARD = 152; // on a large screen, where the height allows too
const RUN = Array(12).fill({ card: "KS" }); // a column's growth in play, for the height a size needs
const STILL = new Set(["triangle", "grid", "dial", "rows", "fans"]); // layouts no deeper in play than when dealt

export function createTable(root, handlers) {
  let view = null;
  let width = 80;
  let places = {};
  let selected = null; // {pile, position}
  let clickActed = null; // the answer to the last single click's action (a move or a deal), if it had one
  let focus = { pile: 0, position: -1 };
  let drag = null;
  let dragged = false; // the click the browser sends after a drag is not a click
  let pressed = null; // the element a mouse button went down on, until it comes up
  let missed = false; // that element was a card sliding away from where the press was aimed
  let hint = null; // the hint lit: {move, id, version} of the table it was given on

  function cardWidth() {
    // As wide as the widest row: of the tableau, or of the piles above it.
    const across = view.layout === "wings" ? wingsAcross(view)
      : view.layout === "triangle" ? peaksAcross(view, room())
      : view.layout === "fans" ? fansAcross(view, room(), tall())
      : view.layout === "dial" || view.layout === "rows" ? layout(view, 100, room()).width / 100
      : view.layout === "grid" ? gridAcross(view) * (1 + gapShare(room()))
      : Math.max(columnsAcross(view, room()), 7) * (1 + gapShare(room()));
    const fits = Math.max(MIN_CARD, Math.floor(room() / across));
    if (fits <= USUAL_CARD) return shortEnough(fits);
    // Larger cards only where the table still fits the window's height once every column
    // has grown by a run of twelve: the size holds for the whole game on a large screen.
    const grown = { ...view, piles: view.piles.map((p) => (p.kind === "tableau" ? { ...p, cards: [...p.cards, ...RUN] } : p)) };
    for (let w = Math.min(fits, LARGEST_CARD); w > USUAL_CARD; w -= 8) {
      if (layout(grown, w, room(), tall()).height <= tall()) return w;
    }
    return shortEnough(USUAL_CARD);
  }

  function shortEnough(w) {
    // A table whose height play never changes (a pyramid, a grid, fans, a clock) takes
    // cards no larger than its whole fits the window's height at (and its width: gaps
    // rounded to whole pixels may add one or two). One that grows in play takes smaller
    // cards once a long column has closed up as far as it may (layout's MOST_SQUEEZED),
    // down to SHRUNK_CARD: its index shrinks with the card, so it still shows whole.
    const least = STILL.has(view.layout) ? MIN_CARD : Math.min(w, SHRUNK_CARD);
    const over = (at) => { const laid = layout(view, at, room(), tall()); return laid.height > tall() || laid.width > room(); };
    while (w > least && over(w)) w -= 1;
    return w;
  }

  function gridAcross(view) {
    // A line of the grid, and the piles beside it (a gap further off: layout.gridLayout).
    return gridLine(view, room()) + 1 + gapShare(room());
  }

  function tall() {
    // The table's room down: the page's height for it, less main's padding.
    return root.parentElement.clientHeight - 16;
  }

  function room() {
    // The table's room across: the page's width, less main's padding.
    return root.parentElement.clientWidth - 16;
  }

  function keyOf(code, seen) {
    seen[code] = (seen[code] ?? 0) + 1;
    return `${code}#${seen[code]}`;
  }

  function render(next) {
    const before = {};
    root.querySelectorAll(".card[data-key]").forEach((el) => { before[el.dataset.key] = el.getBoundingClientRect(); });
    const wasDown = new Set([...root.querySelectorAll(".card.down")].map((el) => `${el.dataset.pile}:${el.dataset.position}`));
    const sameGame = view !== null && next.id === view.id;
    const stockBox = root.querySelector('.slot.stock')?.getBoundingClientRect() ?? null;
    view = next;
    width = cardWidth();
    const drawnFor = [room(), tall()];
    const spots = layout(view, width, ...drawnFor);
    // A table sized to fit the window (a grid, a pyramid) drawn while the page's room was
    // other than it is by the next frame (a footer line come and gone within one task, which
    // no resize reports) is drawn again at the room it has: once, as it never changes it.
    if (STILL.has(view.layout)) requestAnimationFrame(() => { if (view === next && (room() !== drawnFor[0] || tall() !== drawnFor[1])) render(view); });
    places = spots.place;
    root.classList.toggle("small-cards", width < SMALL_CARD); // marks shrink with the cards
    root.style.width = `${spots.width}px`;
    root.style.height = `${spots.height}px`;
    root.replaceChildren();
    const H = cardHeight(width);
    const seen = {};
    view.piles.forEach((pile, index) => {
      const spot = places[pile.name];
      const slot = document.createElement("div");
      slot.className = `slot ${pile.kind}`;
      Object.assign(slot.dataset, { pile: pile.name, starts: pile.starts ?? "" });
      Object.assign(slot.style, { left: `${spot.x}px`, top: `${spot.y}px`, width: `${width}px`, height: `${H}px` });
      slot.title = pile.title;
      // A place of a pyramid once its card is gone is no place at all: no outline left behind.
      if (view.layout === "triangle" && pile.kind === "tableau") slot.classList.toggle("gone", pile.cards.length === 0);
      if (focus.pile === index && pile.cards.length === 0) slot.classList.add("focus");
      root.append(slot);
      const marks = new Set(view.violations[pile.name] ?? []);
      const sideways = ["left", "right", "spread"].includes(spot.fan);
      // A fan across shows a strip of each card's side: there the corner's suit lies under its rank.
      const stacked = sideways || spot.fan === "waste";
      pile.cards.forEach((card, n) => {
        const el = document.createElement("div");
        const at = cardSpot(pile, n, spot, width);
        el.className = "card" + (card.down ? " down" : "");
        el.dataset.pile = pile.name;
        el.dataset.position = String(n);
        if (!card.down) {
          el.dataset.key = keyOf(card.card, seen);
          el.dataset.card = card.card;
          el.innerHTML = faceSVG(card.card, stacked);
        } else {
          el.innerHTML = backSVG();
        }
        if (!card.down && sameGame && wasDown.has(`${pile.name}:${n}`)) el.classList.add("turned");
        // In a row fanned sideways a covered card's mark would show only as a bump above
        // the row, naming no card: there the mark is the top card's alone.
        if (marks.has(n) && (!sideways || n === pile.cards.length - 1)) {
          el.classList.add("violation");
          el.title = OUT_OF_ORDER;
        }
        if (selected && selected.pile === pile.name && n >= selected.position) el.classList.add("selected");
        if (focus.pile === index && normalise(focus.position, pile) === n) el.classList.add("focus");
        Object.assign(el.style, { left: `${at.x}px`, top: `${at.y}px`, width: `${width}px`, height: `${H}px`, zIndex: String(n + 1) });
        root.append(el);
      });
      if (pile.kind === "stock") markStock(slot, pile);
      // A squared pile shows its top card only: the stock counts its cards, and so does a
      // squared reserve or column holding more than one (Canfield's reserve, Accordion's piles).
      const squared = spot.fan === "none" || spot.fan === undefined;
      const counted = (pile.kind === "reserve" || pile.kind === "tableau") && squared && pile.cards.length > 1;
      if (pile.cards.length && (pile.kind === "stock" || counted)) {
        root.append(countBadge(pile, spot, slot.title));
      }
      if (pile.wants) root.append(wantsBadge(pile, spot, H));
    });
    if (view.redeal) root.append(redealControl(view.redeal, spots.redeal ?? { x: 0, y: 0 }, H));
    // A hint stays lit while the table it was given on stands: drawn again (a card picked
    // up, the window turned), its places are lit again; once a move is made it is done with.
    if (hint && hint.id === view.id && hint.version === view.version) light(hint.move);
    else hint = null;
    animate(before, sameGame ? stockBox : null);
  }

  function markStock(slot, pile) {
    // Where the stock's waste turns back over, it says how many times it still may;
    // empty, it shows whether a click turns the waste over.
    const turns = view.stock_redeals;
    if (!turns) return;
    const left = turns.left === null ? "turned over as often as you like" : `${turns.left} redeal${turns.left === 1 ? "" : "s"} left`;
    slot.title = `${pile.title}: ${left}`;
    if (!pile.cards.length && turns.can) Object.assign(slot.dataset, { turns: turns.left === null ? "↻" : `↻ ${turns.left}` });
  }

  function countBadge(pile, spot, title) {
    // How many cards a squared pile holds, on its top card's top right.
    const at = cardSpot(pile, pile.cards.length - 1, spot, width);
    const count = document.createElement("div");
    count.className = "count";
    count.dataset.pile = pile.name;
    count.textContent = String(pile.cards.length);
    count.title = title;
    Object.assign(count.style, { left: `${at.x + width}px`, top: `${at.y}px` });
    return count;
  }

  function wantsBadge(pile, spot, H) {
    // The rank a foundation takes next where it is not the one after its top card
    // (Calculation counts by twos, threes and fours): along its top card's foot.
    const at = cardSpot(pile, pile.cards.length - 1, spot, width);
    const wants = document.createElement("div");
    wants.className = "wants";
    wants.dataset.pile = pile.name;
    wants.textContent = `next ${pile.wants}`;
    wants.title = `${pile.title} takes a ${pile.wants} next`;
    Object.assign(wants.style, { left: `${at.x + width / 2}px`, top: `${at.y + H}px` });
    return wants;
  }

  function redealControl(offer, spot, H) {
    // A game with no stock redeals by gathering its columns: a button where a stock would lie.
    const button = document.createElement("button");
    button.id = "redeal";
    button.className = "redeal";
    button.type = "button";
    button.disabled = !offer.can;
    const left = offer.left === null ? "" : ` (${offer.left} left)`;
    button.textContent = `Redeal${left}`;
    if (width < SMALL_CARD) { // the sign and what is left, the words read aloud
      button.textContent = offer.left === null ? "↻" : `↻ ${offer.left} left`;
      button.setAttribute("aria-label", `Redeal${left}`);
    }
    button.title = offer.can ? "Gather the columns and deal them again (d)" : "No redeal now";
    Object.assign(button.style, { left: `${spot.x}px`, top: `${spot.y}px`, width: `${width}px`, height: `${H}px` });
    button.addEventListener("click", (event) => { event.stopPropagation(); selected = null; handlers.deal(); });
    return button;
  }

  function dealsNow(stock) {
    // A stock deals when clicked; one whose top card plays (Pyramid pairs it) deals from a
    // second click on it, or when empty (a redeal).
    return !stock.plays || (stock.deals && ((selected && selected.pile === stock.name) || !stock.cards.length));
  }

  function normalise(position, pile) {
    return position < 0 ? pile.cards.length + position : position;
  }

  function animate(before, stockBox) {
    // Cards slide from where they were; a card new to the table comes from the stock.
    root.querySelectorAll(".card[data-key]").forEach((el) => {
      const old = before[el.dataset.key] ?? (el.classList.contains("turned") ? null : stockBox);
      if (!old) return;
      const now = el.getBoundingClientRect();
      const dx = old.left - now.left, dy = old.top - now.top;
      if (Math.abs(dx) + Math.abs(dy) < 1) return;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: 180, easing: "ease-out" });
    });
  }

  function pileAt(x, y, exclude) {
    // The piles under or near the point, nearest first.
    const H = cardHeight(width);
    const found = [];
    view.piles.forEach((pile) => {
      if (pile.name === exclude) return;
      const spot = places[pile.name];
      const last = cardSpot(pile, Math.max(pile.cards.length - 1, 0), spot, width);
      const cx = last.x + width / 2, cy = last.y + H / 2;
      const distance = Math.hypot(cx - x, cy - y);
      if (distance < width * 1.1) found.push({ name: pile.name, distance });
    });
    return found.sort((a, b) => a.distance - b.distance).map((f) => f.name);
  }

  function localPoint(event) {
    const box = root.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  function cardElements(pile, position) {
    return [...root.querySelectorAll(`.card[data-pile="${pile}"]`)].filter((el) => Number(el.dataset.position) >= position);
  }

  function slideBack(elements) {
    elements.forEach((el) => {
      const from = el.style.transform;
      el.classList.remove("dragging");
      el.style.transform = "";
      if (from) el.animate([{ transform: from }, { transform: "none" }], { duration: 220, easing: "ease-out" });
    });
  }

  root.addEventListener("pointerdown", (event) => {
    // A press lands where the cards are going: slides still running end at once, and one
    // that met a card on its way out of the place (sent home, played) goes to what lies
    // there now, which the release, finding it, clicks. (Capturing: before the drag's.)
    missed = false;
    const sliding = root.getAnimations({ subtree: true }).filter((a) => a.playState === "running");
    if (!sliding.length) return;
    sliding.forEach((a) => a.finish());
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest(".card, .slot");
    if (under === event.target.closest(".card, .slot")) return;
    missed = true;
    event.stopPropagation();
  }, { capture: true });

  root.addEventListener("pointerdown", (event) => {
    dragged = false;
    const el = event.target.closest(".card");
    if (!el || el.classList.contains("down") || event.button > 0) return;
    const pile = el.dataset.pile, position = Number(el.dataset.position);
    drag = { pile, position, start: localPoint(event), moved: false, elements: cardElements(pile, position), targets: null };
    el.setPointerCapture(event.pointerId);
  });

  root.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const p = localPoint(event);
    const dx = p.x - drag.start.x, dy = p.y - drag.start.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_START) return;
    if (!drag.moved) {
      drag.moved = true;
      const pending = drag;
      handlers.targets(drag.pile, drag.position).then((t) => { pending.targets = t; });
    }
    drag.elements.forEach((el, i) => {
      el.classList.add("dragging");
      el.style.zIndex = String(1000 + i);
      el.style.transform = `translate(${dx}px, ${dy}px)`;
    });
  });

  root.addEventListener("pointerup", async (event) => {
    if (!drag) return;
    const current = drag;
    drag = null;
    if (!current.moved) return; // a click: handled by the click listener
    dragged = true;
    const top = current.elements[0].getBoundingClientRect();
    const box = root.getBoundingClientRect();
    const near = pileAt(top.left - box.left + width / 2, top.top - box.top + width * 0.7, current.pile);
    const legal = current.targets ? near.filter((n) => current.targets.includes(n)) : near;
    const target = legal[0] ?? near[0];
    if (!target) { slideBack(current.elements); return; }
    const outcome = await handlers.move(current.pile, current.position, target);
    if (!outcome.ok) slideBack(current.elements);
  });

  root.addEventListener("mousedown", (event) => { pressed = event.target; });

  root.addEventListener("mouseup", (event) => {
    // A redraw between press and release (a view come by the socket, the table resized as
    // the message under it changes) takes the element pressed away, and the browser then
    // sends no click; a press that met a card sliding away sends it to the table as a
    // whole (unless, a tap, the browser found the card under it itself): the card now
    // under the pointer gets the click, and the double-click.
    const el = document.elementFromPoint(event.clientX, event.clientY)?.closest(".card, .slot");
    const gone = pressed && (!pressed.isConnected || (missed && pressed.closest(".card, .slot") !== el));
    pressed = null;
    missed = false;
    if (!gone || event.button > 0) return;
    if (!el || !root.contains(el)) return;
    const at = { bubbles: true, clientX: event.clientX, clientY: event.clientY, detail: event.detail };
    el.dispatchEvent(new MouseEvent("click", at));
    if (event.detail === 2) el.dispatchEvent(new MouseEvent("dblclick", at));
  });

  root.addEventListener("pointercancel", () => {
    if (drag) slideBack(drag.elements);
    drag = null;
  });

  root.addEventListener("click", async (event) => {
    if (dragged) { dragged = false; return; }
    if (!view) return;
    const el = event.target.closest(".card, .slot");
    if (!el) return;
    const pile = el.dataset.pile;
    const pileView = view.piles.find((p) => p.name === pile);
    // A double-click's second click is the double-click's, except on a stock turning face
    // down cards to a waste or to the first gap (Accordion): clicked quickly (tapped, on a
    // phone) it deals each time. Not its last card (the second click would turn the waste
    // over, maybe its last pass), nor a stock dealing a row to the columns (Spider's ten,
    // dealt twice by a habit). A face-up stock card the first click picked up (Pyramid's)
    // is dealt by the second, as two slower clicks deal it.
    const faceUp = el.classList.contains("card") && !el.classList.contains("down");
    const dealsAgain = pileView.kind === "stock" && dealsNow(pileView)
      && (faceUp ? pileView.plays : view.deals_to_one_pile && pileView.cards.length > 1);
    if (event.detail > 1 && !dealsAgain) return;
    clickActed = null;
    if (pileView.kind === "stock" && dealsNow(pileView)) { selected = null; clickActed = handlers.deal(); await clickActed; return; }
    if (selected && selected.pile !== pile) {
      const from = selected;
      selected = null;
      clickActed = handlers.move(from.pile, from.position, pile);
      await clickActed;
      return;
    }
    if (el.classList.contains("card") && el.classList.contains("down") && pileView.kind !== "stock") {
      handlers.say("that card is face down: it can't be played until it turns up");
      return;
    }
    if (el.classList.contains("card") && !el.classList.contains("down")) {
      const position = Number(el.dataset.position);
      // A card the server says a click plays (it has one place and can do nothing else) goes there at once.
      if (!selected && (view.played_by_click?.[pile] ?? []).includes(position)) {
        clickActed = handlers.move(pile, position, view.targets[pile][position][0]);
        await clickActed;
        return;
      }
      const again = selected && selected.pile === pile && selected.position === position;
      if (!again && nowhere(pile, position)) {
        if (pileView.kind === "stock" && pileView.deals) { selected = null; clickActed = handlers.deal(); await clickActed; return; }  // it can do nothing else
        await sayWhyNowhere(pile, position);
        return;
      }
      selected = again ? null : { pile, position };
      const orDeal = pileView.kind === "stock" && pileView.deals ? ", or the stock again to deal it" : "";
      handlers.say(selected ? `${handlers.whereTo(false, selected)}${orDeal}` : "");
      render(view);
    }
  });

  root.addEventListener("dblclick", async (event) => {
    // A double-click whose first click played (a pair made, a card dealt) has nothing
    // left to send home: the card it named has moved. One whose first click was refused
    // (a card picked up before that can't go there) sends its card home as asked.
    const el = event.target.closest(".card");
    if (!el || el.classList.contains("down")) return;
    if (clickActed && (await clickActed)?.ok) return;
    selected = null;
    await handlers.home(el.dataset.pile, Number(el.dataset.position));
  });

  root.addEventListener("keydown", async (event) => {
    if (!view) return;
    const pile = view.piles[focus.pile];
    const keys = {
      ArrowRight: () => { focus = { pile: (focus.pile + 1) % view.piles.length, position: -1 }; render(view); },
      ArrowLeft: () => { focus = { pile: (focus.pile + view.piles.length - 1) % view.piles.length, position: -1 }; render(view); },
      ArrowUp: () => { focus.position = Math.max(normalise(focus.position, pile) - 1, 0); render(view); },
      ArrowDown: () => { focus.position = Math.min(normalise(focus.position, pile) + 1, pile.cards.length - 1); render(view); },
      Enter: async () => {
        if (pile.kind === "stock" && dealsNow(pile)) {
          selected = null;
          return handlers.deal();
        }
        if (selected && selected.pile !== pile.name) {
          const from = selected; selected = null;
          return handlers.move(from.pile, from.position, pile.name);
        }
        const position = normalise(focus.position, pile);
        if (pile.cards[position] && !pile.cards[position].down) {
          if (nowhere(pile.name, position)) return sayWhyNowhere(pile.name, position);
          selected = { pile: pile.name, position };
          handlers.say(handlers.whereTo(true, selected));  // as a click says where to click
          render(view);
        }
      },
    };
    keys[" "] = keys.Enter;
    keys.Escape = () => { selected = null; handlers.say(""); render(view); }; // a card picked up is put back
    if (keys[event.key]) { event.preventDefault(); root.classList.add("keyboard"); await keys[event.key](); }
  });
  root.addEventListener("pointerdown", () => root.classList.remove("keyboard"));
  document.addEventListener("keydown", (event) => {
    // Escape puts a card picked up back wherever the focus is (a button pressed since),
    // but a dialog's Escape only closes the dialog.
    if (event.key !== "Escape" || !selected || root.contains(event.target) || document.querySelector("dialog[open]")) return;
    selected = null; handlers.say(""); render(view);
  });

  function highlight(move) {
    root.querySelectorAll(".hinted").forEach((el) => el.classList.remove("hinted"));
    hint = move && view ? { move, id: view.id, version: view.version } : null;
    if (hint) light(move);
  }

  function light(move) {
    // The hint's places: the cards it moves and where they go, or the stock to deal.
    if (move.kind === "deal" || move.kind === "redeal") { // the stock's top, its place, or the redeal button
      const stock = [...root.querySelectorAll('.card[data-pile="stock"]')].pop()
        ?? root.querySelector('.slot[data-pile="stock"]') ?? root.querySelector("#redeal");
      stock?.classList.add("hinted");
      return;
    }
    if (move.source) {
      const cards = [...root.querySelectorAll(`.card[data-pile="${move.source}"]`)];
      cards.slice(-(move.count ?? 1)).forEach((el) => el.classList.add("hinted"));
    }
    if (move.target) {
      const target = [...root.querySelectorAll(`.card[data-pile="${move.target}"]`)].pop()
        ?? root.querySelector(`.slot[data-pile="${move.target}"]`);
      target?.classList.add("hinted");
    }
  }

  function nowhere(pile, position) {
    // A face-up card the view gives no place to go (none once the game is given up).
    return Boolean(view.targets) && !(view.targets[pile]?.[position]?.length);
  }

  async function sayWhyNowhere(pile, position) {
    // Nothing is picked up: the server says at once why the card can't go anywhere.
    selected = null;
    render(view);
    handlers.say(await handlers.whyNowhere(pile, position));
  }

  function keepSelectionOn(next) {
    // A card picked up stays picked up while the same card lies where it was (this tab's own move
    // answered meanwhile); put down if not (an undo, another tab's move, another game).
    const at = (shown) => shown?.piles.find((p) => p.name === selected.pile)?.cards[selected.position]?.card;
    if (selected && (!at(view) || view.id !== next.id || at(view) !== at(next))) selected = null;
  }

  return { render, highlight, redraw: () => view && render(view), keepSelectionOn };
}

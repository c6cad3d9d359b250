// Where each pile goes on the table, for a given card width. Pixels live here only.

export function cardHeight(width) { return Math.round(width * 1.4); }

/** Places for every pile: {x, y, fan} with fan "down" (closed up by `squeeze` where a long
 * column would run below the window), "right", "left", "spread" (a fan in its room of `span`
 * pixels), "waste" or "none"; `room` is the page's width for the table, `tall` its height. */
export function layout(view, width, room = Infinity, tall = Infinity) {
  const W = width, H = cardHeight(width), g = Math.round(W * gapShare(room));
  const piles = view.piles;
  const place = {};
  const tableau = piles.filter((p) => p.kind === "tableau");
  const others = piles.filter((p) => p.kind !== "tableau");
  if (view.layout === "triangle") {
    others.forEach((p, i) => { place[p.name] = { x: i * (W + g), y: 0, fan: "none" }; });
    const { at, open, top } = peaks(tableau);
    const step = W + g;
    tableau.forEach((p) => {
      const { x, depth } = at[p.name];
      place[p.name] = { x: x * step, y: H + g + (top - depth) * H * 0.5, fan: "none" };
    });
    return { place, width: Math.max(open * step - g, others.length * step), height: H + g + top * H * 0.5 + H + g };
  }
  if (view.layout === "fans") return fans(view, W, g, room, tall);
  if (view.layout === "dial") return clockLayout(view, W, H, g, tableau, others, room);
  if (view.layout === "grid") return gridLayout(view, W, H, g, tableau, others, place, room);
  if (view.layout === "wings") {
    // A wing as wide as its longest row needs, each index whole (wingSide); where even
    // the narrowest cards leave no room for that (`room`), the row closes up within it.
    const side = Math.max(WING_SIDE * W, Math.min(wingSide(view) * W, (room - W) / 2 - g)), centre = side + g;
    const span = side - W; // a row's room beyond its last card: a long row closes up within it
    const founds = others.filter((p) => p.kind === "foundation");
    founds.forEach((p, r) => { place[p.name] = { x: centre, y: r * (H + g), fan: "none" }; });
    tableau.forEach((p, i) => {
      const left = i < tableau.length / 2;
      const r = left ? i : i - tableau.length / 2;
      place[p.name] = left
        ? { x: centre - g - W, y: r * (H + g), fan: "left", span }
        : { x: centre + W + g, y: r * (H + g), fan: "right", span };
    });
    return { place, width: 2 * centre + W, height: founds.length * (H + g) };
  }
  if (view.layout === "rows") return rowsLayout(view, W, H, g);
  const columns = columnsAcross(view, room);
  const foundations = others.filter((p) => p.kind === "foundation");
  const left = others.filter((p) => p.kind !== "foundation");
  const lead = view.redeal ? 1 : 0; // a redeal that gathers the columns has the first place
  // The piles above the tableau fill rows of `columns` places, the foundations at the end.
  const rows = Math.ceil(aboveCount(view) / columns);
  const at = (slot) => ({ x: (slot % columns) * (W + g), y: Math.floor(slot / columns) * (H + g) });
  let slot = lead;
  left.forEach((p) => {
    const fan = fanned(view, p) ? "waste" : "none";
    place[p.name] = { ...at(slot), fan };
    slot += fan === "waste" ? 2 : 1; // a fanned waste spreads over the place after it (Canfield's reserve comes next)
  });
  foundations.forEach((p, i) => { place[p.name] = { ...at(rows * columns - foundations.length + i), fan: "none" }; });
  // On a narrow screen many columns stand in two rows, the second below the first's deepest column.
  const split = tableauAcross(view, room);
  const lines = split < tableau.length ? [tableau.slice(0, split), tableau.slice(split)] : [tableau];
  let y = rows * (H + g);
  // A column that would run below the window closes up, keeping three quarters of its spacing at least.
  const roomBelow = (tall - y - g * (lines.length - 1)) / lines.length - H;
  lines.forEach((line) => {
    const indent = ((columns - line.length) * (W + g)) / 2; // under a wider row above, the columns sit in the middle
    line.forEach((p, i) => {
      const depth = fanDepth(p, H);
      const squeeze = depth > roomBelow ? Math.max(MOST_SQUEEZED, roomBelow / depth) : 1;
      place[p.name] = { x: indent + i * (W + g), y, fan: "down", squeeze };
    });
    y += H + Math.max(0, ...line.map((p) => fanDepth(p, H) * place[p.name].squeeze)) + g;
  });
  return { place, width: columns * (W + g) - g, height: y - g, redeal: lead ? { x: 0, y: 0 } : null };
}

const CRAMPED = 30; // a card narrower than this in one row of columns: the columns take two rows

/** Columns in the tableau's first row: all of them, or on a narrow screen where one row
 * would make the cards too small to read, half (rounded up), the rest in a second row. */
export function tableauAcross(view, room) {
  const count = view.piles.filter((p) => p.kind === "tableau").length;
  return room / (count * (1 + gapShare(room))) < CRAMPED ? Math.ceil(count / 2) : count;
}

const MOST_SQUEEZED = 0.75; // the least of its spacing a column keeps, so a card's whole index still shows (at half, a Q read as an O); longer, the cards shrink (table.js)

/** How far below its place a column's last card lies. */
function fanDepth(pile, H) { return downBy(pile.cards, pile.cards.length - 1, H); }

/** How far below a column's place its card n lies: face-down cards lie closer. */
function downBy(cards, n, H) {
  let y = 0;
  for (let i = 0; i < n; i++) y += cards[i].down ? H * 0.12 : H * 0.28;
  return y;
}

/** The gap between piles, as a share of a card's width: less on a phone's narrow screen. */
export function gapShare(room) { return room < 500 ? 0.08 : 0.18; }

const COMFORTABLE = 40; // a card narrower than this is hard to tap

/** Places the piles above the tableau take (a fanned waste takes two). */
function aboveCount(view) {
  const others = view.piles.filter((p) => p.kind !== "tableau");
  return others.length + (others.some((p) => fanned(view, p)) ? 1 : 0) + (view.redeal ? 1 : 0);
}

/**
 * Places across a table of columns: as many as the tableau or the row above it, whichever
 * is wider; but a row above that would make the cards too narrow to tap wraps onto more
 * rows, as wide as the tableau.
 */
export function columnsAcross(view, room) {
  const tableau = tableauAcross(view, room);
  const above = aboveCount(view);
  const narrow = room / (Math.max(above, 7) * (1 + gapShare(room))) < COMFORTABLE;
  return above > tableau && narrow ? Math.max(tableau, Math.min(above, 7)) : Math.max(tableau, above);
}

/**
 * Where the piles of a triangle lie, worked out from what covers what: the open piles
 * (covered by none) side by side, each covered pile midway between the piles covering it
 * and a row above them. So Pyramid comes out a pyramid and Tri-Peaks three peaks.
 * Returns {at: {name: {x, depth}}, open: piles in the open row, top: the deepest row}.
 */
export function peaks(tableau) {
  const byName = Object.fromEntries(tableau.map((p) => [p.name, p]));
  const at = {};
  let open = 0;
  tableau.filter((p) => p.covered_by.length === 0).forEach((p) => { at[p.name] = { x: open++, depth: 0 }; });
  const locate = (name) => {
    if (!at[name]) {
      const over = byName[name].covered_by.map(locate);
      at[name] = { x: over.reduce((sum, o) => sum + o.x, 0) / over.length, depth: 1 + Math.max(...over.map((o) => o.depth)) };
    }
    return at[name];
  };
  tableau.forEach((p) => locate(p.name));
  return { at, open, top: Math.max(0, ...Object.values(at).map((a) => a.depth)) };
}

/** Card widths a triangle takes across (its open row, or the piles above it). */
export function peaksAcross(view, room) {
  const tableau = view.piles.filter((p) => p.kind === "tableau");
  return Math.max(peaks(tableau).open, view.piles.length - tableau.length) * (1 + gapShare(room));
}

const FAN_SPAN = 1.8; // a fan's room, in card widths: three cards spread, a long fan closes up
const FAN_STEP = 0.26; // the least of a card a fan shows, in card widths: its index, rank over suit, whole

/** A fan's room, in card widths: FAN_SPAN, or where the longest fan would close up tighter
 * than FAN_STEP in that (Crescent deals fans of six, La Belle Lucie's grow), room for it
 * at FAN_STEP: the cards come out smaller (table.js cardWidth), each index whole. */
function fanSpan(view) {
  const longest = Math.max(1, ...view.piles.filter((p) => p.kind === "tableau").map((p) => p.cards.length));
  return Math.max(FAN_SPAN, 1 + (longest - 1) * FAN_STEP);
}

/** Fans in a row: six across a desktop window, four across a phone (room in pixels), or
 * fewer where the window's height (`tall`) has room for more rows and the cards come out
 * larger by a twentieth at least (on a phone, La Belle Lucie's fans three to a row).
 * Worked out from FAN_SPAN, not the longest fan's room: a fan growing long moves no fan. */
export function fansPerRow(view, room, tall = Infinity) {
  const count = view.piles.filter((p) => p.kind === "tableau").length;
  if (hole(view)) return HOLE_ROW;
  const most = room < 700 ? 4 : 6;
  const balanced = (across) => Math.ceil(count / Math.ceil(count / across)); // rows as even as they go
  const gap = gapShare(room), above = aboveFans(view);
  const size = (across) => Math.min( // the card width a row of `across` allows
    room / Math.max(balanced(across) * (FAN_SPAN + gap), above * (1 + gap)),
    tall / ((Math.ceil(count / balanced(across)) + 1) * (cardHeight(100) / 100 + gap)),
  );
  let best = most;
  for (let across = most - 1; across >= 2 && Number.isFinite(tall); across--) if (size(across) > 1.05 * size(best)) best = across;
  return balanced(best);
}

/** Places in the row above the fans: the other piles, and the redeal's. */
function aboveFans(view) {
  return view.piles.filter((p) => p.kind !== "tableau").length + (view.redeal ? 1 : 0);
}

/** Card widths the fans take across: their rows, or the piles above them. */
export function fansAcross(view, room, tall = Infinity) {
  const gap = gapShare(room);
  return Math.max(fansPerRow(view, room, tall) * (fanSpan(view) + gap), aboveFans(view) * (1 + gap));
}

const HOLE_ROW = 5; // fans in a row around a lone foundation: two each side of it

/** The one pile besides the fans, where there is only one (Black Hole's hole), or null. */
function hole(view) {
  const others = view.piles.filter((p) => p.kind !== "tableau");
  return others.length === 1 && !view.redeal ? others[0] : null;
}

/**
 * Fans around a lone foundation, as PySolFC lays out Black Hole: a full row on top and at
 * the bottom, and rows between them that leave the middle place to the foundation.
 */
function aroundHole(view, W, g) {
  const place = {};
  const H = cardHeight(W), span = Math.round(W * fanSpan(view));
  const tableau = view.piles.filter((p) => p.kind === "tableau");
  const middle = Math.floor(HOLE_ROW / 2);
  let rows = 3;
  while (2 * HOLE_ROW + (rows - 2) * (HOLE_ROW - 1) < tableau.length) rows++;
  const spots = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < HOLE_ROW; column++) {
      if (row > 0 && row < rows - 1 && column === middle) continue;
      spots.push({ x: column * (span + g), y: row * (H + g) });
    }
  }
  tableau.forEach((p, i) => { place[p.name] = { ...spots[i], fan: "spread", span }; });
  place[hole(view).name] = { x: middle * (span + g) + (span - W) / 2, y: ((rows - 1) / 2) * (H + g), fan: "none" };
  return { place, width: HOLE_ROW * (span + g) - g, height: rows * (H + g), redeal: null };
}

/** Many short piles: foundations (and cells) on top, then rows of fans spreading right. */
function fans(view, W, g, room, tall) {
  if (hole(view)) return aroundHole(view, W, g);
  const place = {};
  const H = cardHeight(W);
  const tableau = view.piles.filter((p) => p.kind === "tableau");
  const others = view.piles.filter((p) => p.kind !== "tableau");
  const perRow = fansPerRow(view, room, tall);
  const span = Math.round(W * fanSpan(view));
  const width = Math.max(perRow * (span + g) - g, aboveFans(view) * (W + g) - g);
  const foundations = others.filter((p) => p.kind === "foundation");
  const left = others.filter((p) => p.kind !== "foundation");
  const start = view.redeal ? 1 : 0; // the redeal's place comes first
  left.forEach((p, i) => { place[p.name] = { x: (start + i) * (W + g), y: 0, fan: "none" }; });
  foundations.forEach((p, i) => { place[p.name] = { x: width - (foundations.length - i) * (W + g) + g, y: 0, fan: "none" }; });
  tableau.forEach((p, i) => {
    const row = Math.floor(i / perRow), column = i % perRow;
    place[p.name] = { x: column * (span + g), y: (row + 1) * (H + g), fan: "spread", span };
  });
  const rows = Math.ceil(tableau.length / perRow);
  return { place, width, height: (rows + 1) * (H + g), redeal: view.redeal ? { x: 0, y: 0 } : null };
}

/** The clock face: foundation n at hour n (a 13th in the centre), any other pile beside
 * the centre, and the tableau beside the face (below it when long). Where there is a
 * tableau pile for each foundation (the Clock: a pile at each hour), the two stand at their
 * hour together: side by side, the pile on the left, or where the room is too narrow for
 * cards that size (a phone), the pile over the foundation's lower part, leaving its
 * index (or, empty, its hour) in sight. */
const HOURS = [[0, 0], [1, 0.15], [2, 0.5], [2.5, 1.5], [2, 2.5], [1, 2.85], [0, 3], [-1, 2.85], [-2, 2.5], [-2.5, 1.5], [-2, 0.5], [-1, 0.15]];

function clockLayout(view, W, H, g, tableau, others, room) {
  const place = {};
  const step = W + g;
  const founds = others.filter((p) => p.kind === "foundation");
  const paired = tableau.length === founds.length;
  const apart = paired && room / (12 * (1 + gapShare(room))) >= COMFORTABLE;
  const unit = apart ? 2 : 1; // the places an hour takes across
  const down = paired && !apart ? H * 0.62 : 0; // how far a pile lies below its foundation
  const rowStep = H + g + down; // an hour's depth on the face
  const cx = 2.5 * unit * step, cy = 1.5 * rowStep;
  founds.forEach((p, i) => {
    const [dx, dy] = i < 12 ? HOURS[(i + 1) % 12] : [0, 1.5];
    const x = cx + dx * unit * step, y = dy * rowStep;
    if (paired) place[tableau[i].name] = { x, y: y + down, fan: "none" };
    place[p.name] = { x: x + (unit - 1) * step, y, fan: "none" };
  });
  others.filter((p) => p.kind !== "foundation").forEach((p, i) => {
    const side = i % 2 === 0 ? -1 : 1;
    const beyond = (1 + Math.floor(i / 2)) * step + (apart ? step / 2 : 0); // clear of the centre's hour
    place[p.name] = { x: side < 0 ? cx - beyond : cx + (unit - 1) * step + beyond, y: cy, fan: "none" };
  });
  const face = { width: 2 * cx + unit * step - g, height: 2 * cy + H + down };
  if (paired) return { place, width: face.width, height: face.height };
  // Up to eight columns beside the face where the cards stay easy to tap; more, or a
  // narrow screen (a phone), put them below it, in rows of at most seven.
  const beside = 6 * unit + 2 + tableau.length; // the places across, the face's and the columns'
  const below = tableau.length > 8 || room / (beside * (1 + gapShare(room))) < COMFORTABLE;
  const across = below ? Math.min(7, tableau.length) : tableau.length;
  const rowHeight = H + Math.max(0, ...tableau.map((p) => fanDepth(p, H))) + g;
  const x0 = below ? 0 : face.width + 2 * g, y0 = below ? face.height + g : 0;
  tableau.forEach((p, i) => {
    place[p.name] = { x: x0 + (i % across) * (W + g), y: y0 + Math.floor(i / across) * rowHeight, fan: "down" };
  });
  const columns = { width: across * (W + g) - g, height: Math.ceil(tableau.length / across) * rowHeight - g };
  return below
    ? { place, width: Math.max(face.width, columns.width), height: y0 + columns.height }
    : { place, width: x0 + columns.width, height: Math.max(face.height, columns.height) };
}

/** A grid of single-card places, view.row_length to a row, with the other piles in a
 *  column to its right (Monte Carlo, Montana). */
/** Places of a grid's row on one line: all of them, or on a narrow screen where they would
 * make the cards too small to read, half (rounded up), the rest on the line below. */
export function gridLine(view, room) {
  const row = view.row_length || view.piles.filter((p) => p.kind === "tableau").length;
  return room / ((row + 1) * (1 + gapShare(room))) < CRAMPED ? Math.ceil(row / 2) : row;
}

function gridLayout(view, W, H, g, tableau, others, place, room) {
  const row = view.row_length || tableau.length;
  const line = gridLine(view, room), halves = Math.ceil(row / line);
  const apart = halves > 1 ? Math.round(H * 0.2) : 0; // between rows split over two lines: rows stay rows
  const rows = Math.ceil(tableau.length / row) * halves;
  tableau.forEach((p, i) => {
    const r = Math.floor(i / row), at = i % row;
    const y = (r * halves + Math.floor(at / line)) * (H + g) + r * apart;
    place[p.name] = { x: (at % line) * (W + g), y, fan: "none" };
  });
  const side = line * (W + g) + g; // two gaps off: apart from the grid, not a place of it
  others.forEach((p, i) => { place[p.name] = { x: side, y: i * (H + g), fan: "none" }; });
  // The redeal (Montana's) has a place of its own beside the grid, below the other piles:
  // over a place of the grid it would hide a card, and a click on a gap would redeal.
  const besides = others.length + (view.redeal ? 1 : 0);
  const redeal = view.redeal ? { x: side, y: others.length * (H + g) } : null;
  const tall = Math.max(rows, besides);
  const split = (Math.ceil(tableau.length / row) - 1) * apart;
  return { place, width: side + (besides ? W : -g), height: tall * (H + g) - g + split, redeal };
}

const WING_SIDE = 4.2; // a wing's room, in card widths: a row of twelve keeps its spacing
const WING_STEP = 0.26; // the least of a card a row shows, in card widths: its index, rank over suit, whole

/** A wing's room, in card widths: WING_SIDE, or where the longest row would close up
 * tighter than WING_STEP in that (Beleaguered Castle's rows pass fourteen cards), room for
 * it at WING_STEP: the cards come out smaller (table.js cardWidth), each index whole. */
function wingSide(view) {
  const longest = Math.max(1, ...view.piles.filter((p) => p.kind === "tableau").map((p) => p.cards.length));
  return Math.max(WING_SIDE, 1 + (longest - 1) * WING_STEP);
}

/** Card widths the wings take across: both wings, and the foundations between them. */
export function wingsAcross(view) {
  return 9.8 + 2 * (wingSide(view) - WING_SIDE);
}

/** Each reserve beside a foundation, both fanned to the right so every card shows; the
 * stock and waste to their right. */
function rowsLayout(view, W, H, g) {
  const place = {};
  const reserves = view.piles.filter((p) => p.kind === "reserve");
  const founds = view.piles.filter((p) => p.kind === "foundation");
  const rest = view.piles.filter((p) => p.kind !== "reserve" && p.kind !== "foundation");
  const homeX = reserves.length ? W * 1.9 + 2 * g : 0, restX = homeX + W * 4.6 + 2 * g;
  reserves.forEach((p, r) => { place[p.name] = { x: 0, y: r * (H + g), fan: "right" }; });
  founds.forEach((p, r) => { place[p.name] = { x: homeX, y: r * (H + g), fan: "right" }; });
  rest.forEach((p, r) => { place[p.name] = { x: restX, y: r * (H + g), fan: fanned(view, p) ? "waste" : "none" }; });
  const rows = Math.max(reserves.length, founds.length, rest.length);
  return { place, width: restX + W * 1.5, height: rows * (H + g) };
}

/** Whether a pile is a waste showing the cards of the last turn side by side: where
 * more than one card is drawn at a time (one drawn lies squarely on the last). */
function fanned(view, pile) {
  return pile.kind === "waste" && view.draw > 1;
}

/** Where card n of a pile lies, given its place. */
export function cardSpot(pileView, n, spot, width) {
  const H = cardHeight(width);
  const cards = pileView.cards;
  if (spot.fan === "down") {
    return { x: spot.x, y: spot.y + downBy(cards, n, H) * (spot.squeeze ?? 1) };
  }
  if (spot.fan === "spread") {
    // Spread to the right within the fan's room, closer as the fan grows.
    const step = cards.length > 1 ? Math.min(width * 0.36, (spot.span - width) / (cards.length - 1)) : 0; // "10" shows whole
    return { x: spot.x + n * step, y: spot.y };
  }
  if (spot.fan === "right" || spot.fan === "left") {
    // Fanned sideways, closer where a long row would leave its room (spot.span).
    const room = spot.span ?? Infinity;
    const step = cards.length > 1 ? Math.min(width * 0.3, room / (cards.length - 1)) : 0;
    return { x: spot.fan === "right" ? spot.x + n * step : spot.x - (cards.length - 1 - n) * step, y: spot.y };
  }
  if (spot.fan === "waste") {
    const shown = Math.max(0, n - (cards.length - 3));
    return { x: spot.x + shown * width * 0.25, y: spot.y };
  }
  return { x: spot.x, y: spot.y };
}

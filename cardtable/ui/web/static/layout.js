// Where each pile goes on the table, for a given card width. Pixels live here only.

export function cardHeight(width) { return Math.round(width * 1.4); }

/** Places for every pile: {x, y, fan} with fan "down", "right", "left", "waste" or "none". */
export function layout(view, width) {
  const W = width, H = cardHeight(width), g = Math.round(W * 0.18);
  const piles = view.piles;
  const place = {};
  const tableau = piles.filter((p) => p.kind === "tableau");
  const others = piles.filter((p) => p.kind !== "tableau");
  if (view.layout === "triangle") {
    others.forEach((p, i) => { place[p.name] = { x: i * (W + g), y: 0, fan: "none" }; });
    let n = 0;
    const rows = Math.round((Math.sqrt(8 * tableau.length + 1) - 1) / 2);
    const full = rows * (W + g);
    for (let r = 0; r < rows; r++) {
      for (let i = 0; i <= r; i++) {
        place[tableau[n].name] = { x: (full - (r + 1) * (W + g)) / 2 + i * (W + g), y: H + g + r * H * 0.5, fan: "none" };
        n++;
      }
    }
    return { place, width: Math.max(full, others.length * (W + g)), height: H + g + rows * H * 0.5 + H * 0.6 };
  }
  if (view.layout === "grid") return gridLayout(view, W, H, g, tableau, others, place);
  if (view.layout === "wings") {
    const side = 4.2 * W, centre = side + g;
    const founds = others.filter((p) => p.kind === "foundation");
    founds.forEach((p, r) => { place[p.name] = { x: centre, y: r * (H + g), fan: "none" }; });
    tableau.forEach((p, i) => {
      const left = i < tableau.length / 2;
      const r = left ? i : i - tableau.length / 2;
      place[p.name] = left
        ? { x: centre - g - W, y: r * (H + g), fan: "left" }
        : { x: centre + W + g, y: r * (H + g), fan: "right" };
    });
    return { place, width: 2 * centre + W, height: founds.length * (H + g) };
  }
  const hasWaste = others.some((p) => p.kind === "waste");
  const columns = Math.max(tableau.length, others.length + (hasWaste ? 1 : 0));
  const foundations = others.filter((p) => p.kind === "foundation");
  const left = others.filter((p) => p.kind !== "foundation");
  left.forEach((p, i) => { place[p.name] = { x: i * (W + g), y: 0, fan: p.kind === "waste" ? "waste" : "none" }; });
  foundations.forEach((p, i) => {
    place[p.name] = { x: (columns - foundations.length + i) * (W + g), y: 0, fan: "none" };
  });
  tableau.forEach((p, i) => { place[p.name] = { x: i * (W + g), y: H + g, fan: "down" }; });
  const tallest = Math.max(0, ...tableau.map((p) => p.cards.length));
  return { place, width: columns * (W + g) - g, height: H + g + H + tallest * H * 0.28 };
}

/** A grid of single-card places, view.row_length to a row, with the other piles in a
 *  column to its right (Monte Carlo, Montana). */
function gridLayout(view, W, H, g, tableau, others, place) {
  const row = view.row_length || tableau.length;
  const rows = Math.ceil(tableau.length / row);
  tableau.forEach((p, i) => {
    place[p.name] = { x: (i % row) * (W + g), y: Math.floor(i / row) * (H + g), fan: "none" };
  });
  const side = row * (W + g);
  others.forEach((p, i) => { place[p.name] = { x: side, y: i * (H + g), fan: "none" }; });
  const tall = Math.max(rows, others.length);
  return { place, width: side + (others.length ? W : -g), height: tall * (H + g) - g };
}

/** Where card n of a pile lies, given its place. */
export function cardSpot(pileView, n, spot, width) {
  const H = cardHeight(width);
  const cards = pileView.cards;
  if (spot.fan === "down") {
    let y = spot.y;
    for (let i = 0; i < n; i++) y += cards[i].down ? H * 0.12 : H * 0.28;
    return { x: spot.x, y };
  }
  if (spot.fan === "right") return { x: spot.x + n * width * 0.3, y: spot.y };
  if (spot.fan === "left") return { x: spot.x - (cards.length - 1 - n) * width * 0.3, y: spot.y };
  if (spot.fan === "waste") {
    const shown = Math.max(0, n - (cards.length - 3));
    return { x: spot.x + shown * width * 0.25, y: spot.y };
  }
  return { x: spot.x, y: spot.y };
}

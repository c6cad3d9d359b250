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
  if (view.layout === "rows") return rowsLayout(view, W, H, g);
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
  rest.forEach((p, r) => { place[p.name] = { x: restX, y: r * (H + g), fan: p.kind === "waste" ? "waste" : "none" }; });
  const rows = Math.max(reserves.length, founds.length, rest.length);
  return { place, width: restX + W * 1.5, height: rows * (H + g) };
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

// Cards drawn as SVG in code: crisp at any size, no image files.

const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RED = new Set(["D", "H"]);
const LABEL = { T: "10" };

/** SVG markup for a face-up card such as "QH" or "TC"; `stacked` puts the corner's suit
 * under its rank, for a card in a fan that shows only a narrow strip of its side. */
export function faceSVG(code, stacked = false) {
  const rank = LABEL[code[0]] ?? code[0];
  const suit = SUITS[code[1]];
  const colour = RED.has(code[1]) ? "#c8102e" : "#1b1b1b";
  const small = `font-family="system-ui,sans-serif" font-weight="700" fill="${colour}"`;
  // Rank and suit side by side in the corner: all a card shows when others lie on it.
  // "10" is squeezed to the width of one wide letter, so that a fan showing a strip of
  // each card shows it whole, as it shows a Q.
  const index = code[0] === "T" ? `<tspan textLength="20" lengthAdjust="spacingAndGlyphs">${rank}</tspan>` : rank;
  const corner = stacked
    ? `<text x="15" y="24" font-size="22" text-anchor="middle" ${small}>${code[0] === "T" ? `<tspan textLength="18" lengthAdjust="spacingAndGlyphs">${rank}</tspan>` : rank}</text>`
      + `<text class="suit" x="15" y="44" font-size="19" text-anchor="middle" ${small}>${suit}</text>`
    : `<text x="6" y="26" font-size="24" ${small}>${index}<tspan class="suit" font-size="21" dx="1">${suit}</tspan></text>`;
  return `<svg viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-label="${rank}${suit}">
  <rect x="1" y="1" width="98" height="138" rx="9" fill="#fffdf7" stroke="#9a9a9a" stroke-width="2"/>
  ${corner}
  <text x="50" y="96" font-size="52" text-anchor="middle" ${small}>${suit}</text>
  <g transform="rotate(180 50 70)">${corner}</g>
</svg>`;
}

/** SVG markup for a card's back. */
export function backSVG() {
  return `<svg viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" aria-label="face-down card">
  <defs><pattern id="lattice" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
  <rect width="10" height="10" fill="#27489b"/><path d="M0 0H10M0 0V10" stroke="#6f8fe0" stroke-width="2"/></pattern></defs>
  <rect x="1" y="1" width="98" height="138" rx="9" fill="#fff" stroke="#9a9a9a" stroke-width="2"/>
  <rect x="7" y="7" width="86" height="126" rx="6" fill="url(#lattice)"/>
</svg>`;
}

/** Words for a card code, for messages and accessibility. */
export function cardName(code) {
  return (LABEL[code[0]] ?? code[0]) + SUITS[code[1]];
}

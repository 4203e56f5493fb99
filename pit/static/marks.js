// The roads' marks in SVG, as the dealer display paints them (ui/display/marks.py): the same
// colours, shapes and sizes (fractions of a cell). Where each cell goes comes from the pit,
// worked out by the project's roads code; this file only draws a mark at a given cell.
"use strict";
const MARKS = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const S = 20; // a cell's side in the drawing's units
  const COLOR = { player: "#1f5fd6", banker: "#d7262b", tie: "#00a08a", red: "#d7262b",
                  blue: "#1f5fd6", natural: "#f7c600", grid: "#c9ced6", paper: "#ffffff",
                  badge: "#1b1b1b" };
  const LETTER = { player: "P", banker: "B", tie: "T" };
  const EZ = { dragon_7: ["7", "#f7c600"], panda_8: ["8", "#ffffff"] };

  function el(name, attrs, parent) {
    const node = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    if (parent) parent.appendChild(node);
    return node;
  }
  function text(parent, x, y, size, fill, content) {
    const node = el("text", { x, y, fill, "font-size": size, "font-weight": "bold",
                              "text-anchor": "middle", "dominant-baseline": "central" }, parent);
    node.textContent = content;
  }
  function ring(g, cx, cy, color, filled) {
    el("circle", { cx, cy, r: S * 0.36, fill: filled ? color : "none", stroke: color,
                   "stroke-width": S * 0.11 }, g);
  }
  function dot(g, cx, cy, color, scale) {
    el("circle", { cx, cy, r: S * scale, fill: color }, g);
  }
  function pairDots(g, x, y, cell) {
    const r = S * 0.11, off = S * 0.5 - r * 1.2, cx = x + S / 2, cy = y + S / 2;
    const rim = { stroke: COLOR.paper, "stroke-width": S * 0.03 };
    if (cell.banker_pair) el("circle", { cx: cx - off, cy: cy - off, r, fill: COLOR.banker, ...rim }, g);
    if (cell.player_pair) el("circle", { cx: cx + off, cy: cy + off, r, fill: COLOR.player, ...rim }, g);
  }
  function ezBadge(g, x, y, badge) {
    if (!EZ[badge]) return;
    const size = S * 0.5, left = x + S * 0.02, top = y + S - size - S * 0.02;
    el("rect", { x: left, y: top, width: size, height: size, rx: size * 0.18,
                 fill: COLOR.badge, stroke: COLOR.paper, "stroke-width": S * 0.03 }, g);
    text(g, left + size / 2, top + size / 2, size * 0.9, EZ[badge][1], EZ[badge][0]);
  }
  function bead(g, x, y, cell) {
    const cx = x + S / 2, cy = y + S / 2;
    el("circle", Object.assign({ cx, cy, r: S * 0.42, fill: COLOR[cell.winner] },
       cell.natural ? { stroke: COLOR.natural, "stroke-width": S * 0.08 } : {}), g);
    text(g, cx, cy, S * 0.5, "#ffffff", LETTER[cell.winner]);
    pairDots(g, x, y, cell);
    ezBadge(g, x, y, cell.badge);
  }
  function bigRoad(g, x, y, cell) {
    const cx = x + S / 2, cy = y + S / 2;
    if (cell.winner) {
      const color = COLOR[cell.winner];
      ring(g, cx, cy, color, cell.natural);
      text(g, cx, cy, S * 0.42, cell.natural ? "#ffffff" : color, LETTER[cell.winner]);
    }
    if (cell.ties) {
      const inset = S * 0.12;
      el("line", { x1: x + inset, y1: y + S - inset, x2: x + S - inset, y2: y + inset,
                   stroke: COLOR.tie, "stroke-width": S * 0.09, "stroke-linecap": "round" }, g);
      if (cell.ties > 1) {
        const r = S * 0.24;
        dot(g, x + S - r, y + r, COLOR.tie, 0.24);
        text(g, x + S - r, y + r, r * 2 * 0.8, "#ffffff", String(cell.ties));
      }
    }
    pairDots(g, x, y, cell);
    ezBadge(g, x, y, cell.badge);
  }
  function derived(road) {
    return (g, x, y, mark) => {
      const cx = x + S / 2, cy = y + S / 2, ink = COLOR[mark.color], blue = mark.color === "blue";
      if (road === "big_eye_boy") {
        ring(g, cx, cy, ink, false);
        if (blue) dot(g, cx, cy, ink, 0.12);
      } else if (road === "small_road") {
        dot(g, cx, cy, ink, 0.36);
        if (blue) dot(g, cx, cy, COLOR.paper, 0.14);
      } else {
        const inset = S * 0.2, low = y + S - inset, high = y + inset;
        el("line", { x1: x + inset, y1: blue ? high : low, x2: x + S - inset, y2: blue ? low : high,
                     stroke: ink, "stroke-width": S * 0.14, "stroke-linecap": "round" }, g);
      }
    };
  }
  const DRAW = { bead_plate: bead, big_road: bigRoad, big_eye_boy: derived("big_eye_boy"),
                 small_road: derived("small_road"), cockroach_pig: derived("cockroach_pig") };

  // A road on its paper with its grid: `cells` as the pit gives them ({col, row, ...}).
  function road(kind, cells, rows, columns) {
    const width = Math.max(columns, ...cells.map(c => c.col + 1));
    const svg = el("svg", { viewBox: `0 0 ${width * S} ${rows * S}`, class: "road " + kind,
                            "data-road": kind, "data-marks": cells.length });
    svg.style.aspectRatio = `${width} / ${rows}`;
    el("rect", { width: width * S, height: rows * S, fill: COLOR.paper }, svg);
    let lines = "";
    for (let c = 1; c < width; c++) lines += `M${c * S} 0V${rows * S}`;
    for (let r = 1; r < rows; r++) lines += `M0 ${r * S}H${width * S}`;
    el("path", { d: lines, stroke: COLOR.grid, "stroke-width": 1, fill: "none" }, svg);
    for (const cell of cells) {
      const g = el("g", { "data-col": cell.col, "data-row": cell.row,
                          "data-mark": cell.winner || cell.color || "tie" }, svg);
      if (EZ[cell.badge]) g.dataset.badge = cell.badge;
      DRAW[kind](g, cell.col * S, cell.row * S, cell);
    }
    return svg;
  }
  // One mark alone (the ask road's), on its own bit of paper.
  function single(kind, mark) {
    return road(kind, mark ? [{ col: 0, row: 0, color: mark }] : [], 1, 1);
  }
  return { road, single, COLOR };
})();

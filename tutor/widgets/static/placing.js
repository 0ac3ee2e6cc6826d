// Placing a held piece by pointing at a grid board. A game's GameUI.placing (tutor/core/game.py) sends this data
// once per held piece; the page previews, turns and flips the piece by itself and sends [orientation, x, y]. The
// kernel asks the engine, which decides: the page knows no rules, only the letters the kernel computed.
//
//   seat            the grid is the SVG element [data-board-seat=<seat>]; its data-cell is one square's size
//   key             the held piece: a new key starts the preview at `start` again
//   width, height   the grid, in squares
//   orients         per orientation, the piece's squares [[dx, dy], ...] from its anchor (the first is its grip)
//   codes           per orientation, one letter per anchor (x, y) at y * width + x: "1" fits there; any other
//                   letter is a kind of refusal, said by reasons[letter]
//   off             the letter for an anchor off the grid (default "b")
//   reasons         {letter: the engine's own words}, "1" too (what a fitting preview says)
//   rotate, flip    per orientation, the orientation after a quarter turn clockwise / a flip left-right
//   start           [o, x, y] where the preview starts, or null
//   fade            optional: a CSS selector of the board's labels that fade while the pointer is over the grid,
//                   so that they do not hide the preview
//   words           {rotate, flip, place, help} for a mouse and {rotate_touch, flip_touch, place_touch,
//                   help_touch} for a touch screen: the buttons' and the help line's texts; nudge (the name of the
//                   row of arrows that move the piece a square) and nudges {left, up, down, right} (each arrow's name)
//
// A preview follows the pointer — green where the piece fits, red with the engine's reason where it does not (and a
// ✓ / ✗ with hatching, dashed and see-through, so it never reads as a placed piece); R turns it, F flips it, the
// arrows move it (the way they point on the screen, however the grid is turned), a click or Enter sends it. On a
// touch screen a tap moves it (or, on the preview not yet tapped,
// shows it where it stands), a drag slides it, a tap on the preview once seen places it, and the Rotate / Flip /
// Place buttons and the four arrows (a square at a time) do the rest. Inlined into the modules that use it (no build
// step).

export function wirePlacing(container, send) {
  const NS = "http://www.w3.org/2000/svg";
  const bar = document.createElement("div");
  bar.className = "tutor-placing";
  bar.hidden = true;
  const help = document.createElement("div");
  help.className = "tutor-placing-help";
  const mkButton = (cls) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tutor-choice " + cls;
    return b;
  };
  const rotate = mkButton("tutor-place-rotate");
  const flip = mkButton("tutor-place-flip");
  const place = mkButton("tutor-place-here");
  const reason = document.createElement("div");
  reason.className = "tutor-place-reason";
  reason.setAttribute("aria-live", "polite");
  const row = document.createElement("div");
  row.className = "tutor-choice-row";
  row.append(rotate, flip, place);
  // A finger is wider than a phone boat's square (15 px): it taps near, and these move the piece one square at a
  // time (shown for a touch screen; a keyboard has its arrows). Two phone readers missed by a row and gave up.
  const nudges = document.createElement("div");
  nudges.className = "tutor-choice-row tutor-place-nudges";
  const NUDGE = [["left", "←", -1, 0], ["up", "↑", 0, -1], ["down", "↓", 0, 1], ["right", "→", 1, 0]];
  const nudgeButtons = NUDGE.map(([name, arrow, dx, dy]) => {
    const b = mkButton("tutor-place-nudge");
    b.textContent = arrow;
    b.dataset.nudge = name;
    b.addEventListener("click", () => { if (!data) return; nudge(dx, dy); seen = true; draw(); ride(); });
    return b;
  });
  nudges.setAttribute("role", "group");
  nudges.append(...nudgeButtons);
  // the engine's reason first, right under the board where the learner just tapped (under the help's four lines on a
  // phone it lay below the screen: red hatching, and the why out of sight), then the buttons; how to point under
  // them, outside the bar, which on a touch screen rides along the screen's bottom edge while the board is in view
  // (tutor.css): the fit and the buttons a screen away from the square just tapped sent readers scrolling up and down
  bar.append(reason, row, nudges);
  container.after(bar, help);

  let data = null, o = 0, ax = 0, ay = 0, grid = null, layer = null;
  // the bar stuck to the screen's foot (tutor.css: sticky on a touch screen), not in its place on the page: lifted
  // off the help that follows it there
  const ridesFoot = () => {
    if (getComputedStyle(bar).position !== "sticky" || help.hidden || !help.getClientRects().length) return false;
    return help.getBoundingClientRect().top - bar.getBoundingClientRect().bottom
      > 4 + (parseFloat(getComputedStyle(bar).marginBottom) || 0) + (parseFloat(getComputedStyle(help).marginTop) || 0);
  };
  // An arrow moves the piece the way it points on the screen. A grid may be drawn turned (Острів котів' boat lies on
  // its side on a phone: its columns run down the screen): the grid step whose direction on the screen is nearest
  // the arrow's is the one taken, read from the grid's own transform.
  const nudge = (sx, sy) => {
    const m = grid && grid.getScreenCTM ? grid.getScreenCTM() : null;
    if (!m) { ax += sx; ay += sy; return; }
    const steps = [[1, 0], [-1, 0], [0, 1], [0, -1]];
    const along = ([dx, dy]) => (m.a * dx + m.c * dy) * sx + (m.b * dx + m.d * dy) * sy;
    const [dx, dy] = steps.reduce((best, q) => (along(q) > along(best) ? q : best));
    ax += dx; ay += dy;
  };
  const codeAt = (oo, x, y) => (x < 0 || y < 0 || x >= data.width || y >= data.height)
    ? (data.off || "b") : data.codes[oo][y * data.width + x];
  const draw = () => {
    if (!data || !grid) return;
    const cell = parseFloat(grid.getAttribute("data-cell"));
    const code = codeAt(o, ax, ay);
    const ok = code === "1";
    // a preview, not a tile: see-through, a dashed outline, and a glyph as well as the colour — ✓ fits; ✗ and a
    // hatching where it does not (colour never alone; a placed piece is solid, with a solid outline)
    const cells = data.orients[o];
    const hatch = ok ? "" : cells.map(([dx, dy]) => {
      const x = (ax + dx) * cell, y = (ay + dy) * cell, h = cell / 2;
      return `M${x} ${y + h}L${x + h} ${y}M${x} ${y + cell}L${x + cell} ${y}M${x + h} ${y + cell}L${x + cell} ${y + h}`;
    }).join("");
    const [gx, gy] = cells[0];
    // on a turned grid the glyph turns back about its square's middle, so it reads upright
    // (read from the drawing's own turn, not the screen's matrix: before the board was laid out that was none, and the
    // first preview's ✓ lay on its side, a reader)
    const m = grid.getCTM ? grid.getCTM() : null;
    const angle = grid.closest && grid.closest("g.turned") ? 90 : m ? Math.round(Math.atan2(m.b, m.a) * 180 / Math.PI) : 0;
    const upright = angle ? ` transform="rotate(${-angle} ${(ax + gx + 0.5) * cell} ${(ay + gy + 0.5) * cell})"` : "";
    const mark = `<text${upright} x="${(ax + gx + 0.5) * cell}" y="${(ay + gy + 0.78) * cell}" text-anchor="middle" ` +
      `font-size="${cell * 0.8}" font-weight="bold" fill="${ok ? "#0b3d14" : "#5c0b08"}" fill-opacity="1" ` +
      `stroke="#ffffff" stroke-width="${cell * 0.12}" paint-order="stroke" class="tutor-place-mark">${ok ? "✓" : "✗"}</text>`;
    layer.innerHTML = cells.map(([dx, dy]) =>
      `<rect x="${(ax + dx) * cell}" y="${(ay + dy) * cell}" width="${cell}" height="${cell}"/>`).join("") +
      (hatch ? `<path d="${hatch}" fill="none" stroke="#5c0b08" stroke-width="1.2" stroke-opacity="0.8" stroke-dasharray="none"/>` : "") +
      mark;
    layer.setAttribute("fill", ok ? "#2e9e44" : "#d0312d");
    layer.setAttribute("fill-opacity", "0.3");
    layer.setAttribute("stroke", ok ? "#14591f" : "#7a1410");
    layer.setAttribute("stroke-width", "2");
    layer.setAttribute("stroke-dasharray", "4 3");
    layer.setAttribute("data-fits", ok ? "true" : "false");
    layer.setAttribute("data-anchor", `${o},${ax},${ay}`);
    reason.textContent = data.reasons[code] || "";
    reason.dataset.fits = ok ? "true" : "false";
    // the words' room never shrinks while one piece is placed: "It fits here." after four lines of a refusal moved
    // Rotate, Flip and the arrows 22-40 px under the finger about to tap one (a reader, stop 58). Not while the bar
    // rides the screen's foot: there its buttons hold still as the words above them change, and the room kept was a
    // blank band over Rotate (a reader, stop 60)
    if (ridesFoot()) reason.style.minHeight = "";
    const tall = reason.getBoundingClientRect().height;
    if (!ridesFoot() && tall > (parseFloat(reason.style.minHeight) || 0)) reason.style.minHeight = `${tall}px`;
    // a piece that does not fit here is not offered to place: the reason above says why (a Place that sent it
    // anyway answered in a box off the screen, and a phone reader saw the button do nothing)
    place.disabled = !ok;
    const was = container.dataset.preview;
    container.dataset.preview = `${o},${ax},${ay},${ok ? 1 : 0}`;
    // the page's other words about the piece (a refusal of where it was) may go once it has moved (play.js)
    if (was !== container.dataset.preview) container.dispatchEvent(new CustomEvent("tutor-preview-moved"));
  };
  // Send the preview's place; the engine applies or refuses it. A refusal is shown in the table's error box,
  // so the reason line under the buttons, which said the same words, is emptied until the preview moves
  // (one sentence said once, not twice).
  const submit = () => {
    if (reason.dataset.fits === "false") reason.textContent = "";
    send([o, ax, ay]);
  };
  // the anchor that puts the piece's first square under grid square (gx, gy)
  const aim = (gx, gy) => {
    const [px, py] = data.orients[o][0];
    ax = gx - px; ay = gy - py;
  };
  const turnTo = (next) => {
    const [px, py] = data.orients[o][0];
    const gx = ax + px, gy = ay + py;
    o = next;
    aim(gx, gy);
    seen = true;
    draw();
  };
  const square = (event) => {
    const svg = grid.ownerSVGElement;
    const m = grid.getScreenCTM();
    if (!svg || !m) return null;
    const pt = svg.createSVGPoint();
    pt.x = event.clientX; pt.y = event.clientY;
    const p = pt.matrixTransform(m.inverse());
    const cell = parseFloat(grid.getAttribute("data-cell"));
    return [Math.floor(p.x / cell), Math.floor(p.y / cell)];
  };
  const onGrid = (event) => grid && event.target && event.target.closest && event.target.closest("[data-board-seat]") === grid;
  // A mouse points and clicks: the preview follows the pointer and a click places it. A finger has no pointing
  // without touching, so on a touch screen a tap moves the preview (its first square under the finger), a finger
  // on the preview drags it (it keeps its grip), and a tap on the preview where it stands places it — the Place
  // button does the same. The mouse's own moves are told apart by pointerType: the mouse events a browser makes
  // up after a tap must not move the preview.
  let touch = typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;
  let grip = null;            // while a finger is down on the grid: [dx, dy] from the anchor, and where it began
  // A finger places only a preview it has seen where it stands: the first tap on the grid shows the preview (moved
  // there, or, on the piece where it starts, left there), and a second tap on it places it. A tap that came as a
  // click with no finger down before it (a touch screen whose browser reports the tap as a mouse click) is a tap
  // all the same: on a phone a first tap placed the tile at once, with no chance to see, turn or flip it
  // (club-teacher review 2026-12-02). A mouse still points and clicks, and R, F, the arrows and Enter still work.
  let seen = false;
  const onPiece = (gx, gy) => data.orients[o].some(([dx, dy]) => ax + dx === gx && ay + dy === gy);
  // the piece's square with the ✓ (its grip, the first): only a tap there places it. A tap on another of its squares
  // moves the ✓ there, as a tap anywhere else does: a learner aiming at a square the green piece happened to cover
  // placed the tile where it stood (a reader, Острів котів' score helper)
  const onCheck = (gx, gy) => ax + data.orients[o][0][0] === gx && ay + data.orients[o][0][1] === gy;
  container.addEventListener("pointermove", (event) => {
    if (!data || !onGrid(event)) return;
    const sq = square(event);
    if (!sq) return;
    // (on a touch screen the mouse moves a browser makes up around a tap do not aim: the tap itself does)
    if (event.pointerType === "mouse") { if (touch) return; aim(sq[0], sq[1]); }
    else if (grip && grip.held) {
      ax = sq[0] - grip.dx; ay = sq[1] - grip.dy; grip.moved = grip.moved || ax !== grip.ax || ay !== grip.ay;
      seen = seen || grip.moved;
    }
    else return;
    draw();
  });
  container.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse") return;
    if (!touch) { touch = true; words(); }
    if (!data || !onGrid(event)) return;
    const sq = square(event);
    if (!sq) return;
    grip = { dx: sq[0] - ax, dy: sq[1] - ay, ax, ay, held: onPiece(sq[0], sq[1]), moved: false };
  });
  // A finger that lands on the preview drags it, and the page must not scroll under it (Chromium honours no
  // touch-action on an SVG group, and the whole board cannot have it: a swipe elsewhere on the board scrolls the
  // lesson as anywhere else). A finger that lands elsewhere on the grid scrolls as usual, or taps.
  container.addEventListener("touchmove", (event) => {
    if (grip && grip.held) event.preventDefault();
  }, { passive: false });
  const letGo = () => { grip = null; };
  container.addEventListener("pointercancel", letGo);
  container.addEventListener("click", (event) => {
    if (!data || !onGrid(event)) { letGo(); return; }
    const sq = square(event);
    if (!sq) return;
    event.preventDefault();
    if (grip) {               // a finger lifted: a tap on the preview where it stood places it, a tap elsewhere
      const { held, moved } = grip;   // moves it there, and the end of a drag leaves it where it was brought
      letGo();
      // a tap on a red preview says why again and places nothing (the help speaks of the green piece; the Place
      // button still sends it, for the engine's whole answer)
      if (held && !moved && onCheck(sq[0], sq[1])) { if (seen && codeAt(o, ax, ay) === "1") submit(); else draw(); }
      else if (!held || !moved) { aim(sq[0], sq[1]); draw(); }
      seen = true;
      ride(moved ? undefined : event.clientY);
      return;
    }
    if (touch) {              // a tap reported as a click: the same two steps, show first, then place
      const on = onCheck(sq[0], sq[1]);
      if (seen && on && codeAt(o, ax, ay) === "1") submit();
      else { if (!on) aim(sq[0], sq[1]); draw(); }
      seen = true;
      ride(event.clientY);
      return;
    }
    aim(sq[0], sq[1]);
    draw();
    submit();
  });
  // R and F by the physical key (event.code), so a Ukrainian or Russian layout («к», «а») turns and flips too;
  // a key event without a code (some synthetic ones) falls back to the letter
  const letter = (event) => event.code === "KeyR" || (!event.code && /^[rR]$/.test(event.key)) ? "r"
    : event.code === "KeyF" || (!event.code && /^[fF]$/.test(event.key)) ? "f" : "";
  const turnKey = (event) => {
    const l = letter(event);
    if (!l || event.ctrlKey || event.metaKey || event.altKey) return false;
    turnTo(l === "r" ? data.rotate[o] : data.flip[o]);
    event.preventDefault();
    return true;
  };
  container.addEventListener("keydown", (event) => {
    if (!data || event.tutorTurned) return;
    const k = event.key;
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (turnKey(event)) return;
    if (moves[k]) { nudge(moves[k][0], moves[k][1]); seen = true; draw(); }
    else if (k === "Enter" && !(event.target.closest && event.target.closest("[data-choice]"))) submit();
    else return;
    event.preventDefault();
  });
  // Pointing at the grid is enough for R and F ("point at the grid … R turns it"): while the pointer is over it,
  // a document-level listener (capture phase, so a focused list of places does not take the letter for its
  // type-ahead) turns and flips the preview wherever the keyboard focus is, even after "Try again" moved it.
  let hovering = false;
  // a label drawn on the grid (a score beside a group of squares) would hide the preview's squares under it: while
  // the pointer is over the grid the labels the game names (data.fade) fade, and they come back when it leaves
  const fade = (on) => {
    if (!grid || !data || !data.fade) return;
    for (const el of grid.querySelectorAll(data.fade)) el.style.opacity = on ? "0.25" : "";
  };
  container.addEventListener("pointerleave", () => { hovering = false; fade(false); });
  container.addEventListener("pointermove", (event) => { hovering = onGrid(event); fade(hovering && !!data); });
  const onDocKey = (event) => {
    if (!data || !hovering || !grid || !container.isConnected) return;
    const t = event.target;
    if (t && t.closest && t.closest("input, textarea, [contenteditable]")) return;   // typing stays typing
    if (turnKey(event)) event.tutorTurned = true;   // the board's own listener must not turn it a second time
  };
  document.addEventListener("keydown", onDocKey, true);
  // a place chosen in the table's list of places where the piece fits moves the preview there too (the list's
  // values are the very (orientation, x, y) anchors the preview sends), so the board and the list never disagree
  const scope = container.parentNode;
  if (scope) scope.addEventListener("change", (event) => {
    const t = event.target;
    if (!data || !grid || !t || t.tagName !== "SELECT") return;
    let v = null;
    try { v = JSON.parse(t.value); } catch (e) { return; }
    if (!Array.isArray(v) || v.length !== 3 || !v.every(Number.isInteger) || !data.orients[v[0]]) return;
    [o, ax, ay] = v;
    draw();
  });
  // the words for the way the learner points: keys and a click for a mouse, taps and a drag for a finger
  const words = () => {
    if (!data) return;
    rotate.textContent = touch ? data.words.rotate_touch : data.words.rotate;
    flip.textContent = touch ? data.words.flip_touch : data.words.flip;
    place.textContent = touch ? data.words.place_touch : data.words.place;
    help.textContent = touch ? data.words.help_touch : data.words.help;
    if (data.words.nudge) nudges.setAttribute("aria-label", data.words.nudge);
    // on a touch screen Place ends the arrows' row: three words in a row did not fit a phone's width
    (touch ? nudges : row).append(place);
    nudgeButtons.forEach((b) => {
      const said = (data.words.nudges || {})[b.dataset.nudge];
      if (said) { b.setAttribute("aria-label", said); b.title = said; }
    });
    bar.dataset.touch = touch ? "true" : "false";
  };
  rotate.addEventListener("click", () => data && turnTo(data.rotate[o]));
  flip.addEventListener("click", () => data && turnTo(data.flip[o]));
  // (not a tap that comes just as the bar rose over the boat or the page moved it: aimed at a square, it landed on
  // "Place here", which had come under the finger, and placed the tile where the learner had not looked, a reader of
  // wave 23)
  let barMovedAt = 0;
  const UNDER_FINGER_MS = 450;
  place.addEventListener("click", () => {
    if (performance.now() - barMovedAt < UNDER_FINGER_MS) return;
    if (data) submit();
  });

  // Once a finger has tapped the boat, the bar rides along the screen's bottom edge (tutor.css), so the fit and the
  // buttons stay in reach without scrolling past the other boats; not before (it then lay over the task's words and
  // the boat a reader was only reading). The boat's squares it would cover scroll up above it, once, so the preview
  // just shown is never under the bar.
  // After a tap the page moves only if the square tapped would lie under the bar, and then just enough: the second
  // tap on that square places the piece, and a page that moved by the whole piece's height (190 px) took that tap
  // to another square (a reader of wave 18); a piece hanging under the bar shows when the learner scrolls.
  const ride = (tapY) => {
    if (!touch || !layer) return;
    if (!bar.classList.contains("tutor-placing-live")) barMovedAt = performance.now();
    bar.classList.add("tutor-placing-live");
    requestAnimationFrame(() => {
      const piece = layer && layer.getBoundingClientRect();
      const edge = bar.getBoundingClientRect().top;
      if (!(piece && piece.height && bar.getBoundingClientRect().bottom >= innerHeight - 80)) return;
      if (typeof tapY === "number") {
        if (tapY > edge - 24) { scrollerOf(container).scrollBy({ top: tapY - edge + 48 }); barMovedAt = performance.now(); }
      } else if (piece.bottom > edge - 8) {
        scrollerOf(container).scrollBy({ top: piece.bottom - edge + 16 });
        barMovedAt = performance.now();
      }
    });
  };

  // A piece the learner has just taken with a tap (the play table's tile) rides at once: the finger is on it, and
  // the buttons below the other boats until a second tap on the boat were out of sight with nothing to say they were
  // there (a reader of wave 21). A piece held from the start (a task's, read first) waits for a tap on the boat.
  let tappedAt = -1e9;
  const tapped = () => { tappedAt = performance.now(); };
  document.addEventListener("pointerdown", tapped, { capture: true, passive: true });
  // after every redraw of the board: the data of the piece held now (null: nothing to place)
  return function update(next) {
    const same = data && next && data.key === next.key;
    const taken = !data && next && performance.now() - tappedAt < 4000;
    if (!same) reason.style.minHeight = "";        // a new piece: its words take the room they need
    data = next || null;
    bar.hidden = help.hidden = !data;
    // never two previews: the last one goes (a refusal or "Try again" may keep the same board drawn)
    for (const old of container.querySelectorAll(".tutor-place-preview")) old.remove();
    layer = null;
    reason.textContent = "";
    delete reason.dataset.fits;
    grid = data ? container.querySelector(`[data-board-seat="${data.seat}"]`) : null;
    if (!data || !grid) { container.removeAttribute("data-preview"); return; }
    if (!container.hasAttribute("tabindex")) container.tabIndex = 0;
    words();
    layer = document.createElementNS(NS, "g");
    layer.setAttribute("class", "tutor-place-preview");
    layer.setAttribute("pointer-events", "none");
    grid.append(layer);
    if (!same && data.start) [o, ax, ay] = data.start;
    if (!same) { seen = false; bar.classList.remove("tutor-placing-live"); }  // a new piece: not seen yet
    fade(hovering);
    draw();
    if (taken) ride();
  };
}

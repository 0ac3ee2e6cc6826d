// Shared by the tutor's anywidget front-ends: SVG symbols installed once per page, and small DOM helpers.
//
// A board's <defs> (cards, tiles, patterns) are the same in every frame of a game and language; the kernel
// sends them once per page under a key, and frames carry only their position. An inline SVG's <use href="#id">
// finds a symbol anywhere in the same document, so the defs live in one hidden <svg> in <body>.
const HAVE = (globalThis.__tutorSvgDefs = globalThis.__tutorSvgDefs || new Set());

export function haveDefs() {
  return [...HAVE];
}

export function installDefs(key, markup) {
  if (!key || HAVE.has(key)) return;
  HAVE.add(key);
  const holder = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  holder.setAttribute("aria-hidden", "true");
  holder.setAttribute("focusable", "false");
  holder.setAttribute("width", "0");
  holder.setAttribute("height", "0");
  // not display:none: some browsers then drop the patterns and gradients that <use> copies refer to
  holder.style.cssText = "position:absolute;width:0;height:0;overflow:hidden";
  holder.dataset.tutorDefs = key;
  holder.innerHTML = markup;
  document.body.appendChild(holder);
}

// A message to the kernel. While the page is being left or reloaded (a film's timer, a late click) the widget's
// comm is already closed and model.send throws "Cannot send": nothing is lost by dropping that message (the kernel
// that would get it is going), so it is dropped rather than left as an uncaught error. Says whether it was sent.
export function sendTo(model, message) {
  try {
    model.send(message);
    return true;
  } catch (err) {
    return false;
  }
}

export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(label, tip, className) {
  const b = el("button", className, label);
  b.type = "button";
  if (tip) b.title = tip;
  return b;
}

// A board is fitted to its column under a height cap that its --tutor-min-height raises (tutor.css): a taller
// board, or one with smaller print, is drawn smaller, so a table's board shrank and grew back move by move. Given
// the box held so far (null at first), this pads the board in `container` to it: its viewBox as tall as the
// tallest board shown (the room below left blank), and the largest height floor (at that height).
// It returns the box to hold next; a board of another width starts afresh.
export function holdBoardBox(container, held) {
  const svg = container.querySelector("svg");
  // a phone board is as wide as the screen whatever its height (one scale): padding it to the tallest board shown
  // only left a blank under it (Острів котів: 100 px once the tile held was laid)
  if (svg && svg.getAttribute("data-layout") === "phone") return null;
  const vb = svg && svg.viewBox && svg.viewBox.baseVal;
  if (!vb || !vb.width || !vb.height) return held;
  if (held && held.width !== vb.width) held = null;
  const px = (name) => parseFloat(svg.style.getPropertyValue(name)) || 0;
  const tall = Math.max(vb.height, held ? held.height : 0);
  const box = {
    width: vb.width,
    height: tall,
    floor: Math.max(px("--tutor-min-height") * tall / vb.height, held ? held.floor * tall / held.height : 0),
  };
  if (vb.height < tall) {
    svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.width} ${tall}`);
    if (svg.hasAttribute("height")) svg.setAttribute("height", String(tall));
  }
  if (box.floor) svg.style.setProperty("--tutor-min-height", `${Math.ceil(box.floor)}px`);
  return box;
}

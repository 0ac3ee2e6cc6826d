// The page as the tutor's front-ends see it, shared by them (inlined into each widget's module and the page's): the
// box it scrolls in, and whether it is a phone's (tutor.css draws a phone's layout under 761 px too).
// Voilà and the static site scroll a box of their own (#rendered_cells), JupyterLab its notebook panel, a plain page
// the window: a scroll made on the window there moves nothing.
export function scrollerOf(node) {
  for (let e = node ? node.parentElement : null; e && e !== document.body; e = e.parentElement) {
    // a few px over its height is a box's own rounding, not a scrolling page
    if (e.scrollHeight > e.clientHeight + 4 && /auto|scroll/.test(getComputedStyle(e).overflowY)) return e;
  }
  return document.scrollingElement || document.documentElement;
}

export function onPhone() {
  return !!window.matchMedia && window.matchMedia("(max-width: 760px)").matches;
}

// A projector's width (tutor.css's own 1,600 px): the contents begin folded there, and a board opens on the whole screen
export function onProjector() {
  return !!window.matchMedia && window.matchMedia("(min-width: 1600px)").matches;
}

// The screen's foot as `node` sees it: above a phone's contents bar along the bottom edge (tutor.css's
// --tutor-bar-space; none elsewhere)
export function screenFoot(node) {
  return innerHeight - (parseFloat(getComputedStyle(node).getPropertyValue("--tutor-bar-space")) || 0);
}
